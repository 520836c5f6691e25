import { createHash } from "node:crypto";
import { type Request, type RequestHandler, type Response, Router } from "express";
import { MemoryStore, type Options, rateLimit, type Store } from "express-rate-limit";
import type { Logger } from "pino";
import { RedisStore } from "rate-limit-redis";
import { site } from "../../src/shared/site.ts";
import { faultLog } from "../lib/fault-log.ts";
import type { RedisClient } from "../redis.ts";
import { endpointOf, type RateTier } from "./endpoints.ts";
import { sendFail } from "./refusals.ts";

export interface RateLimitOptions {
  contactPer15Minutes: number;
  contentPerMinute: number;
  store?: RateLimitStores;
}

export type RateLimitStores = (tier: string) => Store;

/** Refused enquiries (a missing field, a body too large) per address in 15 minutes: room for mistakes, not probing. */
const refusedEnquiriesPer15Minutes = 30;

// The contact budget counts what the handler took: an enquiry accepted (or answered as sent again) and a failed spam
// answer (403). Other refusals give their hit back, and count against a larger budget of their own instead.
const usesContactBudget = (_req: Request, res: Response) => res.statusCode < 400 || res.statusCode === 403;
const notRefused = (req: Request, res: Response) => usesContactBudget(req, res) || res.statusCode >= 500;

export function postRateLimit({ contactPer15Minutes, contentPerMinute, store }: RateLimitOptions): RequestHandler {
  const limiter = (
    tier: string,
    windowMs: number,
    limit: number,
    message: string,
    counts?: Partial<Pick<Options, "skipFailedRequests" | "skipSuccessfulRequests" | "requestWasSuccessful">>,
  ): RequestHandler =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: "draft-8",
      // The policy's name in the RateLimit headers is its tier, so a client (and a test) can tell which it met.
      identifier: tier,
      legacyHeaders: false,
      store: store?.(tier),
      // If the shared store fails, visitors still get through; the error is logged by express-rate-limit.
      passOnStoreError: true,
      handler(req, res) {
        sendFail(req, res, 429, message);
      },
      ...counts,
    });
  const contactMessage = `Please try again in 15 minutes, or email us at ${site.email}.`;
  // The two in turn: one 429 is enough, and the second never counts what the first refused.
  const contact = Router().use(
    limiter("contact", 15 * 60_000, contactPer15Minutes, `Too many enquiries from your connection. ${contactMessage}`, {
      skipFailedRequests: true,
      requestWasSuccessful: usesContactBudget,
    }),
    limiter(
      "contact-refused",
      15 * 60_000,
      refusedEnquiriesPer15Minutes,
      `Too many refused enquiries from your connection. ${contactMessage}`,
      { skipSuccessfulRequests: true, requestWasSuccessful: notRefused },
    ),
  );
  const content = limiter(
    "content",
    60_000,
    contentPerMinute,
    "Too many content requests. Please slow down and try again in a minute.",
  );
  const other = limiter("other", 60_000, 60, "Too many requests. Please try again in a minute.");
  // Contentful calls once per publish, unpublish or delete; a burst past this is not Contentful's.
  const webhook = limiter("webhook", 60_000, 60, "Too many requests. Please try again in a minute.");
  // Browsers' own reports (Core Web Vitals, CSP violations): a page view sends about five.
  const reports = limiter("reports", 60_000, 120, "Too many reports. Please try again in a minute.");
  // By the canonical path, so the enquiry API and the contact page's own form share one budget however spelt.
  const tiers: Record<RateTier, RequestHandler> = { contact, content, reports, webhook, other };
  return (req, res, next) => tiers[endpointOf(req.path).rateTier](req, res, next);
}

// While Redis is away each instance counts in memory; the outage is logged once, not per request.
export function redisRateLimitStores(client: RedisClient, logger: Logger): RateLimitStores {
  return (tier) => {
    const shared = new RedisStore({
      prefix: `rate-limit:${tier}:`,
      sendCommand: async (...args: string[]) => {
        try {
          return await client.sendCommand(args);
        } catch (error) {
          // A script loaded while Redis is away is known by its SHA-1; Redis answers NOSCRIPT once back, and the
          // store loads it then. Without this, a start with Redis down left the store failing for good.
          if (args[0] === "SCRIPT" && args[1] === "LOAD" && args[2])
            return createHash("sha1").update(args[2]).digest("hex");
          throw error;
        }
      },
    });
    return withFallback(
      shared,
      new MemoryStore(),
      faultLog(logger, "shared rate limits unavailable; counting per instance", { tier }),
    );
  };
}

function withFallback(shared: Store, local: Store, fault: ReturnType<typeof faultLog>): Store {
  const either = async <T>(name: string, run: (store: Store) => Promise<T> | T | undefined): Promise<T | undefined> => {
    try {
      const value = await run(shared);
      fault.ok();
      return value;
    } catch (error) {
      fault.fail(Object.assign(error as Error, { store: name }));
      return run(local);
    }
  };
  return {
    prefix: shared.prefix,
    localKeys: false,
    init(options) {
      shared.init?.(options);
      local.init?.(options);
    },
    get: (key) => either("get", (store) => store.get?.(key)),
    increment: (key) => either("increment", (store) => store.increment(key)) as ReturnType<Store["increment"]>,
    decrement: (key) => either("decrement", (store) => store.decrement(key)).then(() => {}),
    resetKey: (key) => either("resetKey", (store) => store.resetKey(key)).then(() => {}),
  };
}
