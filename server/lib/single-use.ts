import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { RedisClient } from "../redis.ts";

// What may be accepted once (a signed request): remembered until it would be refused anyway, by every instance through
// Redis where it is configured, by this one otherwise or while Redis fails.

export interface SingleUse {
  /** True the first time `id` is claimed; false while it is remembered (`ttlMs` from the first claim). */
  claim(id: string, ttlMs: number): Promise<boolean>;
}

export interface SingleUseOptions {
  redis?: RedisClient;
  /** Redis key prefix, one per kind of thing claimed. */
  prefix: string;
  logger: Logger;
  /** Held on this instance; only what passed its own check is claimed, so far more than ever arrive in a TTL. */
  max?: number;
}

export function singleUse({ redis, prefix, logger, max = 10_000 }: SingleUseOptions): SingleUse {
  // Also when Redis answers: an id this instance took while Redis was away is still refused once it is back.
  const here = new LRUCache<string, true>({ max });
  let failing = false;

  async function claimedInRedis(client: RedisClient, id: string, ttlMs: number): Promise<boolean | undefined> {
    try {
      const set = await client.set(`${prefix}${id}`, "1", {
        condition: "NX",
        expiration: { type: "PX", value: Math.max(1, Math.ceil(ttlMs)) },
      });
      if (failing) logger.info({ prefix }, "single-use ids: Redis answers again");
      failing = false;
      return set === "OK";
    } catch (error) {
      if (!failing) logger.warn({ err: error, prefix }, "single-use ids: Redis failed, remembered on this instance");
      failing = true;
      return undefined;
    }
  }

  return {
    async claim(id, ttlMs) {
      if (here.has(id)) return false;
      here.set(id, true, { ttl: Math.max(1, Math.ceil(ttlMs)) });
      const shared = redis ? await claimedInRedis(redis, id, ttlMs) : undefined;
      return shared ?? true;
    },
  };
}
