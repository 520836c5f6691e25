import type { Logger } from "pino";
import { untilAborted } from "../lib/abort.ts";
import type { Outbox, OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue, QueueNumbers, SharedQueue } from "./queue.ts";
import { createReceipts, type Receipts } from "./receipts.ts";

export interface FallbackQueueOptions {
  shared: SharedQueue;
  local: { queue: EnquiryQueue; outbox: Outbox };
  logger: Logger;
  /** How long an enquiry waits for the shared queue before it is kept here instead. */
  addTimeoutMs?: number;
  receiptCheckMs?: number;
}

const defaultAddTimeoutMs = 2_000;
const defaultReceiptCheckMs = 5_000;

interface Fallback extends Required<Omit<FallbackQueueOptions, "receiptCheckMs">> {
  /** Enquiries held from this instance's own outbox: their marks go there. */
  localIds: Set<string>;
  receipts: Receipts;
  sharedFailing?: string;
}

// The visitor is refused only when neither the shared queue nor this instance's outbox can store an enquiry. At a
// graceful stop the outbox's enquiries go to the shared queue; after a crash it is read again at the next start.
export function fallbackQueue(options: FallbackQueueOptions): EnquiryQueue {
  const { shared, local, logger, addTimeoutMs = defaultAddTimeoutMs, receiptCheckMs = defaultReceiptCheckMs } = options;
  const receipts = createReceipts({ shared, outbox: local.outbox, logger, checkEveryMs: receiptCheckMs });
  const fallback: Fallback = { shared, local, logger, addTimeoutMs, localIds: new Set(), receipts };
  const queueHolding = (record: OutboxRecord) => (fallback.localIds.has(record.id) ? local.queue : shared);

  return {
    kind: "redis",

    async start(toWorker) {
      await local.queue.start((record) => {
        fallback.localIds.add(record.id);
        toWorker(record);
      });
      const kept = fallback.localIds.size;
      if (kept > 0) logger.info({ pending: kept }, "enquiries kept in this instance's outbox");
      await receipts.load();
      await shared.start(toWorker);
      receipts.startChecking();
    },

    add: (record) => addEnquiry(fallback, record),
    update: (record) => queueHolding(record).update(record),

    async markDelivered(record) {
      await queueHolding(record).markDelivered(record);
      fallback.localIds.delete(record.id);
    },

    async markDead(record) {
      await queueHolding(record).markDead(record);
      fallback.localIds.delete(record.id);
    },

    async sweep(before) {
      const [here, there] = await Promise.allSettled([local.queue.sweep(before), shared.sweep(before)]);
      if (there.status === "rejected") throw there.reason;
      if (here.status === "rejected") throw here.reason;
      return { delivered: here.value.delivered + there.value.delivered, dead: here.value.dead + there.value.dead };
    },

    async numbers() {
      const [here, there] = await Promise.all([local.queue.numbers(), shared.numbers()]);
      return bothNumbers(here, there);
    },

    // What this instance needs to keep an enquiry: its own outbox (critical); the shared queue is checked apart.
    checkWritable: () => local.queue.checkWritable(),
    checkShared: () => shared.checkWritable(),

    async stop() {
      await receipts.stop();
      await shared.stop();
      await local.queue.stop();
      await handOver(fallback);
    },
  };
}

async function addEnquiry(fallback: Fallback, record: OutboxRecord) {
  // Without a receipt (a full disk) the enquiry still goes to Redis, which is then its only copy.
  const receipt = await fallback.receipts.write(record);
  try {
    await untilAborted(fallback.shared.add(record), AbortSignal.timeout(fallback.addTimeoutMs));
  } catch (error) {
    // A write that timed out may still land in Redis: then it is sent twice, with the same Message-ID.
    try {
      await keepInOutbox(fallback, record, error);
    } finally {
      if (receipt) await fallback.receipts.discard(record.id);
    }
    return;
  }
  if (receipt) fallback.receipts.track(record);
  if (fallback.sharedFailing !== undefined) fallback.logger.info("the shared enquiry queue takes enquiries again");
  fallback.sharedFailing = undefined;
}

async function keepInOutbox(fallback: Fallback, record: OutboxRecord, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  if (fallback.sharedFailing === undefined) {
    fallback.logger.warn(
      { reason },
      "the shared enquiry queue cannot take enquiries; keeping them in this instance's outbox",
    );
  }
  fallback.sharedFailing = reason;
  await fallback.local.queue.add(record);
}

async function handOver({ shared, local, logger, addTimeoutMs, localIds }: Fallback) {
  const pending = await local.outbox.pending().catch(() => []);
  let moved = 0;
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
    moved++;
  }
  if (moved > 0 || pending.length > 0) {
    logger.info({ moved, left: pending.length - moved }, "moved this instance's waiting enquiries to the shared queue");
  }
}

function bothNumbers(here: QueueNumbers, there: QueueNumbers): QueueNumbers {
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
}
