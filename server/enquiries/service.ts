import path from "node:path";
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";
import { checkEnquiry, type EnquiryDesk, type EnquiryResult, spamMessage } from "../../src/lib/enquiry.ts";
import { site } from "../../src/site.ts";
import type { Config } from "../config.ts";
import { type Backoff, createDeliveryWorker } from "./delivery.ts";
import { fileCarrier, type MailCarrier, smtpCarrier } from "./mail.ts";
import { createOutbox, newEnquiryId, type OutboxRecord } from "./outbox.ts";
import { createSpamCheck } from "./spam-check.ts";

/** The honeypot: a field people never see; bots that fill every input give themselves away. */
export const honeypotField = "website";
/** The spam question's token and the visitor's answer, sent beside the ten enquiry fields. */
export const challengeField = "challenge";
export const answerField = "answer";

const expiredMessage = "The spam question timed out. Please answer the new one.";

export interface EnquiryStats {
  /** Where mail goes: an SMTP server, or .eml files in DATA_DIR/mail. */
  delivery: "smtp" | "files";
  pending: number;
  /** Seconds since the oldest undelivered enquiry arrived; null when none waits. */
  oldestPendingAgeSeconds: number | null;
  /** When the last enquiry was delivered (ISO time), from the outbox's delivered records; null if none is kept. */
  lastDeliveredAt: string | null;
}

export interface ReadinessCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface EnquiryServiceOptions {
  config: Pick<Config, "DATA_DIR" | "SMTP_URL" | "MAIL_FROM" | "MAIL_TO" | "OUTBOX_RETENTION_DAYS" | "FORM_SECRET">;
  logger: Logger;
  metrics: Registry;
  backoff?: Backoff;
  /** Another way to send mail (tests); by default SMTP_URL, or .eml files without it. */
  carrier?: MailCarrier;
}

const mailCheckTtlMs = 30_000;
const sweepEveryMs = 60 * 60_000;

/**
 * Enquiries from arrival to inbox: checks them (the shared schema and the spam question), writes each accepted
 * one to the disk outbox before answering, and delivers them in the background. The API and the /contact page
 * (with or without JavaScript) all come through submit().
 */
export async function createEnquiryService(options: EnquiryServiceOptions) {
  const { config, logger, metrics } = options;
  const log = logger.child({ module: "enquiries" });
  const outbox = createOutbox(path.join(config.DATA_DIR, "outbox"), (file, error) =>
    log.error({ file, err: error }, "an outbox file is not valid JSON; left in place, not sent"),
  );
  const carrier =
    options.carrier ??
    (config.SMTP_URL ? smtpCarrier(config.SMTP_URL) : fileCarrier(path.join(config.DATA_DIR, "mail")));
  const spam = createSpamCheck({ secret: config.FORM_SECRET });
  const messageIdDomain = domainOf(config.MAIL_FROM) ?? `${site.slug}.invalid`;
  let lastDeliveredAt: Date | null = null;

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
  for (const outcome of ["accepted", "invalid", "spam", "error"]) enquiries.inc({ outcome }, 0);
  for (const result of ["success", "failure"]) attempts.inc({ result }, 0);

  const worker = createDeliveryWorker({
    outbox,
    carrier,
    mail: { from: config.MAIL_FROM, to: config.MAIL_TO },
    logger: log,
    backoff: options.backoff,
    events: {
      attempted: (result) => attempts.inc({ result }),
      delivered: (_record, at) => {
        lastDeliveredAt = at;
      },
    },
  });

  new Gauge({
    name: "enquiry_outbox_pending",
    help: "Enquiries in the outbox not yet delivered.",
    registers: [metrics],
    collect() {
      this.set(worker.waiting().length);
    },
  });
  new Gauge({
    name: "enquiry_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest undelivered enquiry in seconds (0 when none waits).",
    registers: [metrics],
    collect() {
      this.set(stats().oldestPendingAgeSeconds ?? 0);
    },
  });
  new Gauge({
    name: "enquiry_last_delivery_timestamp_seconds",
    help: "When an enquiry was last delivered, as a Unix time (0 when the outbox keeps no delivered enquiry).",
    registers: [metrics],
    collect() {
      this.set(lastDeliveredAt ? lastDeliveredAt.getTime() / 1000 : 0);
    },
  });

  function stats(): EnquiryStats {
    const waiting = worker.waiting();
    const oldest = waiting.reduce<number | null>((min, record) => {
      const at = Date.parse(record.receivedAt);
      return min === null || at < min ? at : min;
    }, null);
    return {
      delivery: carrier.kind,
      pending: waiting.length,
      oldestPendingAgeSeconds: oldest === null ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
      lastDeliveredAt: lastDeliveredAt?.toISOString() ?? null,
    };
  }

  let mailCheck: { at: number; result: Promise<ReadinessCheck> } | undefined;

  async function checkMail(): Promise<ReadinessCheck> {
    const name = carrier.kind === "smtp" ? "smtp" : "mail-folder";
    // Readiness probes come every few seconds; one SMTP handshake per 30 s is plenty.
    if (!mailCheck || Date.now() - mailCheck.at > mailCheckTtlMs) {
      const result = carrier.verify().then(
        () => ({ name, ok: true, detail: carrier.kind === "smtp" ? "SMTP server answers" : "mail folder writable" }),
        (error: unknown) => ({ name, ok: false, detail: error instanceof Error ? error.message : String(error) }),
      );
      mailCheck = { at: Date.now(), result };
    }
    return mailCheck.result;
  }

  async function checkOutbox(): Promise<ReadinessCheck> {
    try {
      await outbox.checkWritable();
      return { name: "outbox", ok: true, detail: "outbox writable" };
    } catch (error) {
      return { name: "outbox", ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async function accept(fields: Record<string, unknown>, token: unknown): Promise<EnquiryResult> {
    const checked = checkEnquiry(fields);
    if (!checked.ok) {
      spam.release(token);
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
      await outbox.add(record);
    } catch (error) {
      spam.release(token);
      enquiries.inc({ outcome: "error" });
      log.error({ err: error }, "could not write an enquiry to the outbox");
      return {
        httpStatus: 503,
        answer: {
          status: "fail",
          message: `Sorry, we couldn't save your enquiry just now. Please try again in a minute, or email us at ${site.email}.`,
        },
        challenge: spam.challengeOf(token),
      };
    }
    enquiries.inc({ outcome: "accepted" });
    log.info({ enquiry: id, need: checked.enquiry.need }, "enquiry accepted");
    worker.add(record);
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
      const token = fields[challengeField];
      const honeypot = fields[honeypotField];
      const filled = typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null;
      const verdict = filled ? "honeypot" : spam.check(token, fields[answerField]);
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
      const { removed, lastDeliveredAt: lastKept } = await outbox.sweep(cutoff);
      // After a restart, the status page still knows when mail last went out.
      if (lastKept && (!lastDeliveredAt || lastKept > lastDeliveredAt)) lastDeliveredAt = lastKept;
      if (removed > 0) log.info({ removed }, "removed delivered enquiries past retention");
    } catch (error) {
      log.error({ err: error }, "outbox retention sweep failed");
    }
  }

  return {
    ...desk,
    stats,
    /** Readiness checks for /readyz: the outbox folder is writable, and mail can go out (cached 30 s). */
    async readiness(): Promise<ReadinessCheck[]> {
      return Promise.all([checkOutbox(), checkMail()]);
    },
    checkOutbox,
    checkMail,

    /** Opens the outbox, resumes every pending enquiry, and starts the retention sweep. */
    async start() {
      await outbox.open();
      const pending = await outbox.pending();
      for (const record of pending) worker.add(record);
      if (pending.length > 0) log.info({ pending: pending.length }, "resuming delivery of pending enquiries");
      await sweep();
      sweepTimer = setInterval(() => void sweep(), sweepEveryMs);
      sweepTimer.unref();
    },

    /**
     * Stops between messages, or gives up the send in flight when `deadline` aborts; whatever is still pending
     * stays in the outbox for the next start.
     */
    async stop(deadline?: AbortSignal) {
      clearInterval(sweepTimer);
      await worker.stop(deadline);
      carrier.close();
    },
  };
}

export type EnquiryService = Awaited<ReturnType<typeof createEnquiryService>>;

/** The domain of the sender's address, for Message-IDs: "Site <web@example.com>" → "example.com". */
export function domainOf(address: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1];
}
