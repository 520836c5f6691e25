import type { Logger } from "pino";
import type { RedisClient } from "../redis.ts";
import type { OutboxRecord } from "./outbox.ts";

// The shared queue's layout in Redis, for the queue and for the operator's resend script, which is not a consumer.

const defaultPrefix = "enquiries:";
export const group = "delivery";

export function queueKeys(prefix = defaultPrefix) {
  return {
    stream: `${prefix}stream`,
    attemptsKey: `${prefix}attempts`,
    lastDeliveredKey: `${prefix}last-delivered`,
    probeKey: `${prefix}probe`,
    deadStream: `${prefix}dead`,
    /** "waiting" from XADD on, "done" once delivered or dead. */
    stateKey: (id: string) => `${prefix}state:${id}`,
    /** Where each done enquiry's id is published, so the instance holding its receipt drops it at once. */
    doneChannel: `${prefix}done`,
  };
}

export function addToStream(multi: ReturnType<RedisClient["multi"]>, record: OutboxRecord, prefix = defaultPrefix) {
  const keys = queueKeys(prefix);
  return multi
    .xAdd(keys.stream, "*", { id: record.id, record: JSON.stringify(record) })
    .set(keys.stateKey(record.id), "waiting");
}

export function idTime(id: string): number {
  return Number(id.split("-")[0]);
}

function compareIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split("-").map(Number);
  const [bMs = 0, bSeq = 0] = b.split("-").map(Number);
  return aMs - bMs || aSeq - bSeq;
}

export async function createGroup(redis: RedisClient, stream: string) {
  try {
    await redis.xGroupCreate(stream, group, "0", { MKSTREAM: true });
  } catch (error) {
    if (!String((error as Error).message).includes("BUSYGROUP")) throw error;
  }
}

/** Logged once, since the answer to the visitor relies on it. */
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

type Groups = Awaited<ReturnType<RedisClient["xInfoGroups"]>>;

export async function firstUnread(redis: RedisClient, stream: string, groups?: Groups): Promise<string | null> {
  const ours = (groups ?? (await redis.xInfoGroups(stream))).find((entry) => entry.name === group);
  const after = String(ours?.["last-delivered-id"] ?? "0-0");
  const next = await redis.xRange(stream, `(${after}`, "+", { COUNT: 1 });
  return next?.[0]?.id ?? null;
}

/** Only delivered entries go: everything from the oldest undelivered one on is kept, however old. */
export async function trimDelivered(redis: RedisClient, stream: string, olderThan: Date): Promise<number> {
  let keepFrom = `${olderThan.getTime()}-0`;
  const summary = await redis.xPending(stream, group);
  if (summary.firstId && compareIds(summary.firstId, keepFrom) < 0) keepFrom = summary.firstId;
  const unread = await firstUnread(redis, stream);
  if (unread && compareIds(unread, keepFrom) < 0) keepFrom = unread;
  return redis.xTrim(stream, "MINID", keepFrom);
}
