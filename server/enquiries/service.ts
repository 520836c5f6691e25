import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { EnquiryHandler } from "../../src/shared/enquiry-api.ts";
import type { MailNumbers } from "../../src/shared/status-report.ts";
import type { Config } from "../config.ts";
import { type Claims, memoryClaims } from "../lib/claims.ts";
import { faultKind } from "../lib/fault-log.ts";
import type { ReadinessCheck } from "../ops/readiness.ts";
import { type Backoff, createDeliveryWorker } from "./delivery.ts";
import { createEnquiryHandler } from "./handler.ts";
import type { Mailer } from "./mail.ts";
import { registerEnquiryMetrics } from "./metrics.ts";
import type { EnquiryQueue } from "./queue.ts";
import { sentNotes } from "./sent-note.ts";
import { createSpamCheck } from "./spam-check.ts";

export interface EnquiryServiceOptions {
  config: Pick<
    Config,
    "MAIL_FROM" | "MAIL_TO" | "OUTBOX_RETENTION_DAYS" | "DEAD_LETTER_RETENTION_DAYS" | "isProduction"
  > & { FORM_SECRET: string };
  logger: Logger;
  metrics: Registry;
  queue: EnquiryQueue;
  mailer: Mailer;
  /** Answered questions and enquiries sent lately: with Redis, every instance's; otherwise this one's memory. */
  claims?: Claims;
  backoff?: Backoff;
}

const sweepEveryMs = 60 * 60_000;

// Joins the enquiry handler and the delivery worker, and gives operators their numbers, metrics and readiness checks.
export function createEnquiryService(options: EnquiryServiceOptions) {
  const { config, logger, queue, mailer } = options;
  const log = logger.child({ module: "enquiries" });
  const delivery: DeliveryRecord = { lastDeliveryAt: null, failingSince: null };
  const stats = () => mailNumbers(queue, mailer, delivery);

  const counts = registerEnquiryMetrics({
    registry: options.metrics,
    logger: log,
    numbers: stats,
    failingSeconds: () => secondsSince(delivery.failingSince),
    queueKind: queue.kind,
  });

  const worker = createDeliveryWorker({
    outbox: queue,
    mailer,
    mail: { from: config.MAIL_FROM, to: config.MAIL_TO },
    logger: log,
    backoff: options.backoff,
    events: {
      attempted: (result) => {
        counts.attempted(result);
        if (result === "success") delivery.failingSince = null;
        else delivery.failingSince ??= new Date();
      },
      delivered: (_record, at) => {
        delivery.lastDeliveryAt = at;
      },
      deadLettered: () => counts.deadLettered(),
    },
  });

  const claims = options.claims ?? memoryClaims();
  const handler: EnquiryHandler = createEnquiryHandler({
    queue,
    spam: createSpamCheck({ secret: config.FORM_SECRET, answered: claims }),
    sent: claims,
    notes: sentNotes({ secret: config.FORM_SECRET, secure: config.isProduction }),
    mailFrom: config.MAIL_FROM,
    counts,
    logger: log,
  });

  const sweep = () => sweepPastRetention(queue, config, log);
  let sweepTimer: NodeJS.Timeout | undefined;
  return {
    ...handler,
    stats,
    readinessChecks: readinessChecks(queue, mailer),

    async start() {
      await queue.start((record) => worker.add(record));
      const resumed = worker.waiting().length;
      if (resumed > 0) log.info({ pending: resumed, queue: queue.kind }, "resuming delivery of pending enquiries");
      await sweep();
      sweepTimer = setInterval(() => void sweep(), sweepEveryMs);
      sweepTimer.unref();
    },

    /** Whatever is still pending stays queued for the next start or another instance. */
    async stop(deadline?: AbortSignal) {
      clearInterval(sweepTimer);
      await worker.stop(deadline);
      await queue.stop();
      mailer.close();
    },
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;

function secondsSince(since: Date | null): number | null {
  return since ? Math.max(0, Math.round((Date.now() - since.getTime()) / 1000)) : null;
}

/** What this instance's delivery last did. */
interface DeliveryRecord {
  lastDeliveryAt: Date | null;
  /** Since when every attempt has failed; null while mail goes out. */
  failingSince: Date | null;
}

async function mailNumbers(queue: EnquiryQueue, mailer: Mailer, delivery: DeliveryRecord): Promise<MailNumbers> {
  const numbers = await queue.numbers();
  const last = [delivery.lastDeliveryAt, numbers.lastDeliveryAt].reduce<Date | null>(
    (latest, at) => (at && (!latest || at > latest) ? at : latest),
    null,
  );
  return {
    delivery: mailer.kind,
    queue: queue.kind,
    outboxDepth: numbers.depth,
    oldestPendingSeconds: secondsSince(numbers.oldestPendingAt),
    lastDeliveryAt: last?.toISOString() ?? null,
    consumer: numbers.consumer,
    deadLetters: numbers.deadLetters,
    failingSeconds: secondsSince(delivery.failingSince),
  };
}

// This instance's outbox is critical (it could not keep an enquiry); the shared queue and the mail server are not:
// every instance shares them, and enquiries wait safely in the outbox meanwhile.
function readinessChecks(queue: EnquiryQueue, mailer: Mailer): ReadinessCheck[] {
  const checkShared = queue.checkShared?.bind(queue);
  return [
    { name: "outbox writable", component: "mail", run: () => queue.checkWritable() },
    ...(checkShared
      ? [{ name: "enquiry queue writable", component: "mail" as const, critical: false, run: checkShared }]
      : []),
    { name: "mail server answers", component: "mail", critical: false, cost: "handshake", run: () => mailer.verify() },
  ];
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);

/** A failed sweep is logged only: the next one removes what this one left. */
async function sweepPastRetention(
  queue: EnquiryQueue,
  retention: Pick<Config, "OUTBOX_RETENTION_DAYS" | "DEAD_LETTER_RETENTION_DAYS">,
  log: Logger,
) {
  try {
    const { delivered, dead } = await queue.sweep({
      delivered: daysAgo(retention.OUTBOX_RETENTION_DAYS),
      dead: daysAgo(retention.DEAD_LETTER_RETENTION_DAYS),
    });
    if (delivered > 0) log.info({ removed: delivered }, "removed delivered enquiries past retention");
    if (dead > 0) log.info({ removed: dead }, "removed dead letters past retention");
  } catch (error) {
    log.error(
      { kind: faultKind(error), reason: (error as Error).message, queue: queue.kind },
      "retention sweep failed",
    );
  }
}
