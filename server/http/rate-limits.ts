import type { RequestHandler } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { canonicalPath } from "../../src/lib/redirects.ts";
import { site } from "../../src/site.ts";
import type { RedisClient } from "../redis.ts";
import { sendFail } from "./refusals.ts";

export interface RateLimitOptions {
  contactPer15Minutes: number;
  contentPerMinute: number;
  /** A shared store per tier (Redis when REDIS_URL is set); each instance counts on its own otherwise. */
  store?: RateLimitStores;
}

/** Makes the store for one tier of limits; each tier needs its own. */
export type RateLimitStores = (tier: string) => Store;

// The enquiry API and the contact page's own form action (with and without JavaScript) share one budget, whatever
// the spelling of the path (case, trailing slash, `.data`): tiers are chosen by the canonical path.
const contactPaths = new Set(["/emails/contact-form", "/contact"]);

/** Tiered limits for every POST route: enquiries strictest, the content proxy generous, the rest in between. */
export function postRateLimit({ contactPer15Minutes, contentPerMinute, store }: RateLimitOptions): RequestHandler {
  const limiter = (tier: string, windowMs: number, limit: number, message: string): RequestHandler =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      store: store?.(tier),
      // If the shared store fails, visitors still get through; the error is logged by express-rate-limit.
      passOnStoreError: true,
      handler(req, res) {
        sendFail(req, res, 429, message);
      },
    });
  const contact = limiter(
    "contact",
    15 * 60_000,
    contactPer15Minutes,
    `Too many enquiries from your connection. Please try again in 15 minutes, or email us at ${site.email}.`,
  );
  const content = limiter(
    "content",
    60_000,
    contentPerMinute,
    "Too many content requests. Please slow down and try again in a minute.",
  );
  const other = limiter("other", 60_000, 60, "Too many requests. Please try again in a minute.");
  return (req, res, next) => {
    const path = canonicalPath(req.path);
    const tier = contactPaths.has(path) ? contact : path === "/contentful/posts" ? content : other;
    tier(req, res, next);
  };
}

/** One shared store per tier on the site's Redis connection (server/redis.ts), keys `rate-limit:<tier>:…`. */
export function redisRateLimitStores(client: RedisClient): RateLimitStores {
  return (tier) =>
    new RedisStore({
      prefix: `rate-limit:${tier}:`,
      sendCommand: (...args: string[]) => client.sendCommand(args),
    });
}
