import { createOutbox, type Outbox, type OutboxRecord } from "./outbox.ts";

export interface QueueNumbers {
  kind: EnquiryQueue["kind"];
  /** In a shared queue, by every instance together. */
  depth: number;
  oldestPendingAt: Date | null;
  lastDeliveryAt: Date | null;
  /** Shared queue only: what this instance's consumer holds now. */
  consumer: { holding: number } | null;
  deadLetters: number;
}

export type EnquiryState = "waiting" | "done" | "unknown";

/** What the retention sweep removes: delivered enquiries and dead letters older than these. */
export interface RetentionCutoffs {
  delivered: Date;
  dead: Date;
}

interface Swept {
  delivered: number;
  dead: number;
}

// One instance's disk outbox or a Redis Stream all share: an enquiry is stored durably before add() resolves and
// stays until markDelivered(), so delivery is at least once, with the Message-ID fixed in the record.
export interface EnquiryQueue {
  readonly kind: "disk" | "redis";
  /** What waits now, each new enquiry, and (shared) any held by an instance silent for the visibility timeout. */
  start(deliver: (record: OutboxRecord) => void): Promise<void>;
  /** Only after this resolves may the visitor hear "sent". */
  add(record: OutboxRecord): Promise<void>;
  /** So the attempt count and last error survive a restart or a takeover. */
  update(record: OutboxRecord): Promise<void>;
  /** Never handed out again; kept until the retention sweep. */
  markDelivered(record: OutboxRecord): Promise<void>;
  /** Never handed out again; kept until an operator sends it again (scripts/resend-dead-letters.ts) or the sweep. */
  markDead(record: OutboxRecord): Promise<void>;
  sweep(before: RetentionCutoffs): Promise<Swept>;
  numbers(): Promise<QueueNumbers>;
  checkWritable(): Promise<void>;
  /** Not critical: without the shared queue, enquiries wait in this instance's outbox. */
  checkShared?(): Promise<void>;
  /** Enquiries this instance holds are left for the next start or another instance. */
  stop(): Promise<void>;
}

export interface SharedQueue extends EnquiryQueue {
  /** `unknown`: it has no trace of them, so it lost them. */
  statesOf(ids: string[]): Promise<EnquiryState[]>;
  onDone(listener: (id: string) => void): void;
}

export function diskQueue(root: string, onUnreadable?: (file: string, error: unknown) => void): EnquiryQueue {
  return diskQueueOn(createOutbox(root, onUnreadable));
}

function diskQueueOn(outbox: Outbox): EnquiryQueue {
  const waiting = new Map<string, OutboxRecord>();
  let lastDeliveryAt: Date | null = null;
  let deliver: ((record: OutboxRecord) => void) | undefined;

  return {
    kind: "disk",
    async start(take) {
      await outbox.open();
      deliver = take;
      for (const record of await outbox.pending()) {
        waiting.set(record.id, record);
        take(record);
      }
    },
    async add(record) {
      await outbox.add(record);
      waiting.set(record.id, record);
      deliver?.(record);
    },
    update: (record) => outbox.update(record),
    async markDelivered(record) {
      await outbox.markDelivered(record);
      waiting.delete(record.id);
      const at = new Date(record.deliveredAt ?? Date.now());
      if (!lastDeliveryAt || at > lastDeliveryAt) lastDeliveryAt = at;
    },
    async markDead(record) {
      await outbox.markDead(record);
      waiting.delete(record.id);
    },
    async sweep(before) {
      const { delivered, dead, lastDeliveredAt: lastKept } = await outbox.sweep(before);
      // After a restart, the status page still knows when mail last went out.
      if (lastKept && (!lastDeliveryAt || lastKept > lastDeliveryAt)) lastDeliveryAt = lastKept;
      return { delivered, dead };
    },
    async numbers() {
      let oldest: number | null = null;
      for (const record of waiting.values()) {
        const at = Date.parse(record.receivedAt);
        if (oldest === null || at < oldest) oldest = at;
      }
      return {
        kind: "disk",
        depth: waiting.size,
        oldestPendingAt: oldest === null ? null : new Date(oldest),
        lastDeliveryAt,
        consumer: null,
        deadLetters: await outbox.deadCount(),
      };
    },
    checkWritable: () => outbox.checkWritable(),
    async stop() {
      deliver = undefined;
    },
  };
}

export function localQueue(root: string, onUnreadable?: (file: string, error: unknown) => void) {
  const outbox = createOutbox(root, onUnreadable);
  return { queue: diskQueueOn(outbox), outbox };
}

/**
 * Numbers read in the background, every `everyMs` and after each change this instance makes, one reading at a time:
 * a request for /status or /metrics answers with the last reading, waiting only for one that follows such a change
 * (so they never show an enquiry this instance has just delivered as waiting), and never reads the queue itself.
 */
export function backgroundNumbers(read: () => Promise<QueueNumbers>, everyMs: number) {
  let last: { numbers: QueueNumbers } | { error: unknown } | undefined;
  let reading: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let afterChange: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** Resolves once a reading that started after this call has finished. */
  function refresh(): Promise<void> {
    if (reading) {
      queued ??= reading.then(() => {
        queued = undefined;
        return refresh();
      });
      return queued;
    }
    reading = read()
      .then(
        (numbers) => {
          last = { numbers };
        },
        (error: unknown) => {
          last = { error };
        },
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  return {
    start() {
      clearInterval(timer);
      void refresh();
      timer = setInterval(() => void refresh(), everyMs);
      timer.unref();
    },
    changed() {
      const next = refresh().finally(() => {
        if (afterChange === next) afterChange = undefined;
      });
      afterChange = next;
    },
    async latest(): Promise<QueueNumbers> {
      // Before the first reading has finished: that one (or one begun now, if none is under way).
      await (last ? afterChange : (reading ?? refresh()));
      if (!last || "error" in last) throw last?.error ?? new Error("the queue's numbers have not been read");
      return last.numbers;
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
