import type { Logger } from "pino";
import { DeliveryError, enquiryMail, type Mailer, type MailSettings, type Refusal } from "./mail.ts";
import type { OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue } from "./queue.ts";

export interface Backoff {
  /** Wait after the first failed attempt; each later failure doubles it. */
  baseMs: number;
  /** The longest wait between attempts: an enquiry is retried at least this often, forever. */
  maxMs: number;
}

export const defaultBackoff: Backoff = { baseMs: 5_000, maxMs: 10 * 60_000 };

/** "Equal jitter": half the delay fixed, half random, so retries do not march in step. */
export function retryDelay(attempts: number, { baseMs, maxMs }: Backoff, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay / 2 + random() * (delay / 2));
}

interface DeliveryEvents {
  attempted(result: "success" | "failure"): void;
  delivered(record: OutboxRecord, at: Date): void;
  deadLettered(record: OutboxRecord): void;
}

/** Sends whose end went unanswered (each may have arrived) before the dead letters: a duplicate at most. */
const maxUnconfirmed = 2;

interface Waiting {
  record: OutboxRecord;
  dueAt: number;
  /** Sent (or done with); only its mark in the queue is still to be written. */
  mark?: "delivered" | "dead";
}

interface DeliveryOptions {
  outbox: Pick<EnquiryQueue, "update" | "markDelivered" | "markDead">;
  mailer: Mailer;
  mail: MailSettings;
  logger: Logger;
  backoff?: Backoff;
  events: DeliveryEvents;
}

interface Worker extends Required<DeliveryOptions> {
  waiting: Map<string, Waiting>;
  /** Aborted only at a shutdown deadline: cancels the send in flight (nodemailer honours `signal`). */
  givingUp: AbortController;
}

/** One enquiry at a time, oldest first, retrying a temporary failure forever. */
export function createDeliveryWorker(options: DeliveryOptions) {
  const { outbox, mailer, mail, logger, events } = options;
  const backoff = options.backoff ?? defaultBackoff;
  const worker: Worker = {
    outbox,
    mailer,
    mail,
    logger,
    events,
    backoff,
    waiting: new Map(),
    givingUp: new AbortController(),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || running) return;
    const item = nextDue(worker.waiting);
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
    for (
      let item = nextDue(worker.waiting);
      item && !stopped && item.dueAt <= Date.now();
      item = nextDue(worker.waiting)
    ) {
      if (item.mark) await writeMark(worker, item.record, item.mark);
      else await attempt(worker, item);
    }
  }

  return {
    add(record: OutboxRecord, dueAt = Date.now()) {
      // Handed out again (a takeover, a re-read): what this worker knows of it (its backoff, a mark) stands.
      if (stopped || worker.waiting.has(record.id)) return;
      worker.waiting.set(record.id, { record, dueAt });
      schedule();
    },

    waiting(): OutboxRecord[] {
      return [...worker.waiting.values()].map((item) => item.record);
    },

    /** Stops between messages: the current send may finish until `deadline` aborts it. Pending ones stay queued. */
    async stop(deadline?: AbortSignal) {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      if (!running) return;
      const giveUp = () => worker.givingUp.abort(deadline?.reason);
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

function nextDue(waiting: Map<string, Waiting>): Waiting | undefined {
  let first: Waiting | undefined;
  for (const item of waiting.values()) if (!first || item.dueAt < first.dueAt) first = item;
  return first;
}

/** Records the outcome in the queue; if that fails the enquiry waits to be marked again, not to be sent. */
async function writeMark(worker: Worker, record: OutboxRecord, mark: "delivered" | "dead") {
  try {
    if (mark === "delivered") await worker.outbox.markDelivered(record);
    else await worker.outbox.markDead(record);
    worker.waiting.delete(record.id);
    // Told once the queue agrees, so the numbers never show it both delivered and waiting.
    if (mark === "delivered") worker.events.delivered(record, new Date(record.deliveredAt ?? Date.now()));
  } catch (error) {
    const delay = retryDelay(2, worker.backoff);
    worker.waiting.set(record.id, { record, dueAt: Date.now() + delay, mark });
    worker.logger.error(
      { enquiry: record.id, mark, retryInMs: delay, err: error },
      "could not record the enquiry's delivery; trying again (it is not sent again)",
    );
  }
}

async function retryLater(worker: Worker, record: OutboxRecord, reason: string, message: string) {
  record.lastError = reason;
  const delay = retryDelay(record.attempts, worker.backoff);
  worker.waiting.set(record.id, { record, dueAt: Date.now() + delay });
  worker.logger.warn({ enquiry: record.id, attempts: record.attempts, retryInMs: delay, err: reason }, message);
  await worker.outbox.update(record).catch((saveError: unknown) => {
    worker.logger.error({ enquiry: record.id, err: saveError }, "could not save the delivery attempt");
  });
}

async function toDeadLetters(worker: Worker, record: OutboxRecord, reason: string) {
  record.deadReason = reason;
  record.deadAt = new Date().toISOString();
  worker.events.deadLettered(record);
  worker.logger.error(
    { enquiry: record.id, attempts: record.attempts, reason, recipients: record.recipients },
    "enquiry moved to the dead letters: the mail server will not take it; an operator must send it again",
  );
  await writeMark(worker, record, "dead");
}

async function attempt(worker: Worker, { record }: Waiting) {
  const at = new Date();
  let refused: Refusal[];
  try {
    const message = { ...enquiryMail(record, worker.mail), signal: worker.givingUp.signal };
    ({ refused } = await worker.mailer.send(record, message));
  } catch (error) {
    await sendFailed(worker, record, at, error);
    return;
  }
  record.attempts += 1;
  record.lastAttemptAt = at.toISOString();
  await sendAnswered(worker, record, refused);
}

async function sendFailed(worker: Worker, record: OutboxRecord, at: Date, error: unknown) {
  if (worker.givingUp.signal.aborted) {
    // Not the mail server's fault: the attempt is not counted, and the enquiry waits on disk for the next start.
    worker.logger.warn(
      { enquiry: record.id },
      "delivery given up at the shutdown deadline; the enquiry stays in the outbox",
    );
    return;
  }
  record.attempts += 1;
  record.lastAttemptAt = at.toISOString();
  worker.events.attempted("failure");
  const kind = error instanceof DeliveryError ? error.kind : "temporary";
  const reason = error instanceof DeliveryError && error.reply ? error.reply : String((error as Error).message);
  if (kind === "permanent") await toDeadLetters(worker, record, `refused: ${reason}`);
  else if (kind === "unconfirmed") await unconfirmed(worker, record, reason);
  else await retryLater(worker, record, reason, "enquiry delivery failed; will retry");
}

/** The message went out but its end was never answered: it may have arrived, so it goes out at most twice. */
async function unconfirmed(worker: Worker, record: OutboxRecord, reason: string) {
  record.unconfirmed = (record.unconfirmed ?? 0) + 1;
  if (record.unconfirmed >= maxUnconfirmed) {
    await toDeadLetters(
      worker,
      record,
      `the mail server never answered the end of the message (${record.unconfirmed} times); it may have arrived`,
    );
    return;
  }
  await retryLater(
    worker,
    record,
    reason,
    "the mail server did not answer the end of the message; it may have arrived, trying once more",
  );
}

/** Delivered only when every recipient took it; one refused while others took it is retried (4xx) or dead (5xx). */
async function sendAnswered(worker: Worker, record: OutboxRecord, refused: Refusal[]) {
  const later = refused.filter((refusal) => !refusal.permanent);
  const never = [
    ...(record.refusedForGood ?? []),
    ...refused.filter((refusal) => refusal.permanent).map(({ address, reply }) => ({ address, reply })),
  ];
  if (never.length > 0) record.refusedForGood = never;
  // The others have it: only the refused recipients are tried again (with the same message), or are dead letters.
  const unsent = later.length > 0 ? later : never;
  if (unsent.length > 0) {
    worker.events.attempted("failure");
    record.recipients = unsent.map((refusal) => refusal.address);
    const replies = unsent.map((refusal) => `refused ${refusal.address}: ${refusal.reply}`).join("; ");
    if (later.length > 0)
      await retryLater(worker, record, replies, "some recipients refused the enquiry for now; trying them again");
    else await toDeadLetters(worker, record, replies);
    return;
  }
  record.deliveredAt = new Date().toISOString();
  delete record.lastError;
  worker.events.attempted("success");
  worker.logger.info({ enquiry: record.id, attempts: record.attempts, via: worker.mailer.kind }, "enquiry delivered");
  await writeMark(worker, record, "delivered");
}
