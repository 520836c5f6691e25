import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { RedisClient } from "../redis.ts";
import { faultLog } from "./fault-log.ts";

/** Keys taken once until they expire: a spam question answered, an enquiry sent. */
export interface Claims {
  /** True if the key was free and is now taken for `ttlMs`; false if it was already taken. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Frees a key this process took, so the same key can be taken again. */
  release(key: string): Promise<void>;
}

/** Bounded: past this, the least recently taken keys are forgotten first (the rate limits bound who can fill it). */
const rememberedKeys = 100_000;

export function memoryClaims(max = rememberedKeys): Claims {
  const taken = new LRUCache<string, true>({ max });
  return {
    async claim(key, ttlMs) {
      if (taken.has(key)) return false;
      taken.set(key, true, { ttl: Math.max(1, Math.round(ttlMs)) });
      return true;
    },
    async release(key) {
      taken.delete(key);
    },
  };
}

// Shared by every instance: SET NX PX. While Redis is away each instance takes keys in its own memory (the outage
// logged once), so nothing is refused for it; what Redis took is also kept here, for such an outage.
export function redisClaims(redis: RedisClient, logger: Logger, prefix = "claim:"): Claims {
  const local = memoryClaims();
  const fault = faultLog(logger, "shared claims unavailable; remembering on this instance only");
  return {
    async claim(key, ttlMs) {
      const ms = Math.max(1, Math.round(ttlMs));
      let free: boolean;
      try {
        const set = await redis.set(`${prefix}${key}`, "1", { condition: "NX", expiration: { type: "PX", value: ms } });
        free = set !== null;
        fault.ok();
      } catch (error) {
        fault.fail(error);
        return local.claim(key, ms);
      }
      // Free in Redis but taken here: taken while Redis was away (or before it lost its data).
      return free && (await local.claim(key, ms));
    },
    async release(key) {
      await local.release(key);
      try {
        await redis.del(`${prefix}${key}`);
        fault.ok();
      } catch (error) {
        fault.fail(error);
      }
    },
  };
}
