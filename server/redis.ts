import { createClient } from "@redis/client";
import type { Logger } from "pino";

function newClient(url: string, timeoutMs: number) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: timeoutMs, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

/**
 * Logs a connection's outage once, with its kind, when it begins and once when it ends: the client retries every
 * few seconds while Redis is away, and a line per retry (or a stack per command) would bury everything else.
 */
function watchConnection(client: RedisClient, logger: Logger, purpose: string) {
  let downSince: number | undefined;
  client.on("error", (error: unknown) => {
    if (downSince !== undefined) return;
    downSince = Date.now();
    const { code, message } = error as NodeJS.ErrnoException;
    logger.warn({ purpose, code, reason: message }, "Redis connection lost; retrying in the background");
  });
  client.on("ready", () => {
    if (downSince === undefined) return;
    logger.info({ purpose, downMs: Date.now() - downSince }, "Redis connection restored");
    downSince = undefined;
  });
}

/**
 * The one connection to Redis (REDIS_URL) that rate limits, the shared enquiry queue and purges use (decision
 * 0190). It never holds up the start: the client connects in the background and reconnects by itself, so the
 * site serves pages while Redis is away. Until it is connected, and whenever it is away, commands fail at once
 * (no offline queue) and every user of it falls back (enquiries to this instance's outbox, rate limits per
 * instance, purges by TTL). Blocking reads and subscriptions use `duplicateRedis()` of it.
 */
export function openRedis(url: string, logger: Logger, timeoutMs = 5_000): RedisClient {
  const client = newClient(url, timeoutMs);
  watchConnection(client, logger, "shared");
  // connect() keeps retrying while Redis is away and settles once it answers (or the client is closed).
  client.connect().catch((error: unknown) => logger.debug({ err: error }, "Redis connect ended"));
  return client;
}

/**
 * A transaction on this client that fails at once while it is not connected. node-redis queues a MULTI while it
 * reconnects whatever `disableOfflineQueue` says (it checks it for single commands only), so a transaction given
 * up after a timeout would still run when Redis is back: an enquiry kept on this instance would also reach the
 * shared queue, and be sent twice.
 */
export function transaction(client: RedisClient): ReturnType<RedisClient["multi"]> {
  if (!client.isReady) throw new Error("Redis is not connected (a transaction is not queued while it is away)");
  return client.multi();
}

/** A second connection to the same Redis for blocking reads or pub/sub, which would hold up other commands. */
export function duplicateRedis(client: RedisClient, logger: Logger, purpose: string): RedisClient {
  const copy = client.duplicate();
  watchConnection(copy, logger, purpose);
  copy.connect().catch((error: unknown) => logger.debug({ err: error, purpose }, "Redis connect ended"));
  return copy;
}

/** Readiness and /status: does Redis answer a PING now? Resolves with the round trip in ms, rejects if not. */
export async function pingRedis(client: RedisClient): Promise<number> {
  const started = performance.now();
  await client.ping();
  return Math.round(performance.now() - started);
}

/** Resolves once the client is connected and ready (tests, and callers that must wait for Redis). */
export function redisReady(client: RedisClient): Promise<void> {
  if (client.isReady) return Promise.resolve();
  return new Promise((resolve) => client.once("ready", () => resolve()));
}
