import type { Logger } from "pino";
import type { RedisClient } from "../redis.ts";
import type { OutboxRecord } from "./outbox.ts";

/**
 * The shared queue's layout in Redis (decision 0150): its keys, how an enquiry is added to the stream, and what
 * can be read or done to the stream and its consumer group without being one of its consumers. The queue
 * (redis-queue.ts) and the operator's resend script (scripts/resend-dead-letters.ts) both use it.
 */

const defaultPrefix = "enquiries:";
/** The one consumer group every instance reads the stream in. */
export const group = "delivery";

/** The one place that names the queue's keys in Redis. */
export function queueKeys(prefix = defaultPrefix) {
  return {
    stream: `${prefix}stream`,
    attemptsKey: `${prefix}attempts`,
    lastDeliveredKey: `${prefix}last-delivered`,
    probeKey: `${prefix}probe`,
    deadStream: `${prefix}dead`,
    /** Each enquiry's state, beside the stream: "waiting" from XADD on, "done" once delivered or dead (0198). */
    stateKey: (id: string) => `${prefix}state:${id}`,
    /** Where each done enquiry's id is published, so the instance holding its receipt drops it at once. */
    doneChannel: `${prefix}done`,
  };
}

/** Adds an enquiry to the stream, marked waiting: for the queue, and for an operator's resend of a dead letter. */
export function addToStream(multi: ReturnType<RedisClient["multi"]>, record: OutboxRecord, prefix = defaultPrefix) {
  const keys = queueKeys(prefix);
  return multi
    .xAdd(keys.stream, "*", { id: record.id, record: JSON.stringify(record) })
    .set(keys.stateKey(record.id), "waiting");
}

/** The stream entry id's time part: when Redis took the entry. */
export function idTime(id: string): number {
  return Number(id.split("-")[0]);
}

function compareIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split("-").map(Number);
  const [bMs = 0, bSeq = 0] = b.split("-").map(Number);
  return aMs - bMs || aSeq - bSeq;
}

/** Makes the stream and its group, unless they are there already. */
export async function createGroup(redis: RedisClient, stream: string) {
  try {
    await redis.xGroupCreate(stream, group, "0", { MKSTREAM: true });
  } catch (error) {
    if (!String((error as Error).message).includes("BUSYGROUP")) throw error;
  }
}

/** The stream's durability on this server: logged once, since the answer to the visitor relies on it. */
export async function reportDurability(redis: RedisClient, logger: Logger) {
  try {
    const config = await redis.configGet("append*");
    if (config.appendonly !== "yes" || config.appendfsync !== "always") {
      logger.warn(
        { appendonly: config.appendonly, appendfsync: config.appendfsync },
        "Redis does not fsync every write (appendonly yes, appendfsync always): an accepted enquiry could be lost if Redis crashes",
      );
    }
  } catch {
    logger.info("Redis does not allow CONFIG GET; make sure the service it runs on keeps every write durably");
  }
}

/** The id of the first entry no consumer of the group has read yet; null when every entry has been read. */
export async function firstUnread(redis: RedisClient, stream: string): Promise<string | null> {
  const groups = await redis.xInfoGroups(stream);
  const ours = groups.find((entry) => entry.name === group);
  const after = String(ours?.["last-delivered-id"] ?? "0-0");
  const next = await redis.xRange(stream, `(${after}`, "+", { COUNT: 1 });
  return next?.[0]?.id ?? null;
}

/**
 * Trims the stream's entries older than `olderThan`, keeping everything from the oldest undelivered entry on
 * (held by a consumer or not yet read), however old: only delivered ones go.
 */
export async function trimDelivered(redis: RedisClient, stream: string, olderThan: Date): Promise<number> {
  let keepFrom = `${olderThan.getTime()}-0`;
  const summary = await redis.xPending(stream, group);
  if (summary.firstId && compareIds(summary.firstId, keepFrom) < 0) keepFrom = summary.firstId;
  const unread = await firstUnread(redis, stream);
  if (unread && compareIds(unread, keepFrom) < 0) keepFrom = unread;
  return redis.xTrim(stream, "MINID", keepFrom);
}
