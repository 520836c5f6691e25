import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { whenEventLoopIdle } from "../../lib/idle.ts";
import type { Entry, Found, HeaderTemplate } from "./copy.ts";
import { createFills } from "./fills.ts";
import { storeMetrics } from "./metrics.ts";
import type { CacheKey, CachePolicy } from "./policy.ts";
import { renderForKey, type SharedRender } from "./render.ts";
import { everyPageTag } from "./tags.ts";
import { createWaitingLists, type Fetch, type OpenFetch } from "./waiting-lists.ts";

/**
 * The store (Varnish's storage): copies within a memory bound and a bound on keys per route; finding a copy, fresh
 * or within its grace; a request waiting on a key's waiting list (waiting-lists.ts) for its fill (fills.ts);
 * purges by tag.
 */

export interface StoreOptions {
  render: SharedRender;
  /** The canonical origin (SITE_URL): the address the shared render is asked for. */
  origin: string;
  policy: CachePolicy;
  /** The memory bound: the bytes of every stored copy (identity, gzip and brotli) together. */
  maxBytes: number;
  /** Renders kept of a page whose renders differ. */
  maxVariants: number;
  /** Stored keys per route template (path and the query it reads): the rest are rendered, not stored. */
  maxKeysPerRoute: number;
  /** How long a request on a waiting list waits for its key's fetch before going on without it. */
  waitMs: number;
  now: () => number;
  /**
   * Settles when the process has room for background work (a page's other renders, refreshes after a purge of
   * everything): by default once the event loop was busy less than half of a 200 ms window.
   */
  idle?: () => Promise<void>;
  metrics: Registry;
  logger: Logger;
}

export function createStore(options: StoreOptions) {
  const { policy, logger, maxKeysPerRoute, waitMs } = options;
  const origin = new URL(options.origin).origin;
  /** How many keys each route template holds now (the bound on keys per route). */
  const keysByRoute = new Map<string, number>();
  const copies = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (entry, _key, reason) => {
      if (reason === "set") return;
      const route = entry.key.route;
      keysByRoute.set(route, Math.max(0, (keysByRoute.get(route) ?? 1) - 1));
    },
  });
  const lists = createWaitingLists();
  const metrics = storeMetrics(options.metrics, copies);
  const fills = createFills({
    copies,
    keep,
    lists,
    render: (key) => renderForKey(options.render, origin, policy, key),
    metrics,
    maxVariants: options.maxVariants,
    idle: options.idle ?? whenEventLoopIdle,
    now: options.now,
    logger,
  });

  /** Keeps an entry, unless its route already holds its share of keys (a new key only; a refresh always). */
  function keep(entry: Entry) {
    const { id, route } = entry.key;
    if (!copies.has(id)) {
      const held = keysByRoute.get(route) ?? 0;
      if (held >= maxKeysPerRoute) return;
      keysByRoute.set(route, held + 1);
    }
    copies.set(id, entry);
  }

  /** A request on a key's waiting list: answered from the fill's copy, or undefined when it failed or took too long. */
  async function waitFor(key: CacheKey, running: Fetch): Promise<Found | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      running.done.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false))),
    ]);
    clearTimeout(timer);
    const entry = copies.get(key.id);
    const found = entry && !entry.purged && !entry.outdated && policy.age(entry.storedAt) === "fresh";
    metrics.waits.inc({ outcome: found ? "answered" : answered ? "passed" : "timeout" });
    // Answered with the fill it waited for: a miss, as far as this request is concerned.
    return found && entry ? { entry, result: "MISS", stale: false } : undefined;
  }

  return {
    /**
     * The stored copy for a key, at once: fresh (HIT), or past its freshness and within its grace (STALE, while one
     * fill refreshes it). Undefined: no copy to answer with now (see `wait`).
     */
    find(key: CacheKey): Found | undefined {
      const entry = copies.get(key.id);
      if (!entry || entry.purged) return undefined;
      const age = entry.outdated ? "stale" : policy.age(entry.storedAt);
      if (age === "fresh") return { entry, result: "HIT", stale: false };
      if (age === "stale") {
        if (!lists.has(key.id)) fills.fill(entry.key, entry.template, entry);
        return { entry, result: "STALE", stale: true };
      }
      return undefined;
    },

    /**
     * With no copy to answer with but a fill in flight (a first miss's, or the one a purge or an expired copy
     * needs), the request waits on the key's waiting list, up to waitMs, and is answered from the fill (MISS).
     * Undefined, or a wait that ends without a copy: the request goes on to be rendered.
     */
    wait(key: CacheKey): Promise<Found | undefined> | undefined {
      const entry = copies.get(key.id);
      const running = lists.get(key.id) ?? (entry ? fills.fill(key, entry.template, entry) : undefined);
      return running ? waitFor(key, running) : undefined;
    },

    /** A fill is in flight for this key: a request for it waits on its waiting list rather than render. */
    waiting: (key: CacheKey) => lists.has(key.id),

    /**
     * The first miss of a key: opens its waiting list, which the request's own render then settles, by starting
     * the key's fill once its headers show the page may be stored (`fetchFor`), or by closing it (`close`).
     * Undefined when the key's route holds its share of keys already (the render would be thrown away).
     */
    open(key: CacheKey): OpenFetch | undefined {
      if (!copies.has(key.id) && (keysByRoute.get(key.route) ?? 0) >= maxKeysPerRoute) return undefined;
      return lists.open(key);
    },

    fetchFor(opened: OpenFetch, key: CacheKey, template: HeaderTemplate) {
      fills.fill(key, template, copies.get(key.id), opened);
    },

    close(opened: OpenFetch) {
      opened.settle();
    },

    /**
     * A purge of these tags: the copies carrying any of them are replaced at once, and a request for one meanwhile
     * waits for its replacement; resolves when every replacement settled. A purge of every page (its tag, or none
     * given) outdates every copy instead, and resolves at once: each is answered stale while they are refreshed in
     * the background, one at a time when the process has room.
     */
    async purge(tags: readonly string[] = [everyPageTag]): Promise<void> {
      const named = new Set(tags);
      if (named.has(everyPageTag)) {
        for (const entry of copies.values()) entry.outdated = true;
        fills.refreshLater(copies.keys());
        return;
      }
      const reached = (entry: Entry | undefined) => entry?.tags.some((tag) => named.has(tag)) === true;
      lists.cancel((id, running) => named.has(running.pathTag) || reached(copies.get(id)));
      const purged = [...copies.values()].filter(reached);
      for (const entry of purged) entry.purged = true;
      await fills.replaceAll(purged);
    },

    stats() {
      return { entries: copies.size, bytes: copies.calculatedSize, maxBytes: options.maxBytes };
    },
  };
}

export type Store = ReturnType<typeof createStore>;
