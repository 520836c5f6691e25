import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Logger } from "pino";
import { duplicateRedis, type RedisClient, transaction } from "../redis.ts";
import { addressesOf } from "./mail.ts";
import { backgroundNumbers, type EnquiryState, type QueueNumbers, type SharedQueue } from "./queue.ts";
import { createConsumer } from "./redis-consumer.ts";
import { addToStream, firstUnread, group, idTime, queueKeys, trimDelivered } from "./redis-stream.ts";

export interface RedisQueueOptions {
  redis: RedisClient;
  logger: Logger;
  /** Key prefix; tests give each queue its own. */
  prefix?: string;
  /** Held this long without renewal, a message is taken over by another instance (XAUTOCLAIM). */
  visibilityTimeoutMs?: number;
  consumer?: string;
  /** MAIL_TO: the only addresses a record from the stream may be sent to. */
  mailTo: string;
  /** How often the queue's numbers are read again in the background (and after each change this instance makes). */
  numbersEveryMs?: number;
}

const defaultVisibilityTimeoutMs = 60_000;
const defaultNumbersEveryMs = 2_000;
/** How long Redis remembers that an enquiry was delivered or dead-lettered, for the instance that took it. */
const doneKeepSeconds = 7 * 24 * 60 * 60;

type Keys = ReturnType<typeof queueKeys>;

// add() is XADD, acknowledged once Redis has it on disk (`appendfsync always`, as shipped). Attempts live in a hash
// beside the stream, so a takeover carries on the backoff.
export function redisQueue(options: RedisQueueOptions): SharedQueue {
  const { redis, logger } = options;
  const keys = queueKeys(options.prefix);
  const { stream, attemptsKey, probeKey, stateKey } = keys;
  const consumer = createConsumer({
    redis,
    logger,
    keys,
    visibilityMs: options.visibilityTimeoutMs ?? defaultVisibilityTimeoutMs,
    name: options.consumer ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`,
    mailTo: addressesOf(options.mailTo),
    // A queue made just now has its numbers at once, not at the next reading.
    grouped: () => numbers.changed(),
  });
  const numbers = backgroundNumbers(() => streamNumbers(redis, keys), options.numbersEveryMs ?? defaultNumbersEveryMs);
  const doneListeners: ((id: string) => void)[] = [];
  let subscriber: RedisClient | undefined;

  return {
    kind: "redis",

    async start(toWorker) {
      consumer.start(toWorker);
      numbers.start();
      if (doneListeners.length > 0) subscriber = subscribeToDone(redis, logger, keys, doneListeners);
    },

    async add(record) {
      await addToStream(transaction(redis), record, options.prefix).exec();
      numbers.changed();
    },

    onDone(listener) {
      doneListeners.push(listener);
    },

    async statesOf(ids): Promise<EnquiryState[]> {
      if (ids.length === 0) return [];
      const states = await redis.mGet(ids.map(stateKey));
      return states.map((state) => (state === "waiting" || state === "done" ? state : "unknown"));
    },

    async update(record) {
      const { attempts, lastError, lastAttemptAt } = record;
      await redis.hSet(attemptsKey, record.id, JSON.stringify({ attempts, lastError, lastAttemptAt }));
    },

    async markDelivered(record) {
      const entryId = consumer.held.get(record.id);
      if (!entryId) throw new Error(`enquiry ${record.id} is not held by this instance`);
      const step = transaction(redis).xAck(stream, group, entryId).hDel(attemptsKey, record.id);
      step.set(keys.lastDeliveredKey, record.deliveredAt ?? new Date().toISOString());
      await markedDone(step, keys, record.id).exec();
      // Only once Redis has the mark: a mark that failed is tried again (delivery.ts), not the send.
      consumer.held.delete(record.id);
      numbers.changed();
    },

    async markDead(record) {
      const entryId = consumer.held.get(record.id);
      const step = transaction(redis).xAdd(keys.deadStream, "*", { id: record.id, record: JSON.stringify(record) });
      if (entryId) step.xAck(stream, group, entryId);
      step.hDel(attemptsKey, record.id);
      await markedDone(step, keys, record.id).exec();
      consumer.held.delete(record.id);
      numbers.changed();
    },

    async sweep(before) {
      const delivered = await trimDelivered(redis, stream, before.delivered);
      // A dead letter's entry id is the time it was dead-lettered.
      const dead = await redis.xTrim(keys.deadStream, "MINID", `${before.dead.getTime()}-0`);
      if (delivered + dead > 0) numbers.changed();
      return { delivered, dead };
    },

    // What this instance holds is its own to count, and always current.
    numbers: async () => ({ ...(await numbers.latest()), consumer: { holding: consumer.held.size } }),

    async checkWritable() {
      // A real write: refused when Redis is away, out of memory, read-only, or cannot persist (MISCONF).
      await redis.set(probeKey, consumer.name, { expiration: { type: "PX", value: 60_000 } });
    },

    async stop() {
      numbers.stop();
      await consumer.release();
      subscriber?.destroy();
      await consumer.finished();
      subscriber = undefined;
    },
  };
}

/** Delivered or dead, an enquiry is done: Redis remembers so for a while, and the instance that took it is told. */
function markedDone(step: ReturnType<RedisClient["multi"]>, keys: Keys, id: string) {
  return step
    .set(keys.stateKey(id), "done", { expiration: { type: "EX", value: doneKeepSeconds } })
    .publish(keys.doneChannel, id);
}

/** Its own connection, subscribed once it is ready (the client renews it after each reconnection). */
function subscribeToDone(redis: RedisClient, logger: Logger, keys: Keys, listeners: ((id: string) => void)[]) {
  const client = duplicateRedis(redis, logger, "enquiry receipts");
  const told = (id: string) => {
    for (const listener of listeners) listener(id);
  };
  client.once("ready", () => {
    client.subscribe(keys.doneChannel, told).catch((error: unknown) => {
      logger.warn(
        { reason: (error as Error).message },
        "could not subscribe to delivered enquiries; checking them every few seconds",
      );
    });
  });
  return client;
}

// Read every few seconds, never for a request: the unread count is the group's lag, kept by Redis, and only where
// Redis cannot say (entries deleted from the middle) are the unread entries counted one by one.
async function streamNumbers(redis: RedisClient, keys: Keys): Promise<QueueNumbers> {
  const { stream, deadStream } = keys;
  const [summary, groups, last, dead] = await Promise.all([
    redis.xPending(stream, group),
    redis.xInfoGroups(stream),
    redis.get(keys.lastDeliveredKey),
    redis.xLen(deadStream),
  ]);
  const unread = await firstUnread(redis, stream, groups);
  const lag = groups.find((entry) => entry.name === group)?.lag;
  let unreadCount = typeof lag === "number" ? lag : 0;
  if (unread && typeof lag !== "number") unreadCount = (await redis.xRange(stream, unread, "+"))?.length ?? 0;
  const oldest = [summary.firstId, unread].filter((id): id is string => Boolean(id)).map(idTime);
  return {
    kind: "redis",
    depth: summary.pending + unreadCount,
    oldestPendingAt: oldest.length > 0 ? new Date(Math.min(...oldest)) : null,
    lastDeliveryAt: last ? new Date(last) : null,
    // numbers() puts in what this consumer holds as it is asked.
    consumer: { holding: 0 },
    deadLetters: dead,
  };
}
