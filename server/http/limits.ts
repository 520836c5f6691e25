import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { canonicalPath } from "../../src/lib/redirects.ts";
import { site } from "../../src/site.ts";
import { escapeMarkup } from "../lib/markup.ts";
import type { RedisClient } from "../redis.ts";

/** A JSON answer in the shape both POST endpoints use: the form shows `message` with `status` as its class. */
export function fail(message: string) {
  return { status: "fail", message };
}

/**
 * A refusal in the shape the caller can read: the JSON answer for the API and for JavaScript, a small page for a
 * form posted without JavaScript (the browser would otherwise show raw JSON).
 */
export function sendFail(req: Request, res: Response, status: number, message: string) {
  res.set("Cache-Control", "no-store");
  if (req.accepts(["json", "html"]) === "html") {
    res
      .status(status)
      .type("html")
      .send(failPage(message, req.path === "/contact" ? "/contact" : "/"));
  } else {
    res.status(status).json(fail(message));
  }
}

function failPage(message: string, back: string) {
  const text = escapeMarkup(message);
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${site.name}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#141414;background:#f6f1e8"><p class="fail" role="alert" style="color:#b3261e;font-weight:600">${text}</p><p><a href="${back}">Go back</a></p></body></html>`;
}

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
