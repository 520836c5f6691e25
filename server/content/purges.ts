import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { duplicateRedis, type RedisClient } from "../redis.ts";
import { type PurgePlan, purgeEverything } from "./purge-plan.ts";
import type { ContentSource } from "./source.ts";

/** The content cache or a page cache, dropping what a purge reaches. */
export type PurgeListener = (plan: PurgePlan) => void | Promise<void>;

/** A failure is logged and the other steps still run. */
export function localPurge(options: {
  source: Pick<ContentSource, "reload">;
  listeners: PurgeListener[];
  logger: Logger;
}): (plan: PurgePlan) => Promise<void> {
  const { source, listeners, logger } = options;
  return async (plan) => {
    // Started before the caches are dropped, so no read between the two can cache the old files again.
    const reloaded = source.reload?.();
    const results = await Promise.allSettled([reloaded, ...listeners.map(async (listener) => listener(plan))]);
    for (const result of results) {
      if (result.status === "rejected") logger.error({ err: result.reason }, "a purge step failed");
    }
  };
}

const purgeChannel = "content:purge";

// Every other instance purges on the Redis message. After a lost connection an instance purges everything once,
// since it may have missed a message; the content TTL is the last resort.
export function sharedPurges(options: {
  redis: RedisClient;
  logger: Logger;
  purgeHere: (plan: PurgePlan) => Promise<void>;
  channel?: string;
}) {
  const { redis, logger, purgeHere } = options;
  const channel = options.channel ?? purgeChannel;
  const origin = randomBytes(8).toString("hex");
  // Connects in the background; the client renews the subscription after every reconnection.
  const subscriber = duplicateRedis(redis, logger, "purges");
  let subscribed = false;
  let connected = true;
  subscriber.on("end", () => {
    connected = false;
  });
  subscriber.on("error", () => {
    connected = false;
  });
  subscriber.on("ready", () => {
    if (!subscribed) {
      subscribed = true;
      connected = true;
      subscriber.subscribe(channel, listener).catch((error: unknown) => {
        subscribed = false;
        logger.warn(
          { reason: (error as Error).message },
          "could not subscribe to purges; trying at the next connection",
        );
      });
      return;
    }
    if (connected) return;
    connected = true;
    logger.info("purge channel reconnected; purging in case a purge was missed");
    void purgeHere(purgeEverything);
  });
  const listener = (message: string) => {
    let from: unknown;
    let plan = purgeEverything;
    try {
      const parsed = JSON.parse(message) as { origin?: unknown; plan?: unknown };
      from = parsed.origin;
      plan = readPlan(parsed.plan);
    } catch {
      logger.warn({ channel }, "an unreadable purge message; purging everything");
    }
    if (from === origin) return;
    logger.info({ channel, plan }, "purge from another instance");
    void purgeHere(plan);
  };

  return {
    /** Purges this instance, then tells the others; resolves with how many instances heard it (with this one). */
    async purge(plan: PurgePlan): Promise<number> {
      // The others start at once, while this instance stores its pages again.
      const here = purgeHere(plan);
      const heard = redis
        .publish(channel, JSON.stringify({ origin, at: new Date().toISOString(), plan }))
        .catch((error: unknown) => {
          logger.error({ err: error }, "the purge could not be published: other instances purge within the TTL");
          return 1;
        });
      await here;
      return heard;
    },
    async close() {
      if (subscriber.isOpen) await subscriber.close().catch(() => subscriber.destroy());
      else subscriber.destroy();
    },
  };
}

/** A plan from another instance: lists of strings, or everything where a part is missing or malformed. */
function readPlan(value: unknown): PurgePlan {
  const list = (part: unknown) =>
    Array.isArray(part) && part.every((item) => typeof item === "string") ? (part as string[]) : undefined;
  if (typeof value !== "object" || value === null) return purgeEverything;
  const { contentTypes, paths, entries } = value as Record<string, unknown>;
  return { contentTypes: list(contentTypes) as PurgePlan["contentTypes"], paths: list(paths), entries: list(entries) };
}
