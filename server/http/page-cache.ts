import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { Counter, type Registry } from "prom-client";
import { labelRoute } from "../ops/route-label.ts";
import { answer } from "./page-cache/answer.ts";
import { headerTemplate } from "./page-cache/copy.ts";
import { keyPolicy } from "./page-cache/key.ts";
import { type CacheResult, createStore, type SharedRender, storableStatus } from "./page-cache/store.ts";

/**
 * The anonymous-page HTML cache (docs/decisions/0120-page-cache-and-csp-hashes.md, 0197, 0199), in the parts
 * Varnish separates: the key policy (page-cache/key.ts), making a stored copy (copy.ts), the store with its fills,
 * coalescing, purges and bounds (store.ts), and the answer from a stored copy (answer.ts). This file puts them
 * in the request's way.
 *
 * A page that rendered 200 for a visitor is rendered again for the cache, whole and with a throwaway nonce; the
 * stored copy keeps no nonce: its Content-Security-Policy lists the SHA-256 hashes of the inline scripts that
 * rendered authorised, so one stored document suits every visitor and a CDN may keep it. A stored page is
 * answered before the security middleware runs, replaying the headers of the visitor's response that led to it.
 * The 404 every unknown path shares is answered just before the router instead, once nothing else (a redirect,
 * a file, a feed) took the path.
 */

export type { CacheResult, SharedRender };

export interface PageCacheOptions {
  render: SharedRender;
  /** The canonical origin (SITE_URL): the address the shared render is asked for. */
  origin: string;
  /** Stored pages are fresh this long (the content cache's TTL); then served stale while one render refreshes. */
  ttlSeconds: number;
  /** The memory bound: the bytes of every stored copy (identity, gzip and brotli) together. */
  maxBytes: number;
  /** ANALYTICS_ID is set: the consent cookie changes the policy, so it is part of the key. */
  consentVaries: boolean;
  /** The route template of a path (request metrics label hits with it, as they label renders). */
  routeOf: (path: string) => string;
  metrics: Registry;
  logger: Logger;
  /** Renders kept of a page whose renders differ. */
  maxVariants?: number;
  /** Stored keys per route template (path and the query it reads): the rest are rendered, not stored. */
  maxKeysPerRoute?: number;
  /** How long a request waits for the render in flight for its page before rendering it itself. */
  coalesceWaitMs?: number;
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface PageCache {
  /** Answers GET/HEAD for a stored page (HIT or STALE); goes before the security headers and compression. */
  serve: RequestHandler;
  /**
   * Just before the page renderer: answers an unknown path from the stored 404, marks rendered pages MISS and,
   * once one answered 200 (or an unknown path 404), stores a shared copy.
   */
  observe: RequestHandler;
  /** Drops the stored copies of these paths (every query of each), or of every page when none are given. */
  purge(paths?: readonly string[]): void;
  stats(): PageCacheStats;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { logger, consentVaries } = options;
  const now = options.now ?? Date.now;
  const keyOf = keyPolicy({ consentVaries, routeOf: options.routeOf, now });
  const store = createStore({
    render: options.render,
    origin: options.origin,
    ttlSeconds: options.ttlSeconds,
    maxBytes: options.maxBytes,
    maxVariants: options.maxVariants ?? 8,
    maxKeysPerRoute: options.maxKeysPerRoute ?? 64,
    coalesceWaitMs: options.coalesceWaitMs ?? 3_000,
    now,
    metrics: options.metrics,
    logger,
  });
  const answerOptions = {
    sharedCacheControl: `public, max-age=0, s-maxage=${options.ttlSeconds}, stale-while-revalidate=${options.ttlSeconds}`,
    vary: consentVaries ? "Accept-Encoding, Cookie" : "Accept-Encoding",
  };
  const requests = new Counter({
    name: "page_cache_requests_total",
    help: "Page requests by what the page cache did: HIT (stored copy), STALE (stored copy past its TTL), MISS (rendered)",
    labelNames: ["result"] as const,
    registers: [options.metrics],
  });

  const serve: RequestHandler = async (req, res, next) => {
    const target = keyOf(req);
    // An unknown path may still be a redirect, a file or a feed: its 404 is answered by observe.
    const found = target && !target.notFound ? await store.lookup(target) : undefined;
    if (!found) {
      next();
      return;
    }
    labelRoute(res, found.entry.route);
    requests.inc({ result: found.result });
    answer(req, res, found, answerOptions);
  };

  const observe: RequestHandler = async (req, res, next) => {
    const target = keyOf(req);
    if (!target) {
      next();
      return;
    }
    const found = target.notFound ? await store.lookup(target) : undefined;
    if (found) {
      requests.inc({ result: found.result });
      answer(req, res, found, answerOptions);
      return;
    }
    onHeaders(res, function (this: typeof res) {
      if (!String(this.getHeader("Content-Type") ?? "").startsWith("text/html")) return;
      this.setHeader("X-Cache", "MISS");
      requests.inc({ result: "MISS" });
    });
    res.once("finish", () => {
      const worthStoring =
        storableStatus(target, res.statusCode) &&
        String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
        !res.hasHeader("Set-Cookie") &&
        !/no-store/i.test(String(res.getHeader("Cache-Control") ?? ""));
      const template = worthStoring ? headerTemplate(res) : undefined;
      if (template) store.offer(target, template);
    });
    next();
  };

  return {
    serve,
    observe,
    purge(paths) {
      store.purge(paths);
      logger.info({ paths: paths ?? "all" }, "page cache purged");
    },
    stats: store.stats,
  };
}

/** Every answer to a POST (or any other write) says no-store, whoever answered it. */
export const noStoreForWrites: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    onHeaders(res, function (this: typeof res) {
      this.setHeader("Cache-Control", "no-store");
    });
  }
  next();
};
