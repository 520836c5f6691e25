import { createClient } from "@redis/client";
import type { Logger } from "pino";
import { untilAborted } from "./lib/abort.ts";

function newClient(url: string, timeoutMs: number) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: timeoutMs, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

/**
 * The one connection to Redis (REDIS_URL) that rate limits, the shared enquiry queue and purge messages use.
 * Fails when Redis does not answer at start; afterwards commands fail fast while it is away (no offline queue)
 * and the client reconnects by itself. Blocking reads and subscriptions use `duplicate()` of it.
 */
export async function connectRedis(url: string, logger: Logger, timeoutMs = 5_000): Promise<RedisClient> {
  const client = newClient(url, timeoutMs);
  client.on("error", (error: unknown) => logger.warn({ err: error }, "Redis connection error"));
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // connect() alone keeps retrying while Redis is away; at start, that is a failure.
    await untilAborted(client.connect(), signal);
  } catch (error) {
    client.destroy();
    throw signal.aborted ? new Error("Redis (REDIS_URL) did not answer in time", { cause: error }) : error;
  }
  return client;
}

/** A second connection to the same Redis for blocking reads or pub/sub, which would hold up other commands. */
export async function duplicateRedis(client: RedisClient, logger: Logger, purpose: string): Promise<RedisClient> {
  const copy = client.duplicate();
  copy.on("error", (error: unknown) => logger.warn({ err: error, purpose }, "Redis connection error"));
  await copy.connect();
  return copy;
}

/** Readiness and /status: does Redis answer a PING now? Resolves with the round trip in ms, rejects if not. */
export async function pingRedis(client: RedisClient): Promise<number> {
  const started = performance.now();
  await client.ping();
  return Math.round(performance.now() - started);
}
