import type { Logger } from "pino";
import { untilAborted } from "../lib/abort.ts";
import type { Outbox, OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue, QueueFigures } from "./queue.ts";

export interface FallbackQueueOptions {
  /** The queue every instance shares (Redis). */
  shared: EnquiryQueue;
  /** This instance's own disk outbox, as a queue, and the outbox behind it. */
  local: { queue: EnquiryQueue; outbox: Outbox };
  logger: Logger;
  /** How long an enquiry waits for the shared queue before it is kept here instead. */
  addTimeoutMs?: number;
}

const defaultAddTimeoutMs = 2_000;

/**
 * The shared queue with this instance's own outbox behind it (decision 0190). An enquiry goes to the shared queue;
 * when that cannot take it (Redis away, read-only, slow), it is written to the outbox (fsynced, as in a single
 * instance) and delivered from here, so the visitor is refused only when neither can store it. Whatever the
 * outbox holds at a graceful stop is handed to the shared queue when it answers, so an instance on a passing disk
 * (a Kubernetes emptyDir) leaves nothing behind; after a crash the outbox is read again at the next start.
 */
export function fallbackQueue({ shared, local, logger, addTimeoutMs = defaultAddTimeoutMs }: FallbackQueueOptions) {
  /** The enquiries this instance holds from its own outbox, by id: their marks go there. */
  const localIds = new Set<string>();
  let sharedFailing: string | undefined;

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
      await shared.start(deliver);
    },

    async add(record) {
      try {
        await untilAborted(shared.add(record), AbortSignal.timeout(addTimeoutMs));
      } catch (error) {
        // A write that timed out may still land in Redis: then it is sent twice, with the same Message-ID.
        await keepHere(record, error);
        return;
      }
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
      await shared.stop();
      await local.queue.stop();
      await handOver();
    },
  };

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
