import type { Logger } from "pino";
import { untilAborted } from "../lib/abort.ts";
import { faultLog } from "../lib/fault-log.ts";
import type { Outbox, OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue, QueueFigures, SharedQueue } from "./queue.ts";

export interface FallbackQueueOptions {
  /** The queue every instance shares (Redis), which can say what became of the enquiries given to it. */
  shared: SharedQueue;
  /** This instance's own disk outbox, as a queue, and the outbox behind it. */
  local: { queue: EnquiryQueue; outbox: Outbox };
  logger: Logger;
  /** How long an enquiry waits for the shared queue before it is kept here instead. */
  addTimeoutMs?: number;
  /** How often the receipts of enquiries handed to the shared queue are checked against it (decision 0198). */
  receiptCheckMs?: number;
}

const defaultAddTimeoutMs = 2_000;
const defaultReceiptCheckMs = 5_000;

/**
 * The shared queue with this instance's own outbox behind it (decision 0190). An enquiry goes to the shared queue;
 * when that cannot take it (Redis away, read-only, slow), it is written to the outbox (fsynced, as in a single
 * instance) and delivered from here, so the visitor is refused only when neither can store it. Whatever the
 * outbox holds at a graceful stop is handed to the shared queue when it answers, so an instance on a passing disk
 * (a Kubernetes emptyDir) leaves nothing behind; after a crash the outbox is read again at the next start.
 *
 * And Redis may lose what it acknowledged (a restart without persistence, a failover to a replica that had not
 * caught up, a flush): so each enquiry handed to it also leaves a receipt in the outbox (`handed/`, fsynced)
 * until the shared queue says it is done; one it no longer knows is handed to it again, with its Message-ID
 * (decision 0198).
 */
export function fallbackQueue({
  shared,
  local,
  logger,
  addTimeoutMs = defaultAddTimeoutMs,
  receiptCheckMs = defaultReceiptCheckMs,
}: FallbackQueueOptions) {
  /** The enquiries this instance holds from its own outbox, by id: their marks go there. */
  const localIds = new Set<string>();
  /** Enquiries this instance handed to the shared queue and has a receipt for, until the queue says they are done. */
  const receipts = new Map<string, OutboxRecord>();
  let sharedFailing: string | undefined;
  let receiptTimer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  const receiptWrite = faultLog(logger, "could not keep a receipt of an enquiry handed to the shared queue");
  const receiptCheck = faultLog(logger, "could not check the enquiries handed to the shared queue");

  const holder = (record: OutboxRecord) => (localIds.has(record.id) ? local.queue : shared);

  async function keepHere(record: OutboxRecord, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    if (sharedFailing === undefined) {
      logger.warn({ reason }, "the shared enquiry queue cannot take enquiries; keeping them in this instance's outbox");
    }
    sharedFailing = reason;
    await local.queue.add(record);
  }

  const queue: EnquiryQueue = {
    kind: "redis",

    async start(deliver) {
      await local.queue.start((record) => {
        localIds.add(record.id);
        deliver(record);
      });
      if (localIds.size > 0) logger.info({ pending: localIds.size }, "enquiries kept in this instance's outbox");
      for (const record of await local.outbox.receipts()) receipts.set(record.id, record);
      // Dropped as soon as any instance delivers it, so a Redis that loses everything just after is not handed a
      // delivered enquiry again; the check every few seconds covers a missed message.
      shared.onDone((id) => {
        if (!receipts.delete(id)) return;
        local.outbox.dropReceipt(id).catch((error: unknown) => receiptWrite.fail(error));
      });
      await shared.start(deliver);
      receiptTimer = setInterval(() => void checkReceipts(), receiptCheckMs);
      receiptTimer.unref();
      void checkReceipts();
    },

    async add(record) {
      // The receipt first: should Redis lose the enquiry after acknowledging it, this copy is handed to it again.
      // Without it (a full disk) the enquiry still goes to Redis, which is then its only copy.
      let receipt = false;
      try {
        await local.outbox.keepReceipt(record);
        receiptWrite.ok();
        receipt = true;
      } catch (error) {
        receiptWrite.fail(error);
      }
      try {
        await untilAborted(shared.add(record), AbortSignal.timeout(addTimeoutMs));
      } catch (error) {
        // A write that timed out may still land in Redis: then it is sent twice, with the same Message-ID.
        try {
          await keepHere(record, error);
        } finally {
          if (receipt) await local.outbox.dropReceipt(record.id).catch(() => {});
        }
        return;
      }
      if (receipt) receipts.set(record.id, record);
      if (sharedFailing !== undefined) logger.info("the shared enquiry queue takes enquiries again");
      sharedFailing = undefined;
    },

    update: (record) => holder(record).update(record),

    async markDelivered(record) {
      await holder(record).markDelivered(record);
      localIds.delete(record.id);
    },

    async markDead(record) {
      await holder(record).markDead(record);
      localIds.delete(record.id);
    },

    async sweep(olderThan) {
      const [here, there] = await Promise.allSettled([local.queue.sweep(olderThan), shared.sweep(olderThan)]);
      if (there.status === "rejected") throw there.reason;
      if (here.status === "rejected") throw here.reason;
      return { removed: here.value.removed + there.value.removed };
    },

    async figures(): Promise<QueueFigures> {
      const [here, there] = await Promise.all([local.queue.figures(), shared.figures()]);
      const oldest = [here.oldestPendingAt, there.oldestPendingAt].filter((at): at is Date => at !== null);
      const last = [here.lastDeliveryAt, there.lastDeliveryAt].filter((at): at is Date => at !== null);
      return {
        kind: "redis",
        depth: here.depth + there.depth,
        oldestPendingAt: oldest.length > 0 ? new Date(Math.min(...oldest.map(Number))) : null,
        lastDeliveryAt: last.length > 0 ? new Date(Math.max(...last.map(Number))) : null,
        consumer: there.consumer && { ...there.consumer, holding: there.consumer.holding + here.depth },
        deadLetters: here.deadLetters + there.deadLetters,
      };
    },

    // What this instance needs to keep an enquiry: its own outbox (critical); the shared queue is checked apart.
    checkWritable: () => local.queue.checkWritable(),
    checkShared: () => shared.checkWritable(),

    async stop() {
      clearInterval(receiptTimer);
      await checking;
      await shared.stop();
      await local.queue.stop();
      await handOver();
    },
  };

  /** Drops the receipts of enquiries the shared queue is done with, and hands it again those it lost. */
  function checkReceipts(): Promise<void> {
    checking ??= (async () => {
      try {
        const handed = [...receipts.values()];
        const fates = await shared.fate(handed.map((record) => record.id));
        const lost = handed.filter((_, index) => fates[index] === "unknown");
        if (lost.length > 0) {
          logger.warn(
            { enquiries: lost.length },
            "the shared queue no longer has enquiries it accepted (Redis restarted empty or was flushed); handing them to it again",
          );
        }
        for (const record of lost) await shared.add(record);
        for (const [index, record] of handed.entries()) {
          if (fates[index] !== "done") continue;
          await local.outbox.dropReceipt(record.id);
          receipts.delete(record.id);
        }
        receiptCheck.ok();
      } catch (error) {
        receiptCheck.fail(error);
      }
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  /** At a graceful stop: the outbox's pending enquiries go to the shared queue, if it takes them now. */
  async function handOver() {
    const pending = await local.outbox.pending().catch(() => []);
    let handed = 0;
    for (const record of pending) {
      try {
        await untilAborted(shared.add(record), AbortSignal.timeout(addTimeoutMs));
      } catch {
        break;
      }
      // Between these two steps a crash would leave it in both: sent twice, with the same Message-ID.
      await local.outbox.keepReceipt(record).catch(() => {});
      await local.outbox.remove(record);
      localIds.delete(record.id);
      handed++;
    }
    if (handed > 0 || pending.length > 0) {
      logger.info(
        { handed, left: pending.length - handed },
        "handed this instance's waiting enquiries to the shared queue",
      );
    }
  }

  return queue;
}
