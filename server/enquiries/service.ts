import path from "node:path";
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";
import { checkEnquiry, type EnquiryDesk, type EnquiryResult, formFields, spamMessage } from "../../src/lib/enquiry.ts";
import type { MailFigures } from "../../src/lib/status-report.ts";
import { site } from "../../src/site.ts";
import type { Config } from "../config.ts";
import { faultKind, faultLog } from "../lib/fault-log.ts";
import type { ReadinessCheck } from "../ops/readiness.ts";
import { type Backoff, createDeliveryWorker } from "./delivery.ts";
import { fileCarrier, type MailCarrier, smtpCarrier } from "./mail.ts";
import { newEnquiryId, type OutboxRecord } from "./outbox.ts";
import { diskQueue, type EnquiryQueue, localQueue } from "./queue.ts";
import { createSpamCheck } from "./spam-check.ts";

const expiredMessage = "The spam question timed out. Please answer the new one.";

export interface EnquiryServiceOptions {
  config: Pick<Config, "DATA_DIR" | "SMTP_URL" | "MAIL_FROM" | "MAIL_TO" | "OUTBOX_RETENTION_DAYS" | "FORM_SECRET">;
  logger: Logger;
  metrics: Registry;
  backoff?: Backoff;
  /** Another way to send mail (tests); by default SMTP_URL, or .eml files without it. */
  carrier?: MailCarrier;
  /** Where accepted enquiries wait: the shared Redis queue when REDIS_URL is set; the disk outbox by default. */
  queue?: EnquiryQueue;
}

const sweepEveryMs = 60 * 60_000;
const gaugeReadingMs = 1_000;
/** When the queue cannot take an enquiry (Redis away, disk full): how long the visitor is asked to wait. */
export const retryAfterSeconds = 60;

/**
 * Enquiries from arrival to inbox: checks them (the shared schema and the spam question), writes each accepted
 * one to the disk outbox before answering, and delivers them in the background. The API and the /contact page
 * (with or without JavaScript) all come through submit().
 */
export async function createEnquiryService(options: EnquiryServiceOptions) {
  const { config, logger, metrics } = options;
  const log = logger.child({ module: "enquiries" });
  const queue = options.queue ?? diskQueue(...outboxOf(config, log));
  const carrier =
    options.carrier ??
    (config.SMTP_URL ? smtpCarrier(config.SMTP_URL) : fileCarrier(path.join(config.DATA_DIR, "mail")));
  const spam = createSpamCheck({ secret: config.FORM_SECRET });
  const messageIdDomain = domainOf(config.MAIL_FROM) ?? `${site.slug}.invalid`;
  let lastDeliveryAt: Date | null = null;
  /** Since when every delivery attempt has failed (none succeeded after it); null while mail goes out. */
  let failingSince: Date | null = null;

  const enquiries = new Counter({
    name: "enquiries_total",
    help: "Enquiries received, by outcome: accepted (in the outbox), invalid, spam, or error (could not be saved).",
    labelNames: ["outcome"] as const,
    registers: [metrics],
  });
  const attempts = new Counter({
    name: "enquiry_delivery_attempts_total",
    help: "Attempts to deliver an enquiry by mail, by result.",
    labelNames: ["result"] as const,
    registers: [metrics],
  });
  const deadLettered = new Counter({
    name: "enquiry_dead_lettered_total",
    help: "Enquiries moved to the dead letters because the mail server refused them (or a recipient) for good.",
    registers: [metrics],
  });
  for (const outcome of ["accepted", "invalid", "spam", "error"]) enquiries.inc({ outcome }, 0);
  for (const result of ["success", "failure"]) attempts.inc({ result }, 0);

  const worker = createDeliveryWorker({
    outbox: queue,
    carrier,
    mail: { from: config.MAIL_FROM, to: config.MAIL_TO },
    logger: log,
    backoff: options.backoff,
    events: {
      attempted: (result) => {
        attempts.inc({ result });
        if (result === "success") failingSince = null;
        else failingSince ??= new Date();
      },
      delivered: (_record, at) => {
        lastDeliveryAt = at;
      },
      deadLettered: () => deadLettered.inc(),
    },
  });

  new Gauge({
    name: "enquiry_outbox_pending",
    help: "Enquiries in the outbox not yet delivered (with REDIS_URL: in the shared queue, by all instances).",
    registers: [metrics],
    async collect() {
      const figures = await gaugeFigures();
      if (figures) this.set(figures.outboxDepth);
    },
  });
  new Gauge({
    name: "enquiry_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest undelivered enquiry in seconds (0 when none waits).",
    registers: [metrics],
    async collect() {
      const figures = await gaugeFigures();
      if (figures) this.set(figures.oldestPendingSeconds ?? 0);
    },
  });
  new Gauge({
    name: "enquiry_queue_holding",
    help: "Enquiries this instance holds for delivery (with REDIS_URL: its consumer's pending entries).",
    registers: [metrics],
    async collect() {
      const figures = await gaugeFigures();
      if (figures) this.set(figures.consumer?.holding ?? figures.outboxDepth);
    },
  });
  new Gauge({
    name: "enquiry_dead_letters",
    help: "Enquiries in the dead letters, waiting for an operator to send them again (docs/operations.md).",
    registers: [metrics],
    async collect() {
      const figures = await gaugeFigures();
      if (figures) this.set(figures.deadLetters);
    },
  });
  new Gauge({
    name: "enquiry_delivery_failing_seconds",
    help: "How long every delivery attempt of this instance has failed (0 while mail goes out).",
    registers: [metrics],
    collect() {
      this.set(failingSince ? Math.round((Date.now() - failingSince.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: "enquiry_last_delivery_timestamp_seconds",
    help: "When an enquiry was last delivered, as a Unix time (0 when the outbox keeps no delivered enquiry).",
    registers: [metrics],
    async collect() {
      const figures = await gaugeFigures();
      if (figures) this.set(figures.lastDeliveryAt ? Date.parse(figures.lastDeliveryAt) / 1000 : 0);
    },
  });

  let gaugeReading: { at: number; figures: Promise<MailFigures | undefined> } | undefined;
  const figuresFault = faultLog(log, "queue figures unavailable", { queue: queue.kind });
  /**
   * The figures for the gauges: one reading serves a whole scrape, and while the queue cannot be read (Redis
   * away) the gauges keep their last values so /metrics still answers (redis_up says why).
   */
  function gaugeFigures(): Promise<MailFigures | undefined> {
    if (!gaugeReading || Date.now() - gaugeReading.at > gaugeReadingMs) {
      const figures = stats().then(
        (value) => {
          figuresFault.ok();
          return value;
        },
        (error: unknown) => {
          figuresFault.fail(error);
          return undefined;
        },
      );
      gaugeReading = { at: Date.now(), figures };
    }
    return gaugeReading.figures;
  }

  /** The figures /status shows and the gauges read, in the status report's shape. */
  async function stats(): Promise<MailFigures> {
    const figures = await queue.figures();
    const oldest = figures.oldestPendingAt?.getTime() ?? null;
    const last = [lastDeliveryAt, figures.lastDeliveryAt].reduce<Date | null>(
      (latest, at) => (at && (!latest || at > latest) ? at : latest),
      null,
    );
    return {
      delivery: carrier.kind,
      queue: queue.kind,
      outboxDepth: figures.depth,
      oldestPendingSeconds: oldest === null ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
      lastDeliveryAt: last?.toISOString() ?? null,
      consumer: figures.consumer,
      deadLetters: figures.deadLetters,
      failingSeconds: failingSince ? Math.max(0, Math.round((Date.now() - failingSince.getTime()) / 1000)) : null,
    };
  }

  /**
   * What /readyz checks of enquiries (decisions 0040, 0190): this instance's outbox takes a new enquiry, critical
   * (it could not keep one); the shared queue and the mail server answer, not critical (every instance shares
   * them, and enquiries wait safely in the outbox meanwhile); the mail server asked at most once per handshake
   * period.
   */
  const checkShared = queue.checkShared?.bind(queue);
  const readinessChecks: ReadinessCheck[] = [
    { name: "outbox writable", component: "mail", run: () => queue.checkWritable() },
    ...(checkShared
      ? [{ name: "enquiry queue writable", component: "mail" as const, critical: false, run: checkShared }]
      : []),
    { name: "mail server answers", component: "mail", critical: false, cost: "handshake", run: () => carrier.verify() },
  ];
  const saving = faultLog(log, "could not write an enquiry to the queue; refusing enquiries", { queue: queue.kind });

  async function accept(fields: Record<string, unknown>, token: unknown): Promise<EnquiryResult> {
    const checked = checkEnquiry(fields);
    if (!checked.ok) {
      enquiries.inc({ outcome: "invalid" });
      return {
        httpStatus: 400,
        answer: { status: "fail", message: checked.message, errors: checked.errors },
        challenge: spam.challengeOf(token),
      };
    }
    const receivedAt = new Date();
    const id = newEnquiryId(receivedAt);
    const record: OutboxRecord = {
      version: 1,
      id,
      messageId: `<enquiry.${id}@${messageIdDomain}>`,
      receivedAt: receivedAt.toISOString(),
      enquiry: checked.enquiry,
      attempts: 0,
    };
    try {
      await queue.add(record);
      saving.ok();
    } catch (error) {
      enquiries.inc({ outcome: "error" });
      saving.fail(error);
      return {
        httpStatus: 503,
        retryAfterSeconds,
        answer: {
          status: "fail",
          message: `Sorry, we couldn't save your enquiry just now. Please try again in a minute, or email us at ${site.email}.`,
        },
        challenge: spam.challengeOf(token),
      };
    }
    enquiries.inc({ outcome: "accepted" });
    log.info({ enquiry: id, need: checked.enquiry.need, queue: queue.kind }, "enquiry accepted");
    const firstName = checked.enquiry.name.split(" ")[0];
    return {
      httpStatus: 200,
      answer: {
        status: "success",
        message: `Thanks, ${firstName}! Your enquiry is safely with us, and a real person will reply within one working day.`,
      },
    };
  }

  const desk: EnquiryDesk = {
    newChallenge: () => spam.issue(),

    async submit(fields) {
      const token = fields[formFields.challenge];
      // The honeypot: a field people never see; bots that fill every input give themselves away.
      const honeypot = fields[formFields.honeypot];
      const filled = typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null;
      const verdict = filled ? "honeypot" : spam.check(token, fields[formFields.answer]);
      if (verdict === "right") return accept(fields, token);

      enquiries.inc({ outcome: "spam" });
      const message = verdict === "expired" ? expiredMessage : spamMessage;
      const checked = checkEnquiry(fields);
      return {
        httpStatus: 403,
        answer: { status: "fail", message, errors: { ...(checked.ok ? {} : checked.errors), answer: message } },
        challenge: spam.issue(),
      };
    },
  };

  let sweepTimer: NodeJS.Timeout | undefined;
  async function sweep() {
    try {
      const cutoff = new Date(Date.now() - config.OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000);
      const { removed } = await queue.sweep(cutoff);
      if (removed > 0) log.info({ removed }, "removed delivered enquiries past retention");
    } catch (error) {
      log.error(
        { kind: faultKind(error), reason: (error as Error).message, queue: queue.kind },
        "retention sweep failed",
      );
    }
  }

  return {
    ...desk,
    stats,
    readinessChecks,

    /** Opens the queue, resumes every pending enquiry it hands this instance, and starts the retention sweep. */
    async start() {
      await queue.start((record) => worker.add(record));
      const resumed = worker.waiting().length;
      if (resumed > 0) log.info({ pending: resumed, queue: queue.kind }, "resuming delivery of pending enquiries");
      await sweep();
      sweepTimer = setInterval(() => void sweep(), sweepEveryMs);
      sweepTimer.unref();
    },

    /**
     * Stops between messages, or gives up the send in flight when `deadline` aborts; whatever is still pending
     * stays queued for the next start or another instance.
     */
    async stop(deadline?: AbortSignal) {
      clearInterval(sweepTimer);
      await worker.stop(deadline);
      await queue.stop();
      carrier.close();
    },
  };
}

export type EnquiryService = Awaited<ReturnType<typeof createEnquiryService>>;

/** This instance's outbox under DATA_DIR: its folder, and what to do with a file that is not a record. */
export function outboxOf(
  config: Pick<Config, "DATA_DIR">,
  log: Logger,
): [string, (file: string, error: unknown) => void] {
  return [
    path.join(config.DATA_DIR, "outbox"),
    (file, error) => log.error({ file, err: error }, "an outbox file is not valid JSON; left in place, not sent"),
  ];
}

/** This instance's outbox as the fallback behind the shared queue wants it (services.ts). */
export function localOutbox(config: Pick<Config, "DATA_DIR">, log: Logger) {
  return localQueue(...outboxOf(config, log));
}

/** The domain of the sender's address, for Message-IDs: "Site <web@example.com>" → "example.com". */
export function domainOf(address: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1];
}
