import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Logger } from "pino";
import { faultKind, faultLog } from "../lib/fault-log.ts";
import { duplicateRedis, type RedisClient, transaction } from "../redis.ts";
import type { OutboxRecord } from "./outbox.ts";
import type { EnquiryFate, QueueFigures, SharedQueue } from "./queue.ts";
import {
  addToStream,
  createGroup,
  firstUnread,
  group,
  idTime,
  queueKeys,
  reportDurability,
  trimDelivered,
} from "./redis-stream.ts";

export interface RedisQueueOptions {
  redis: RedisClient;
  logger: Logger;
  /** Key prefix; tests give each queue its own. */
  prefix?: string;
  /** A message held this long by an instance that no longer renews it is taken over by another (XAUTOCLAIM). */
  visibilityTimeoutMs?: number;
  /** This instance's consumer name in the group; unique per process by default. */
  consumer?: string;
}

export const defaultVisibilityTimeoutMs = 60_000;
const readBlockMs = 1_000;
const batch = 10;
/** How long Redis remembers that an enquiry was delivered or dead-lettered, for the instance that took it. */
const doneKeepSeconds = 7 * 24 * 60 * 60;

/**
 * The shared enquiry queue (decision 0150): a Redis Stream `<prefix>stream` with one consumer group. add() is
 * XADD (acknowledged once the server has it on disk, with `appendfsync always` as shipped); every instance reads
 * new entries with XREADGROUP and renews what it holds; an entry whose holder stopped renewing for the
 * visibility timeout is taken over with XAUTOCLAIM. Attempts live in a hash beside the stream, so a takeover
 * carries on the backoff. Delivered entries are acknowledged and trimmed from the stream after retention.
 */
export function redisQueue(options: RedisQueueOptions): SharedQueue {
  const { redis, logger } = options;
  const { stream, attemptsKey, lastDeliveredKey, probeKey, deadStream, stateKey, doneChannel } = queueKeys(
    options.prefix,
  );
  const visibilityMs = options.visibilityTimeoutMs ?? defaultVisibilityTimeoutMs;
  const consumer = options.consumer ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  /** Stream entry ids of the enquiries this instance holds, by enquiry id. */
  const held = new Map<string, string>();
  let reader: RedisClient | undefined;
  let subscriber: RedisClient | undefined;
  const doneListeners: ((id: string) => void)[] = [];
  let loop: Promise<void> | undefined;
  let stopped = false;
  let lastClaimAt = 0;

  async function recordOf(entryId: string, fields: Record<string, string>): Promise<OutboxRecord | undefined> {
    try {
      const record = JSON.parse(fields.record ?? "") as OutboxRecord;
      const saved = await redis.hGet(attemptsKey, record.id);
      if (saved) Object.assign(record, JSON.parse(saved));
      return record;
    } catch (error) {
      logger.error({ entry: entryId, err: error }, "an enquiry in the queue cannot be read; left in place, not sent");
      return undefined;
    }
  }

  async function hand(deliver: (record: OutboxRecord) => void, entries: { id: string; message: unknown }[]) {
    for (const { id, message } of entries) {
      // Already held here (read back from this consumer's own list, or claimed twice): keep its backoff.
      if ([...held.values()].includes(id)) continue;
      const record = await recordOf(id, message as Record<string, string>);
      if (!record || stopped) continue;
      // Added again by the instance that took it after Redis lost it, but delivered meanwhile: not sent twice.
      if ((await redis.get(stateKey(record.id))) === "done") {
        await redis.xAck(stream, group, id);
        continue;
      }
      held.set(record.id, id);
      deliver(record);
    }
  }

  /** Keeps what this instance holds from looking abandoned: XCLAIM to itself resets the idle time. */
  async function renew() {
    const ids = [...held.values()];
    if (ids.length > 0) await redis.xClaimJustId(stream, group, consumer, 0, ids);
  }

  /** Takes over what instances that stopped renewing have held past the visibility timeout. */
  async function takeOver(deliver: (record: OutboxRecord) => void) {
    let start = "0-0";
    do {
      const claimed = await redis.xAutoClaim(stream, group, consumer, visibilityMs, start, { COUNT: batch });
      const entries = claimed.messages.filter((entry): entry is { id: string; message: Record<string, string> } =>
        Boolean(entry),
      );
      if (entries.length > 0) logger.warn({ enquiries: entries.length, consumer }, "took over enquiries held too long");
      await hand(deliver, entries);
      start = claimed.nextId;
    } while (start !== "0-0" && !stopped);
  }

  async function run(deliver: (record: OutboxRecord) => void) {
    const client = reader as RedisClient;
    // What this consumer already held (a restart under the same name) comes first, then new entries.
    let cursor = "0";
    let grouped = false;
    const reading = faultLog(logger, "reading the enquiry queue failed; retrying every second");
    while (!stopped) {
      try {
        if (!grouped) {
          // At start, and whenever Redis came back without the group (emptied, flushed, a fresh replica).
          await createGroup(redis, stream);
          grouped = true;
          cursor = "0";
          await reportDurability(redis, logger);
        }
        if (Date.now() - lastClaimAt >= visibilityMs / 3) {
          lastClaimAt = Date.now();
          await renew();
          await takeOver(deliver);
        }
        const replies = await client.xReadGroup(
          group,
          consumer,
          { key: stream, id: cursor },
          {
            COUNT: batch,
            BLOCK: cursor === ">" ? readBlockMs : undefined,
          },
        );
        const entries = replies?.[0]?.messages ?? [];
        await hand(deliver, entries);
        if (cursor !== ">" && entries.length < batch) cursor = ">";
        else if (cursor !== ">") cursor = entries.at(-1)?.id ?? ">";
        reading.ok();
      } catch (error) {
        if (stopped) break;
        if (faultKind(error) === "NOGROUP") {
          // The stream or its group is gone (Redis restarted empty or was flushed): make them again, read from 0.
          logger.warn("the enquiry queue's stream or group is missing; creating them again");
          grouped = false;
          continue;
        }
        reading.fail(error);
        await new Promise((resolve) => setTimeout(resolve, readBlockMs).unref());
      }
    }
  }

  /** Its own connection, subscribed once it is ready (the client renews it after each reconnection). */
  function subscribeToDone(): RedisClient {
    const client = duplicateRedis(redis, logger, "enquiry receipts");
    const told = (id: string) => {
      for (const listener of doneListeners) listener(id);
    };
    client.once("ready", () => {
      client.subscribe(doneChannel, told).catch((error: unknown) => {
        logger.warn(
          { reason: (error as Error).message },
          "could not subscribe to delivered enquiries; checking them every few seconds",
        );
      });
    });
    return client;
  }

  return {
    kind: "redis",

    async start(deliver) {
      // Never waits for Redis: the loop makes the group once Redis answers, and again whenever it is missing.
      stopped = false;
      reader = duplicateRedis(redis, logger, "enquiry queue");
      loop = run(deliver);
      if (doneListeners.length > 0) subscriber = subscribeToDone();
    },

    async add(record) {
      await addToStream(transaction(redis), record, options.prefix).exec();
    },

    onDone(listener) {
      doneListeners.push(listener);
    },

    async fate(ids): Promise<EnquiryFate[]> {
      if (ids.length === 0) return [];
      const states = await redis.mGet(ids.map(stateKey));
      return states.map((state) => (state === "waiting" || state === "done" ? state : "unknown"));
    },

    async update(record) {
      const { attempts, lastError, lastAttemptAt } = record;
      await redis.hSet(attemptsKey, record.id, JSON.stringify({ attempts, lastError, lastAttemptAt }));
    },

    async markDelivered(record) {
      const entryId = held.get(record.id);
      if (!entryId) throw new Error(`enquiry ${record.id} is not held by this instance`);
      await transaction(redis)
        .xAck(stream, group, entryId)
        .hDel(attemptsKey, record.id)
        .set(lastDeliveredKey, record.deliveredAt ?? new Date().toISOString())
        .set(stateKey(record.id), "done", { expiration: { type: "EX", value: doneKeepSeconds } })
        .publish(doneChannel, record.id)
        .exec();
      // Only once Redis has the mark: a mark that failed is tried again (delivery.ts), not the send.
      held.delete(record.id);
    },

    async markDead(record) {
      const entryId = held.get(record.id);
      const step = transaction(redis).xAdd(deadStream, "*", { id: record.id, record: JSON.stringify(record) });
      if (entryId) step.xAck(stream, group, entryId);
      await step
        .hDel(attemptsKey, record.id)
        .set(stateKey(record.id), "done", { expiration: { type: "EX", value: doneKeepSeconds } })
        .publish(doneChannel, record.id)
        .exec();
      held.delete(record.id);
    },

    async sweep(olderThan) {
      return { removed: await trimDelivered(redis, stream, olderThan) };
    },

    async figures(): Promise<QueueFigures> {
      const [summary, unread, last, dead] = await Promise.all([
        redis.xPending(stream, group),
        firstUnread(redis, stream),
        redis.get(lastDeliveredKey),
        redis.xLen(deadStream),
      ]);
      const unreadCount = unread ? ((await redis.xRange(stream, unread, "+"))?.length ?? 0) : 0;
      const oldest = [summary.firstId, unread].filter((id): id is string => Boolean(id)).map(idTime);
      const holding = summary.consumers?.find((entry) => entry.name === consumer)?.deliveriesCounter ?? 0;
      return {
        kind: "redis",
        depth: summary.pending + unreadCount,
        oldestPendingAt: oldest.length > 0 ? new Date(Math.min(...oldest)) : null,
        lastDeliveryAt: last ? new Date(last) : null,
        consumer: { name: consumer, holding: Number(holding) },
        deadLetters: dead,
      };
    },

    async checkWritable() {
      // A real write: refused when Redis is away, out of memory, read-only, or cannot persist (MISCONF).
      await redis.set(probeKey, consumer, { expiration: { type: "PX", value: 60_000 } });
    },

    async stop() {
      stopped = true;
      // What this instance holds is marked idle at once, so another instance takes it over without waiting.
      const ids = [...held.values()];
      held.clear();
      if (ids.length > 0) {
        await redis
          .sendCommand(["XCLAIM", stream, group, consumer, "0", ...ids, "IDLE", String(visibilityMs), "JUSTID"])
          .catch((error: unknown) => logger.warn({ err: error }, "could not hand back held enquiries"));
      }
      reader?.destroy();
      subscriber?.destroy();
      await loop;
      reader = undefined;
      subscriber = undefined;
    },
  };
}
