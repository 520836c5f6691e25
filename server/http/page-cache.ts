import type { ServerResponse } from "node:http";
import type { NextFunction, RequestHandler, Response } from "express";
import onFinished from "on-finished";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { answer } from "./page-cache/answer.ts";
import type { Found } from "./page-cache/copy.ts";
import { headerTemplate } from "./page-cache/copy.ts";
import { requestCounter } from "./page-cache/metrics.ts";
import { type CacheKey, type CachePolicy, cachePolicy, type PageRequest } from "./page-cache/policy.ts";
import type { SharedRender } from "./page-cache/render.ts";
import { labelRoute } from "./page-cache/routes.ts";
import { createStore, type Store } from "./page-cache/store.ts";
import type { TagHeaderName } from "./page-cache/tags.ts";

/**
 * The anonymous-page cache (decisions 0120, 0197, 0199, 0206), in the parts Varnish separates: the policy
 * (page-cache/policy.ts: what passes, the key, what may be stored, freshness and grace, the answer's headers),
 * making a stored copy (copy.ts), the store with its fetches, waiting lists, grace and purges (store.ts), the answer
 * from a copy (answer.ts), the route table the key needs (routes.ts), the shared render (render.ts) and warming
 * (warm.ts). This file puts them in the request's way.
 *
 * A page that rendered for a visitor is rendered again for the cache, whole and with a throwaway nonce; the stored
 * copy keeps no nonce: its Content-Security-Policy lists the SHA-256 hashes of the inline scripts that rendered
 * authorised, so one stored document suits every visitor and a CDN may keep it. A stored page is answered before
 * the security middleware runs, replaying the headers of the visitor's response that led to it. The 404 every
 * unknown path shares is answered just before the router instead, once nothing else (a redirect, a file, a feed)
 * took the path.
 */

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
  /** Whether a content route's path names a page that exists (see policy.ts); undefined when not known. */
  pageExists?: (path: string, route: string) => boolean | undefined;
  /** The header stored copies carry their tags in, for a tier in front (CACHE_TAG_HEADER); xkey unless given. */
  tagHeader?: TagHeaderName;
  metrics: Registry;
  logger: Logger;
  /** Renders kept of a page whose renders differ. */
  maxVariants?: number;
  /** Stored keys per route template (path and the query it reads): the rest are rendered, not stored. */
  maxKeysPerRoute?: number;
  /** How long a request on a page's waiting list waits for its fetch before it is rendered itself. */
  waitMs?: number;
  now?: () => number;
  /** When the process has room for background work (server/lib/idle.ts's whenEventLoopIdle unless given). */
  idle?: () => Promise<void>;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** A response with Express's `locals`: set before Express (`storedPagesFirst`), which keeps them. */
export type PageResponse = ServerResponse & { locals: Record<string, unknown> };

export interface PageCache {
  /**
   * Before Express (`storedPagesFirst`, http/pages.ts): the copy the store holds now for this request (HIT or STALE), or none (a
   * miss, a key with a waiting list, a path no route knows, a request that passes the cache). Its key is kept in
   * `res.locals` for the steps after.
   */
  stored(req: PageRequest, res: PageResponse): Found | undefined;
  /** Answers a request from that copy, its route labelled for the request metrics. */
  answer(req: PageRequest, res: PageResponse, found: Found): void;
  /**
   * Before the security headers and compression: answers GET/HEAD for a stored page (HIT or STALE), or once the
   * fetch it waited for on the page's waiting list stored it (MISS).
   */
  hit: RequestHandler;
  /**
   * Just before the page renderer: answers an unknown path from the stored 404; otherwise the request is a miss,
   * rendered for the visitor, and the first miss of a key opens its waiting list and starts its one fetch as soon
   * as the render's headers show the page may be stored.
   */
  miss: RequestHandler;
  /**
   * Replaces the stored copies carrying any of these tags (tags.ts), resolving once they are stored again; without
   * tags, or with every page's, outdates every copy (answered stale while they are refreshed in the background).
   */
  purge(tags?: readonly string[]): Promise<void>;
  stats(): PageCacheStats;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const policy = cachePolicy({
    consentVaries: options.consentVaries,
    ttlSeconds: options.ttlSeconds,
    routeOf: options.routeOf,
    pageExists: options.pageExists ?? (() => undefined),
    tagHeader: options.tagHeader ?? "xkey",
    now,
  });
  const store = createStore({
    render: options.render,
    origin: options.origin,
    policy,
    maxBytes: options.maxBytes,
    maxVariants: options.maxVariants ?? 8,
    maxKeysPerRoute: options.maxKeysPerRoute ?? 64,
    waitMs: options.waitMs ?? 3_000,
    now,
    idle: options.idle,
    metrics: options.metrics,
    logger,
  });
  const requests = requestCounter(options.metrics);

  /** The request's key, worked out once (the hit and miss steps both need it). */
  const keyOf = (req: PageRequest, res: PageResponse): CacheKey | undefined => {
    if (!("pageCacheKey" in res.locals)) res.locals.pageCacheKey = policy.keyFor(req);
    return res.locals.pageCacheKey as CacheKey | undefined;
  };

  const answerFrom = (req: PageRequest, res: PageResponse, found: Found) => {
    labelRoute(res, found.entry.key.route);
    requests.inc({ result: found.result });
    answer(req, res, found, policy.answerHeaders);
  };
  /**
   * Answers from the store: a copy it holds now, or the one the fetch on the key's waiting list stores while the
   * request waits for it; `otherwise` when there is neither.
   */
  const fromStore = (key: CacheKey, req: PageRequest, res: PageResponse, next: NextFunction, otherwise: () => void) => {
    const found = store.find(key);
    if (found) {
      answerFrom(req, res, found);
      return;
    }
    const waiting = store.wait(key);
    if (waiting) waiting.then((found) => (found ? answerFrom(req, res, found) : otherwise()), next);
    else otherwise();
  };

  // A stored copy is answered in the same tick the request arrived in: no promise on the way.
  const hit: RequestHandler = (req, res, next) => {
    const key = keyOf(req, res);
    // An unknown path may still be a redirect, a file or a feed: its 404 is answered by the miss step.
    if (!key || key.notFound) next();
    else fromStore(key, req, res, next, next);
  };

  const miss: RequestHandler = (req, res, next) => {
    const key = keyOf(req, res);
    if (!key) {
      next();
      return;
    }
    const rendered = () => render(key, res, next);
    // The hit step looked a known page up already; it is looked up again only if a fetch for it began since.
    if (key.notFound || store.waiting(key)) fromStore(key, req, res, next, rendered);
    else rendered();
  };

  const render = (key: CacheKey, res: Response, next: NextFunction) => {
    renderMiss(key, res, { store, policy, countMiss: () => requests.inc({ result: "MISS" }) });
    next();
  };

  return {
    stored(req, res) {
      const key = keyOf(req, res);
      return key && !key.notFound ? store.find(key) : undefined;
    },
    answer: answerFrom,
    hit,
    miss,
    purge(tags) {
      logger.info({ tags: tags ?? "all" }, "page cache purged");
      return store.purge(tags);
    },
    stats: store.stats,
  };
}

/**
 * A miss, rendered for the visitor: the key's first miss opens its waiting list, and once the render's headers show
 * the page may be stored, starts the key's fill; otherwise, or if the visitor leaves first, closes it.
 */
function renderMiss(
  key: CacheKey,
  res: Response,
  { store, policy, countMiss }: { store: Store; policy: CachePolicy; countMiss: () => void },
) {
  const opened = store.open(key);
  let decided = false;
  onHeaders(res, function (this: Response) {
    decided = true;
    const header = (name: string) => {
      const value = this.getHeader(name);
      return value === undefined ? undefined : String(value);
    };
    // Marked a miss whether or not it may be stored; private to this visitor either way (it carries their nonce).
    if (/^text\/(html|x-script)/.test(header("content-type") ?? "")) {
      this.setHeader("X-Cache", "MISS");
      countMiss();
    }
    if (!opened) return;
    const template = policy.mayStore(key, this.statusCode, header) ? headerTemplate(this) : undefined;
    if (template) store.fetchFor(opened, key, template);
    else store.close(opened);
  });
  // A visitor gone before the headers were written: the waiting list goes on without this render.
  if (opened) onFinished(res, () => decided || store.close(opened));
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
