import { createOutbox, type Outbox, type OutboxRecord } from "./outbox.ts";

/** Where accepted enquiries wait for delivery, as /status and /metrics show it. */
export interface QueueFigures {
  kind: EnquiryQueue["kind"];
  /** Enquiries accepted and not yet delivered (in a shared queue: by every instance together). */
  depth: number;
  /** When the oldest of them arrived; null when none waits. */
  oldestPendingAt: Date | null;
  /** When an enquiry was last delivered, as far as the queue remembers; null if none is kept. */
  lastDeliveryAt: Date | null;
  /** In a shared queue, this instance's consumer and how many enquiries it holds now; null on disk. */
  consumer: { name: string; holding: number } | null;
  /** Enquiries the mail server refused for good, kept for an operator (docs/operations.md). */
  deadLetters: number;
}

export type EnquiryState = "waiting" | "done" | "unknown";

/**
 * The one way enquiries wait for delivery: the disk outbox of one instance (decision 0042) or a Redis Stream
 * shared by all of them (decision 0150). Either way an enquiry is stored durably before add() resolves, is
 * handed to this instance's delivery worker through start()'s callback (once per instance that holds it), and
 * stays until markDelivered(); so delivery is at least once, with the Message-ID fixed in the record.
 */
export interface EnquiryQueue {
  readonly kind: "disk" | "redis";
  /**
   * Opens the store and starts handing this instance what it should deliver: what waits now, each new enquiry,
   * and (shared) any held by an instance that stopped answering for the visibility timeout.
   */
  start(deliver: (record: OutboxRecord) => void): Promise<void>;
  /** Stores a new enquiry durably; only after this resolves may the visitor hear "sent". */
  add(record: OutboxRecord): Promise<void>;
  /** Saves the attempt count and last error, so they survive a restart or a takeover. */
  update(record: OutboxRecord): Promise<void>;
  /** The enquiry went out: it is never handed out again, and is kept until the retention sweep. */
  markDelivered(record: OutboxRecord): Promise<void>;
  /**
   * The mail server refused it for good (record.deadReason says why): never handed out again, kept as a dead
   * letter until an operator sends it again (scripts/resend-dead-letters.ts).
   */
  markDead(record: OutboxRecord): Promise<void>;
  /** Removes delivered enquiries older than the retention period; how many went. */
  sweep(olderThan: Date): Promise<{ removed: number }>;
  figures(): Promise<QueueFigures>;
  /** Readiness: can a new enquiry be written right now? Rejects with the reason when not. */
  checkWritable(): Promise<void>;
  /**
   * Where there is a shared queue beside this instance's own outbox: can it take an enquiry now? Not critical:
   * without it enquiries wait in the outbox (decision 0190).
   */
  checkShared?(): Promise<void>;
  /** Stops handing out enquiries; those this instance holds are left for the next start or another instance. */
  stop(): Promise<void>;
}

/** A queue every instance shares, which says what became of the enquiries given to it (decision 0198). */
export interface SharedQueue extends EnquiryQueue {
  /**
   * By id, in order: `waiting` (it holds them), `done` (delivered or dead-lettered) or `unknown` (it has no trace:
   * it lost them).
   */
  statesOf(ids: string[]): Promise<EnquiryState[]>;
  /** Tells this listener the id of each enquiry any instance delivers or dead-letters, from start() to stop(). */
  onDone(listener: (id: string) => void): void;
}

/** The disk outbox under DATA_DIR/outbox as an EnquiryQueue: one instance, its own folder. */
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
    async sweep(olderThan) {
      const { removed, lastDeliveredAt: lastKept } = await outbox.sweep(olderThan);
      // After a restart, the status page still knows when mail last went out.
      if (lastKept && (!lastDeliveryAt || lastKept > lastDeliveryAt)) lastDeliveryAt = lastKept;
      return { removed };
    },
    async figures() {
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

/** The disk queue and what only the fallback needs of its outbox: its pending records and their removal. */
export function localQueue(root: string, onUnreadable?: (file: string, error: unknown) => void) {
  const outbox = createOutbox(root, onUnreadable);
  return { queue: diskQueueOn(outbox), outbox };
}
