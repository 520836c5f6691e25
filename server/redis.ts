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

/** The client retries every few seconds while Redis is away: a line per retry would bury everything else. */
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

// Never holds up the start: the client connects and reconnects in the background. While Redis is away commands fail at
// once (no offline queue) and every user falls back: enquiries to the outbox, rate limits per instance, purges by TTL.
export function openRedis(url: string, logger: Logger, timeoutMs = 5_000): RedisClient {
  const client = newClient(url, timeoutMs);
  watchConnection(client, logger, "shared");
  // connect() keeps retrying while Redis is away and settles once it answers (or the client is closed).
  client.connect().catch((error: unknown) => logger.debug({ err: error }, "Redis connect ended"));
  return client;
}

// node-redis queues a MULTI while it reconnects whatever `disableOfflineQueue` says, so a transaction given up after a
// timeout would still run later: an enquiry kept on this instance would also reach the shared queue and be sent twice.
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

export async function pingRedis(client: RedisClient): Promise<number> {
  const started = performance.now();
  await client.ping();
  return Math.round(performance.now() - started);
}

export function redisReady(client: RedisClient): Promise<void> {
  if (client.isReady) return Promise.resolve();
  return new Promise((resolve) => client.once("ready", () => resolve()));
}
