import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";
import { consentCookieName } from "../../../src/lib/consent.ts";
import { type HeaderTemplate, hashAuthorisedInline, makeVariant, sizeOf, type Variant } from "./copy.ts";
import type { CacheKey } from "./key.ts";

/**
 * The store (Varnish's vcl_miss and its storage): stored copies within a memory bound and a bound on keys per
 * route, one render at a time per key that other requests wait for (coalescing), purges that mark copies for
 * replacement, and a page's other renders added in the background (decisions 0120, 0197, 0199).
 */

export type CacheResult = "HIT" | "MISS" | "STALE";

/** Renders one document for the shared cache: the whole page at once, with the given nonce on its scripts. */
export type SharedRender = (request: Request, nonce: string) => Promise<Response>;

export interface Entry {
  path: string;
  /** The route template, for the request metrics. */
  route: string;
  /** 200, or 404 for the one copy every unknown path shares. */
  status: number;
  storedAt: number;
  template: HeaderTemplate;
  variants: Variant[];
  /** Index of the variant served last, so the next answer can pick another. */
  last: number;
  bytes: number;
  /** Whether its renders differ (the home page's client strip): unknown until a second render is compared. */
  varies?: boolean;
  /** Dropped by a purge: never served again; the next request waits for the one render that replaces it. */
  purged?: boolean;
}

/** A stored copy found for a request, and what the cache did to find it. */
export interface Found {
  entry: Entry;
  result: CacheResult;
  /** Past its TTL: answered while one render refreshes it. */
  stale: boolean;
}

export interface StoreOptions {
  render: SharedRender;
  /** The canonical origin (SITE_URL): the address the shared render is asked for. */
  origin: string;
  ttlSeconds: number;
  /** The memory bound: the bytes of every stored copy (identity, gzip and brotli) together. */
  maxBytes: number;
  /** Renders kept of a page whose renders differ. */
  maxVariants: number;
  /** Stored keys per route template (path and the query it reads): the rest are rendered, not stored. */
  maxKeysPerRoute: number;
  /** How long a request waits for the render in flight for its page before rendering it itself. */
  coalesceWaitMs: number;
  now: () => number;
  /**
   * Settles when the process has room for background work (a page's other renders): by default once the event
   * loop was busy less than half of a 200 ms window. Under load the variants wait; visitors never do.
   */
  idle?: () => Promise<void>;
  metrics: Registry;
  logger: Logger;
}

/** The default `idle`: waits 200 ms at a time until the event loop was busy for less than half of one. */
export async function whenEventLoopIdle(): Promise<void> {
  for (;;) {
    const before = performance.eventLoopUtilization();
    await sleep(200);
    if (performance.eventLoopUtilization(before).utilization < 0.5) return;
  }
}

interface Job {
  path: string;
  cancelled: boolean;
  /** Settles when the render is stored (or given up): requests for the same key wait on it. */
  done: Promise<void>;
}

const sharedUserAgent = "gritstone-page-cache";

/** Whether a response with this status may be stored under this key: a page, or the 404 of an unknown path. */
export const storableStatus = (target: CacheKey, status: number) =>
  status === 200 || (target.notFound && status === 404);

export function createStore(options: StoreOptions) {
  const { render, logger, now, maxVariants, maxKeysPerRoute, coalesceWaitMs } = options;
  const idle = options.idle ?? whenEventLoopIdle;
  const ttlMs = options.ttlSeconds * 1000;
  const origin = new URL(options.origin).origin;
  /** How many keys each route template holds now (the bound on keys per route). */
  const keysByRoute = new Map<string, number>();
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (entry, _key, reason) => {
      if (reason === "set") return;
      keysByRoute.set(entry.route, Math.max(0, (keysByRoute.get(entry.route) ?? 1) - 1));
    },
  });
  const jobs = new Map<string, Job>();

  const renders = new Counter({
    name: "page_cache_renders_total",
    help: "Renders made for the page cache, by reason: fill (a first copy, a refresh, a purge's replacement) or variant (one more of a page whose renders differ, in the background)",
    labelNames: ["reason"] as const,
    registers: [options.metrics],
  });
  const fills = new Counter({
    name: "page_cache_fills_total",
    help: "Shared renders for the page cache, by outcome: stored, refused (not storable) or failed",
    labelNames: ["outcome"] as const,
    registers: [options.metrics],
  });
  const gauges = [
    [
      "page_cache_bytes",
      "Bytes held by the page cache (every encoding of every stored page)",
      () => cache.calculatedSize,
    ],
    ["page_cache_entries", "Pages (path and query) held by the page cache", () => cache.size],
  ] as const;
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [options.metrics],
      collect() {
        this.set(read());
      },
    });
  }

  /** One shared render of a key's page: its document without the nonce, or undefined when it may not be stored. */
  async function renderOnce(target: CacheKey, reason: "fill" | "variant") {
    const nonce = randomBytes(16).toString("hex");
    const headers = new Headers({ accept: "text/html", "user-agent": sharedUserAgent });
    if (target.consent && target.consent !== "unset") headers.set("cookie", `${consentCookieName}=${target.consent}`);
    // Appended to the origin, never resolved against it: a path such as //elsewhere/x stays a path of this site.
    const url = new URL(`${origin}${target.path}${target.query ? `?${target.query}` : ""}`);
    renders.inc({ reason });
    const response = await render(new Request(url, { headers }), nonce);
    const cacheControl = response.headers.get("cache-control") ?? "";
    const storable =
      storableStatus(target, response.status) &&
      (response.headers.get("content-type") ?? "").startsWith("text/html") &&
      !response.headers.has("set-cookie") &&
      !/no-store|private/i.test(cacheControl);
    if (!storable) {
      await response.body?.cancel();
      return undefined;
    }
    return { status: response.status, ...hashAuthorisedInline(await response.text(), nonce) };
  }

  /** Keeps an entry, unless its route already holds its share of keys (a new key only; a refresh always). */
  function keep(key: string, entry: Entry) {
    if (!cache.has(key)) {
      const held = keysByRoute.get(entry.route) ?? 0;
      if (held >= maxKeysPerRoute) return;
      keysByRoute.set(entry.route, held + 1);
    }
    cache.set(key, entry);
  }

  /** Starts a job for a key, one at a time per key; a purge cancels it. */
  function job(target: CacheKey, work: (job: Job) => Promise<void>): Job {
    const running = jobs.get(target.key);
    if (running) return running;
    const started: Job = { path: target.path, cancelled: false, done: Promise.resolve() };
    jobs.set(target.key, started);
    started.done = work(started).finally(() => {
      if (jobs.get(target.key) === started) jobs.delete(target.key);
    });
    return started;
  }

  /** Whether a stored page may still gain a variant: not known to render the same, and not full. */
  const mayGrow = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && !entry.purged && entry.varies !== false && entry.variants.length < maxVariants;

  /**
   * One more render of a stored page whose renders may differ, in the background after its fill, one at a time
   * (each when the process is idle) until the page is known to render the same or holds maxVariants: a different render is kept as another
   * variant; the same as the only one says the page does not vary. Requests never wait for these.
   */
  function grow(target: CacheKey, entry: Entry) {
    const task = job(target, async (task) => {
      try {
        const document = await renderOnce(target, "variant");
        if (!document || task.cancelled || cache.get(target.key) !== entry) return;
        const variant = await makeVariant(target.key, entry.template, document, entry.variants);
        if (entry.variants.includes(variant)) {
          if (entry.variants.length === 1) entry.varies = false;
          return;
        }
        entry.varies = true;
        entry.variants.push(variant);
        entry.bytes += sizeOf(variant);
        cache.set(target.key, entry);
      } catch (error) {
        logger.warn({ err: error, path: target.path }, "page cache: another render of a stored page failed");
      }
    });
    void task.done.then(() => growLater(target));
  }

  /**
   * After a fill or a variant: the next variant, if the page may have more, once the process has room for it (a
   * publish every second under load would otherwise render the home page eight times a second).
   */
  function growLater(target: CacheKey) {
    const entry = cache.get(target.key);
    if (!mayGrow(entry) || jobs.has(target.key)) return;
    void idle().then(() => {
      if (cache.get(target.key) === entry && mayGrow(entry) && !jobs.has(target.key)) grow(target, entry);
    });
  }

  /** The one render that stores (or refreshes, or replaces) a key's copy: one render, whatever its page. */
  function fill(target: CacheKey, template: HeaderTemplate, previous: Entry | undefined): Job {
    const task = job(target, async (task) => {
      try {
        const document = await renderOnce(target, "fill");
        const variant = document && (await makeVariant(target.key, template, document, previous?.variants));
        // A purge while this render ran: its content may be the old one, so it is not kept.
        if (task.cancelled) return;
        fills.inc({ outcome: variant ? "stored" : "refused" });
        if (!document || !variant) {
          cache.delete(target.key);
          return;
        }
        keep(target.key, {
          path: target.path,
          route: target.route,
          status: document.status,
          storedAt: now(),
          template,
          variants: [variant],
          last: -1,
          bytes: sizeOf(variant),
          varies: previous?.varies,
        });
      } catch (error) {
        fills.inc({ outcome: "failed" });
        logger.error({ err: error, path: target.path }, "page cache: the shared render failed");
        if (!task.cancelled) cache.delete(target.key);
      }
    });
    void task.done.then(() => growLater(target));
    return task;
  }

  return {
    /**
     * The stored copy for a key. While its page is being rendered (a first fill, or the one a purge needs) the
     * request waits for that render, for a short while, instead of starting another (decision 0197); a purged
     * page starts its one render here. Undefined: the request renders the page itself.
     */
    async lookup(target: CacheKey): Promise<Found | undefined> {
      let entry = cache.get(target.key);
      let result: CacheResult = "HIT";
      if (!entry || entry.purged) {
        const running = jobs.get(target.key) ?? (entry?.purged ? fill(target, entry.template, entry) : undefined);
        if (!running) return undefined;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([running.done, new Promise((resolve) => (timer = setTimeout(resolve, coalesceWaitMs)))]);
        clearTimeout(timer);
        entry = cache.get(target.key);
        if (!entry || entry.purged) return undefined;
        // Answered with the render it waited for: a miss, as far as this request is concerned.
        result = "MISS";
      }
      const stale = now() - entry.storedAt >= ttlMs;
      if (stale && result === "HIT") {
        fill(target, entry.template, entry);
        result = "STALE";
      }
      return { entry, result, stale };
    },

    /**
     * A visitor's render answered: store a shared copy of its page, unless one is being made, or the key is new and
     * its route holds its share already (the render would be thrown away: a flood of fresh keys costs no fills).
     */
    offer(target: CacheKey, template: HeaderTemplate) {
      if (jobs.has(target.key)) return;
      const previous = cache.get(target.key);
      if (!previous && (keysByRoute.get(target.route) ?? 0) >= maxKeysPerRoute) return;
      fill(target, template, previous);
    },

    /** Marks the copies of these paths (every query of each), or of every page, for replacement. */
    purge(paths?: readonly string[]) {
      const only = paths ? new Set(paths) : undefined;
      for (const [key, running] of jobs) {
        if (only && !only.has(running.path)) continue;
        running.cancelled = true;
        jobs.delete(key);
      }
      // Marked, not deleted: the next request for each waits for the one render that replaces it, and no other
      // request renders it meanwhile (decision 0197).
      for (const entry of cache.values()) if (!only || only.has(entry.path)) entry.purged = true;
    },

    stats() {
      return { entries: cache.size, bytes: cache.calculatedSize, maxBytes: options.maxBytes };
    },
  };
}

export type Store = ReturnType<typeof createStore>;
