import type { Logger } from "pino";
import { DeliveryError, enquiryMail, type MailCarrier, type MailSettings, type Refusal } from "./mail.ts";
import type { OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue } from "./queue.ts";

export interface Backoff {
  /** Wait after the first failed attempt; each later failure doubles it. */
  baseMs: number;
  /** The longest wait between attempts: an enquiry is retried at least this often, forever. */
  maxMs: number;
}

export const defaultBackoff: Backoff = { baseMs: 5_000, maxMs: 10 * 60_000 };

/** Exponential backoff with "equal jitter": half the delay fixed, half random, so retries do not march in step. */
export function retryDelay(attempts: number, { baseMs, maxMs }: Backoff, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay / 2 + random() * (delay / 2));
}

export interface DeliveryEvents {
  attempted(result: "success" | "failure"): void;
  delivered(record: OutboxRecord, at: Date): void;
  /** Moved to the dead letters: the mail server refused it (or some recipients) for good. */
  deadLettered(record: OutboxRecord): void;
}

/**
 * How many times a whole message may go out without the server answering its end (it may have arrived each time)
 * before it is moved to the dead letters for an operator: a duplicate at most, never a stream of them.
 */
export const maxUnconfirmed = 2;

interface Waiting {
  record: OutboxRecord;
  dueAt: number;
  /** Sent (or done with); only its mark in the queue is still to be written. */
  mark?: "delivered" | "dead";
}

/**
 * Sends what the queue hands this instance, one enquiry at a time, oldest first (decision 0191). A temporary
 * failure (4xx, no connection) keeps the enquiry and tries again after a growing, jittered wait, forever; a
 * permanent refusal (5xx) moves it to the dead letters; a message whose end went unanswered is tried again at most
 * `maxUnconfirmed` times. A recipient refused while others took the message is retried on its own (4xx) or
 * dead-lettered (5xx): an enquiry is "delivered" only when every recipient took it. A mark the queue could not
 * write is tried again, never the send. stop() lets the current send finish, or gives it up at a deadline.
 */
export function createDeliveryWorker(options: {
  outbox: Pick<EnquiryQueue, "update" | "markDelivered" | "markDead">;
  carrier: MailCarrier;
  mail: MailSettings;
  logger: Logger;
  backoff?: Backoff;
  events: DeliveryEvents;
}) {
  const { outbox, carrier, mail, logger, events } = options;
  const backoff = options.backoff ?? defaultBackoff;
  const waiting = new Map<string, Waiting>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  // Aborted only at a shutdown deadline: cancels the send in flight (nodemailer honours `signal`).
  const givingUp = new AbortController();

  function next(): Waiting | undefined {
    let first: Waiting | undefined;
    for (const item of waiting.values()) if (!first || item.dueAt < first.dueAt) first = item;
    return first;
  }

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || running) return;
    const item = next();
    if (!item) return;
    const wait = Math.max(0, item.dueAt - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      running = drain().finally(() => {
        running = undefined;
        schedule();
      });
    }, wait);
    timer.unref();
  }

  async function drain() {
    for (let item = next(); item && !stopped && item.dueAt <= Date.now(); item = next()) {
      if (item.mark) await writeMark(item.record, item.mark);
      else await attempt(item);
    }
  }

  /** Records the outcome in the queue; if that fails the enquiry waits to be marked again, not to be sent. */
  async function writeMark(record: OutboxRecord, mark: "delivered" | "dead") {
    try {
      if (mark === "delivered") await outbox.markDelivered(record);
      else await outbox.markDead(record);
      waiting.delete(record.id);
      // Told once the queue agrees, so the figures never show it both delivered and waiting.
      if (mark === "delivered") events.delivered(record, new Date(record.deliveredAt ?? Date.now()));
    } catch (error) {
      const delay = retryDelay(2, backoff);
      waiting.set(record.id, { record, dueAt: Date.now() + delay, mark });
      logger.error(
        { enquiry: record.id, mark, retryInMs: delay, err: error },
        "could not record the enquiry's delivery; trying again (it is not sent again)",
      );
    }
  }

  /** A failed attempt that is worth trying again: counted, saved, and scheduled after the backoff. */
  async function retryLater(record: OutboxRecord, reason: string, message: string) {
    record.lastError = reason;
    const delay = retryDelay(record.attempts, backoff);
    waiting.set(record.id, { record, dueAt: Date.now() + delay });
    logger.warn({ enquiry: record.id, attempts: record.attempts, retryInMs: delay, err: reason }, message);
    await outbox.update(record).catch((saveError: unknown) => {
      logger.error({ enquiry: record.id, err: saveError }, "could not save the delivery attempt");
    });
  }

  async function toDeadLetters(record: OutboxRecord, reason: string) {
    record.deadReason = reason;
    record.deadAt = new Date().toISOString();
    events.deadLettered(record);
    logger.error(
      { enquiry: record.id, attempts: record.attempts, reason, recipients: record.recipients },
      "enquiry moved to the dead letters: the mail server will not take it; an operator must send it again",
    );
    await writeMark(record, "dead");
  }

  async function attempt({ record }: Waiting) {
    const at = new Date();
    let refused: Refusal[];
    try {
      ({ refused } = await carrier.send(record, { ...enquiryMail(record, mail), signal: givingUp.signal }));
    } catch (error) {
      if (givingUp.signal.aborted) {
        // Not the mail server's fault: the attempt is not counted, and the enquiry waits on disk for the next start.
        logger.warn(
          { enquiry: record.id },
          "delivery given up at the shutdown deadline; the enquiry stays in the outbox",
        );
        return;
      }
      record.attempts += 1;
      record.lastAttemptAt = at.toISOString();
      events.attempted("failure");
      const kind = error instanceof DeliveryError ? error.kind : "temporary";
      const reason = error instanceof DeliveryError && error.reply ? error.reply : String((error as Error).message);
      if (kind === "permanent") {
        await toDeadLetters(record, `refused: ${reason}`);
        return;
      }
      if (kind === "unconfirmed") {
        record.unconfirmed = (record.unconfirmed ?? 0) + 1;
        if (record.unconfirmed >= maxUnconfirmed) {
          await toDeadLetters(
            record,
            `the mail server never answered the end of the message (${record.unconfirmed} times); it may have arrived`,
          );
          return;
        }
        await retryLater(
          record,
          reason,
          "the mail server did not answer the end of the message; it may have arrived, trying once more",
        );
        return;
      }
      await retryLater(record, reason, "enquiry delivery failed; will retry");
      return;
    }
    record.attempts += 1;
    record.lastAttemptAt = at.toISOString();
    const later = refused.filter((refusal) => !refusal.permanent);
    const never = [
      ...(record.refusedForGood ?? []),
      ...refused.filter((refusal) => refusal.permanent).map(({ address, reply }) => ({ address, reply })),
    ];
    if (never.length > 0) record.refusedForGood = never;
    if (later.length > 0) {
      // The others have it: only the refused recipients are tried again (4xx), the same message.
      events.attempted("failure");
      record.recipients = later.map((refusal) => refusal.address);
      await retryLater(
        record,
        later.map((refusal) => `${refusal.address}: ${refusal.reply}`).join("; "),
        "some recipients refused the enquiry for now; trying them again",
      );
      return;
    }
    if (never.length > 0) {
      events.attempted("failure");
      record.recipients = never.map((refusal) => refusal.address);
      await toDeadLetters(record, never.map((refusal) => `refused ${refusal.address}: ${refusal.reply}`).join("; "));
      return;
    }
    record.deliveredAt = new Date().toISOString();
    delete record.lastError;
    events.attempted("success");
    logger.info({ enquiry: record.id, attempts: record.attempts, via: carrier.kind }, "enquiry delivered");
    await writeMark(record, "delivered");
  }

  return {
    /** Takes on an enquiry the outbox already holds, to send as soon as the worker is free. */
    add(record: OutboxRecord, dueAt = Date.now()) {
      // Handed out again (a takeover, a re-read): what this worker knows of it (its backoff, a mark) stands.
      if (stopped || waiting.has(record.id)) return;
      waiting.set(record.id, { record, dueAt });
      schedule();
    },

    /** The enquiries still to send (for the pending gauge and the age of the oldest). */
    waiting(): OutboxRecord[] {
      return [...waiting.values()].map((item) => item.record);
    },

    /**
     * Stops between messages: nothing new starts, and the current send may finish until `deadline` aborts, when
     * it is given up. Pending ones stay on disk.
     */
    async stop(deadline?: AbortSignal) {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      if (!running) return;
      const giveUp = () => givingUp.abort(deadline?.reason);
      if (deadline?.aborted) giveUp();
      deadline?.addEventListener("abort", giveUp, { once: true });
      try {
        await running;
      } finally {
        deadline?.removeEventListener("abort", giveUp);
      }
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
