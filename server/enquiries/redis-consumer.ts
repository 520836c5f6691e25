import type { Logger } from "pino";
import { faultKind, faultLog } from "../lib/fault-log.ts";
import { duplicateRedis, type RedisClient, transaction } from "../redis.ts";
import { checkRecord, type OutboxRecord } from "./outbox.ts";
import { createGroup, group, type queueKeys, reportDurability } from "./redis-stream.ts";

export interface ConsumerOptions {
  redis: RedisClient;
  logger: Logger;
  keys: ReturnType<typeof queueKeys>;
  /** Held this long without renewal, a message is taken over by another instance. */
  visibilityMs: number;
  name: string;
  /** MAIL_TO's addresses: a record may narrow them (a partial delivery), never name another. */
  mailTo: readonly string[];
  /** Called each time the consumer has made sure its group exists. */
  grouped?: () => void;
}

interface Consumer extends ConsumerOptions {
  /** Stream entry ids of the enquiries this instance holds, by enquiry id. */
  held: Map<string, string>;
  /** Its own connection, since XREADGROUP blocks it. */
  reader?: RedisClient;
  stopped: boolean;
  lastClaimAt: number;
}

type ToWorker = (record: OutboxRecord) => void;

const readBlockMs = 1_000;
const batch = 10;

/** Reads with XREADGROUP and renews what it holds; an entry unrenewed past the visibility timeout is taken over. */
export function createConsumer(options: ConsumerOptions) {
  const consumer: Consumer = { ...options, held: new Map(), stopped: false, lastClaimAt: 0 };
  let loop: Promise<void> | undefined;

  return {
    name: options.name,
    held: consumer.held,

    /** Starts reading; never waits for Redis: the loop makes the group once Redis answers. */
    start(toWorker: ToWorker) {
      consumer.stopped = false;
      consumer.reader = duplicateRedis(consumer.redis, consumer.logger, "enquiry queue");
      loop = readLoop(consumer, toWorker);
    },

    /** Stops reading, and marks what it holds idle at once, so another instance takes it over without waiting. */
    async release() {
      consumer.stopped = true;
      const ids = [...consumer.held.values()];
      consumer.held.clear();
      if (ids.length > 0) {
        const { stream } = consumer.keys;
        await consumer.redis
          .sendCommand([
            "XCLAIM",
            stream,
            group,
            consumer.name,
            "0",
            ...ids,
            "IDLE",
            String(consumer.visibilityMs),
            "JUSTID",
          ])
          .catch((error: unknown) => consumer.logger.warn({ err: error }, "could not hand back held enquiries"));
      }
      consumer.reader?.destroy();
    },

    async finished() {
      await loop;
      consumer.reader = undefined;
    },
  };
}

async function readLoop(consumer: Consumer, toWorker: ToWorker) {
  const { redis, logger, keys, name } = consumer;
  const client = consumer.reader as RedisClient;
  // What this consumer already held (a restart under the same name) comes first, then new entries.
  let cursor = "0";
  let grouped = false;
  const reading = faultLog(logger, "reading the enquiry queue failed; retrying every second");
  while (!consumer.stopped) {
    try {
      if (!grouped) {
        // At start, and whenever Redis came back without the group (emptied, flushed, a fresh replica).
        await createGroup(redis, keys.stream);
        grouped = true;
        consumer.grouped?.();
        cursor = "0";
        await reportDurability(redis, logger);
      }
      if (Date.now() - consumer.lastClaimAt >= consumer.visibilityMs / 3) {
        consumer.lastClaimAt = Date.now();
        await renew(consumer);
        await takeOver(consumer, toWorker);
      }
      const replies = await client.xReadGroup(
        group,
        name,
        { key: keys.stream, id: cursor },
        {
          COUNT: batch,
          BLOCK: cursor === ">" ? readBlockMs : undefined,
        },
      );
      const entries = replies?.[0]?.messages ?? [];
      await handOut(consumer, toWorker, entries);
      if (cursor !== ">" && entries.length < batch) cursor = ">";
      else if (cursor !== ">") cursor = entries.at(-1)?.id ?? ">";
      reading.ok();
    } catch (error) {
      if (consumer.stopped) break;
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

async function handOut(consumer: Consumer, toWorker: ToWorker, entries: { id: string; message: unknown }[]) {
  const { redis, keys, held } = consumer;
  for (const { id, message } of entries) {
    // Already held here (read back from this consumer's own list, or claimed twice): keep its backoff.
    if ([...held.values()].includes(id)) continue;
    const record = await recordOf(consumer, id, message as Record<string, string>);
    if (!record || consumer.stopped) continue;
    // Added again by the instance that took it after Redis lost it, but delivered meanwhile: not sent twice.
    if ((await redis.get(keys.stateKey(record.id))) === "done") {
      await redis.xAck(keys.stream, group, id);
      continue;
    }
    held.set(record.id, id);
    toWorker(record);
  }
}

// Anyone who can write to the stream can add an entry, so each is checked as the handler checks a form before it goes
// near the mail: one that fails goes to the dead letters with its reason, and its contents stay out of the log.
async function recordOf(consumer: Consumer, entryId: string, fields: Record<string, string>) {
  const stored = parsed(fields.record);
  if (!stored) return refuse(consumer, entryId, fields, "record: is not a JSON object");
  const saved = typeof stored.id === "string" ? await consumer.redis.hGet(consumer.keys.attemptsKey, stored.id) : null;
  const checked = checkRecord({ ...stored, ...attemptsIn(saved) }, consumer.mailTo);
  if (!checked.ok) return refuse(consumer, entryId, fields, checked.reason);
  return checked.record;
}

function parsed(text: string | null | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? "");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Only what update() writes there: a takeover carries on the backoff, and nothing else. */
function attemptsIn(saved: string | null) {
  const { attempts, lastError, lastAttemptAt } = parsed(saved) ?? {};
  return Object.fromEntries(Object.entries({ attempts, lastError, lastAttemptAt }).filter(([, v]) => v !== undefined));
}

async function refuse(
  { redis, logger, keys }: Consumer,
  entryId: string,
  fields: Record<string, string>,
  reason: string,
): Promise<undefined> {
  logger.error(
    { entry: entryId, reason },
    "a record in the enquiry queue is not an enquiry the site accepted; moved to the dead letters, not sent",
  );
  await transaction(redis)
    .xAdd(keys.deadStream, "*", { id: fields.id ?? entryId, record: fields.record ?? "", reason })
    .xAck(keys.stream, group, entryId)
    .exec();
  return undefined;
}

/** Keeps what this instance holds from looking abandoned: XCLAIM to itself resets the idle time. */
async function renew({ redis, keys, name, held }: Consumer) {
  const ids = [...held.values()];
  if (ids.length > 0) await redis.xClaimJustId(keys.stream, group, name, 0, ids);
}

async function takeOver(consumer: Consumer, toWorker: ToWorker) {
  const { redis, logger, keys, name, visibilityMs } = consumer;
  let start = "0-0";
  do {
    const claimed = await redis.xAutoClaim(keys.stream, group, name, visibilityMs, start, { COUNT: batch });
    const entries = claimed.messages.filter((entry): entry is { id: string; message: Record<string, string> } =>
      Boolean(entry),
    );
    if (entries.length > 0)
      logger.warn({ enquiries: entries.length, consumer: name }, "took over enquiries held too long");
    await handOut(consumer, toWorker, entries);
    start = claimed.nextId;
  } while (start !== "0-0" && !consumer.stopped);
}
