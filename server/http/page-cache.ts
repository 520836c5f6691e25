import type { ServerResponse } from "node:http";
import type { NextFunction, RequestHandler, Response } from "express";
import onFinished from "on-finished";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { labelRoute } from "../lib/route-labels.ts";
import { answer } from "./page-cache/answer.ts";
import type { Found } from "./page-cache/copy.ts";
import { headerTemplate } from "./page-cache/copy.ts";
import { requestCounter } from "./page-cache/metrics.ts";
import {
  type CacheKey,
  type CachePolicy,
  cachePolicy,
  type PageRequest,
  type PolicyOptions,
} from "./page-cache/policy.ts";
import type { SharedRender } from "./page-cache/render.ts";
import { createStore, type Store } from "./page-cache/store.ts";
import type { TagHeaderName } from "./page-cache/tags.ts";

// The anonymous-page cache (its parts are under page-cache/). A stored copy keeps no nonce: its CSP lists its inline
// scripts' hashes, so one document suits every visitor and a CDN may keep it.

export interface PageCacheOptions {
  render: SharedRender;
  origin: string;
  /** Fresh this long, then served stale while one render refreshes. */
  ttlSeconds: number;
  /** Every stored copy's bytes (identity, gzip and brotli) together. */
  maxBytes: number;
  /** The consent cookie changes the policy, so it is part of the key. */
  consentVaries: boolean;
  routeOf: (path: string) => string;
  routeIds: (path: string) => readonly string[];
  pageExists?: (path: string, route: string, query: string) => boolean | undefined;
  /** Without preview, no preview cookie is valid; with it, the session's own check. */
  preview: PolicyOptions["preview"];
  tagHeader?: TagHeaderName;
  metrics: Registry;
  logger: Logger;
  /** Renders kept of a page whose renders differ. */
  maxVariants?: number;
  /** Per route template; keys beyond it are rendered, not stored. */
  maxKeysPerRoute?: number;
  waitMs?: number;
  now?: () => number;
  idle?: () => Promise<void>;
}

interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** A response with Express's `locals`: set before Express (`storedPagesFirst`), which keeps them. */
type PageResponse = ServerResponse & { locals: Record<string, unknown> };

export interface PageCache {
  /** Before Express: the copy held now (HIT or STALE), or none; the key is kept in `res.locals` for the steps after. */
  stored(req: PageRequest, res: PageResponse): Found | undefined;
  answer(req: PageRequest, res: PageResponse, found: Found): void;
  hit: RequestHandler;
  /** Answers a 404 key from its stored 404; otherwise renders, and a key's first miss starts its fetch. */
  miss: RequestHandler;
  /** Resolves once the tagged copies are stored again; no tags outdates every copy. */
  purge(tags?: readonly string[]): Promise<void>;
  stats(): PageCacheStats;
  /** Whether a page's copy may be kept at all: a private page's never is, so warming leaves it out. */
  keeps(path: string): boolean;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const policy = policyOf(options, now);
  const store = storeOf(options, policy, now);
  const requests = requestCounter(options.metrics);

  const keyOf = (req: PageRequest, res: PageResponse): CacheKey | undefined => {
    if (!("pageCacheKey" in res.locals)) res.locals.pageCacheKey = policy.keyFor(req);
    return res.locals.pageCacheKey as CacheKey | undefined;
  };

  const answerFrom = (req: PageRequest, res: PageResponse, found: Found) => {
    labelRoute(res, found.entry.key.route);
    requests.inc({ result: found.result });
    answer(req, res, found, policy.answerHeaders);
  };
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
    // A 404's path may still be a redirect (a page spelt in capitals), a file or a feed: the miss step answers it.
    if (!key || key.status === 404) next();
    else fromStore(key, req, res, next, next);
  };

  const miss: RequestHandler = (req, res, next) => {
    const key = keyOf(req, res);
    if (!key) {
      next();
      return;
    }
    const rendered = () => render(key, req, res, next);
    // The hit step looked a known page up already; it is looked up again only if a fetch for it began since.
    if (key.status === 404 || store.waiting(key)) fromStore(key, req, res, next, rendered);
    else rendered();
  };

  const render = (key: CacheKey, req: PageRequest, res: Response, next: NextFunction) => {
    renderMiss(key, req, res, { store, policy, countMiss: () => requests.inc({ result: "MISS" }) });
    next();
  };

  return {
    stored(req, res) {
      const key = keyOf(req, res);
      return key && key.status !== 404 ? store.find(key) : undefined;
    },
    answer: answerFrom,
    hit,
    miss,
    purge(tags) {
      logger.info({ tags: tags ?? "all" }, "page cache purged");
      return store.purge(tags);
    },
    stats: store.stats,
    keeps: (path) => policy.keyFor({ method: "GET", url: path, headers: {} }) !== undefined,
  };
}

function policyOf(options: PageCacheOptions, now: () => number) {
  return cachePolicy({
    consentVaries: options.consentVaries,
    ttlSeconds: options.ttlSeconds,
    routeOf: options.routeOf,
    routeIds: options.routeIds,
    pageExists: options.pageExists ?? (() => undefined),
    preview: options.preview,
    tagHeader: options.tagHeader ?? "xkey",
    now,
  });
}

function storeOf(options: PageCacheOptions, policy: CachePolicy, now: () => number) {
  return createStore({
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
    logger: options.logger,
  });
}

/** The fill starts once the headers show the page may be stored; otherwise, or if the visitor leaves, it closes. */
function renderMiss(
  key: CacheKey,
  req: PageRequest,
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
    const template = opened && policy.mayStore(key, this.statusCode, header) ? headerTemplate(this) : undefined;
    // After the decision, which reads the page's own headers: the cookie is this visitor's, so is the answer.
    const clearing = policy.answerHeaders.clearCookie(req);
    if (clearing) {
      this.append("Set-Cookie", clearing);
      if (policy.sharedMayStore(header)) this.setHeader("Cache-Control", policy.answerHeaders.cleared);
    }
    if (!opened) return;
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
