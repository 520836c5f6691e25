import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { EnquiryDesk } from "../../src/lib/enquiry-desk.ts";
import type { MailFigures } from "../../src/lib/status-report.ts";
import type { Config } from "../config.ts";
import { faultKind } from "../lib/fault-log.ts";
import type { ReadinessCheck } from "../ops/readiness.ts";
import { type Backoff, createDeliveryWorker } from "./delivery.ts";
import { createEnquiryDesk } from "./desk.ts";
import type { Mailer } from "./mail.ts";
import { registerEnquiryMetrics } from "./metrics.ts";
import type { EnquiryQueue } from "./queue.ts";
import { createSpamCheck } from "./spam-check.ts";

export interface EnquiryServiceOptions {
  config: Pick<Config, "MAIL_FROM" | "MAIL_TO" | "OUTBOX_RETENTION_DAYS" | "FORM_SECRET">;
  logger: Logger;
  metrics: Registry;
  queue: EnquiryQueue;
  mailer: Mailer;
  backoff?: Backoff;
}

const sweepEveryMs = 60 * 60_000;

// Joins the desk and the delivery worker, and gives operators their figures, metrics and readiness checks.
export function createEnquiryService(options: EnquiryServiceOptions) {
  const { config, logger, queue, mailer } = options;
  const log = logger.child({ module: "enquiries" });
  let lastDeliveryAt: Date | null = null;
  /** Since when every attempt has failed; null while mail goes out. */
  let failingSince: Date | null = null;

  const counts = registerEnquiryMetrics({
    registry: options.metrics,
    logger: log,
    figures: stats,
    failingSeconds: () => secondsSince(failingSince),
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
        if (result === "success") failingSince = null;
        else failingSince ??= new Date();
      },
      delivered: (_record, at) => {
        lastDeliveryAt = at;
      },
      deadLettered: () => counts.deadLettered(),
    },
  });

  const desk: EnquiryDesk = createEnquiryDesk({
    queue,
    spam: createSpamCheck({ secret: config.FORM_SECRET }),
    mailFrom: config.MAIL_FROM,
    counts,
    logger: log,
  });

  async function stats(): Promise<MailFigures> {
    const figures = await queue.figures();
    const last = [lastDeliveryAt, figures.lastDeliveryAt].reduce<Date | null>(
      (latest, at) => (at && (!latest || at > latest) ? at : latest),
      null,
    );
    return {
      delivery: mailer.kind,
      queue: queue.kind,
      outboxDepth: figures.depth,
      oldestPendingSeconds: secondsSince(figures.oldestPendingAt),
      lastDeliveryAt: last?.toISOString() ?? null,
      consumer: figures.consumer,
      deadLetters: figures.deadLetters,
      failingSeconds: secondsSince(failingSince),
    };
  }

  // This instance's outbox is critical (it could not keep an enquiry); the shared queue and the mail server are not:
  // every instance shares them, and enquiries wait safely in the outbox meanwhile.
  const checkShared = queue.checkShared?.bind(queue);
  const readinessChecks: ReadinessCheck[] = [
    { name: "outbox writable", component: "mail", run: () => queue.checkWritable() },
    ...(checkShared
      ? [{ name: "enquiry queue writable", component: "mail" as const, critical: false, run: checkShared }]
      : []),
    { name: "mail server answers", component: "mail", critical: false, cost: "handshake", run: () => mailer.verify() },
  ];

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
