import type { Logger } from "pino";
import { enquiryMail, type MailCarrier, type MailSettings } from "./mail.ts";
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
}

interface Waiting {
  record: OutboxRecord;
  dueAt: number;
}

/**
 * Sends what the outbox holds, one enquiry at a time, oldest first. A failure keeps the enquiry pending and
 * tries again after a growing, jittered wait; nothing is ever dropped. stop() lets the current send finish, or
 * gives it up at a deadline (the enquiry stays in the outbox for the next start).
 */
export function createDeliveryWorker(options: {
  outbox: Pick<EnquiryQueue, "update" | "markDelivered">;
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
      await attempt(item);
    }
  }

  async function attempt({ record }: Waiting) {
    const at = new Date();
    try {
      await carrier.send(record, { ...enquiryMail(record, mail), signal: givingUp.signal });
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
      record.lastError = error instanceof Error ? error.message : String(error);
      const delay = retryDelay(record.attempts, backoff);
      waiting.set(record.id, { record, dueAt: Date.now() + delay });
      events.attempted("failure");
      logger.warn(
        { enquiry: record.id, attempts: record.attempts, retryInMs: delay, err: record.lastError },
        "enquiry delivery failed; will retry",
      );
      await outbox.update(record).catch((saveError: unknown) => {
        logger.error({ enquiry: record.id, err: saveError }, "could not save the delivery attempt");
      });
      return;
    }
    record.attempts += 1;
    record.lastAttemptAt = at.toISOString();
    record.deliveredAt = new Date().toISOString();
    delete record.lastError;
    waiting.delete(record.id);
    events.attempted("success");
    events.delivered(record, new Date(record.deliveredAt));
    logger.info({ enquiry: record.id, attempts: record.attempts, via: carrier.kind }, "enquiry delivered");
    try {
      await outbox.markDelivered(record);
    } catch (error) {
      // Still in pending/: a restart sends it again with the same Message-ID (at least once, never lost).
      logger.error({ enquiry: record.id, err: error }, "delivered, but could not move it out of pending");
    }
  }

  return {
    /** Takes on an enquiry the outbox already holds, to send as soon as the worker is free. */
    add(record: OutboxRecord, dueAt = Date.now()) {
      if (stopped) return;
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
