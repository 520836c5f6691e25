import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { whenEventLoopIdle } from "../../lib/idle.ts";
import { type Entry, type Found, type HeaderTemplate, makeVariant, sizeOf } from "./copy.ts";
import { storeMetrics } from "./metrics.ts";
import type { CacheKey, CachePolicy } from "./policy.ts";
import { renderForKey, type SharedRender } from "./render.ts";
import { everyPageTag, pathTag } from "./tags.ts";

/**
 * The store (Varnish's storage, vcl_miss and its waiting list): copies within a memory bound and a bound on keys
 * per route; one fetch (a render for the cache) at a time per key, which every other request for the key waits for
 * (the waiting list, opened by the first miss); copies past their freshness answered while one fetch refreshes
 * them (grace); a page's other renders added in the background; purges.
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

/** One fetch in flight for a key: the head of its waiting list. */
export interface Fetch {
  /** The tag of the page it renders: a purge naming it cancels the fetch. */
  pathTag: string;
  cancelled: boolean;
  /** Settles when the fetch stored its copy or gave up: the waiting list is answered then. */
  done: Promise<void>;
}

interface OpenFetch extends Fetch {
  settle: () => void;
}

export function createStore(options: StoreOptions) {
  const { render, policy, logger, now, maxVariants, maxKeysPerRoute, waitMs } = options;
  const idle = options.idle ?? whenEventLoopIdle;
  const origin = new URL(options.origin).origin;
  /** How many keys each route template holds now (the bound on keys per route). */
  const keysByRoute = new Map<string, number>();
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (entry, _key, reason) => {
      if (reason === "set") return;
      const route = entry.target.route;
      keysByRoute.set(route, Math.max(0, (keysByRoute.get(route) ?? 1) - 1));
    },
  });
  const fetches = new Map<string, OpenFetch>();
  /** Purged copies are replaced two at a time, leaving render slots to visitors. */
  const refills = pLimit(2);
  /** Keys outdated by a purge of everything, refreshed one at a time when the process has room. */
  const refreshing = new Set<string>();
  let refresher: Promise<void> | undefined;

  const metrics = storeMetrics(options.metrics, cache);
  const renderOnce = (target: CacheKey, reason: "fill" | "variant") => {
    metrics.renders.inc({ reason });
    return renderForKey(render, origin, policy, target);
  };

  /** Keeps an entry, unless its route already holds its share of keys (a new key only; a refresh always). */
  function keep(entry: Entry) {
    const { key, route } = entry.target;
    if (!cache.has(key)) {
      const held = keysByRoute.get(route) ?? 0;
      if (held >= maxKeysPerRoute) return;
      keysByRoute.set(route, held + 1);
    }
    cache.set(key, entry);
  }

  /** Opens a key's waiting list: the fetch every other request for the key waits for, to be run or closed. */
  function open(target: CacheKey): OpenFetch | undefined {
    if (fetches.has(target.key)) return undefined;
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    const opened: OpenFetch = { pathTag: pathTag(target.path), cancelled: false, done, settle };
    fetches.set(target.key, opened);
    void done.then(() => {
      if (fetches.get(target.key) === opened) fetches.delete(target.key);
    });
    return opened;
  }

  /** Runs work as a key's fetch (on the waiting list given, or a new one), one at a time per key. */
  function run(target: CacheKey, work: (fetch: Fetch) => Promise<void>, opened?: OpenFetch): Fetch {
    const mine = opened ?? open(target);
    if (!mine) return fetches.get(target.key) as Fetch;
    void work(mine).finally(mine.settle);
    return mine;
  }

  /** Whether a stored page may still gain a variant: not known to render the same, and not full. */
  const mayVary = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && !entry.purged && entry.varies !== false && entry.variants.length < maxVariants;

  /**
   * One more render of a stored page whose renders may differ, in the background after its fill, one at a time
   * (each when the process is idle) until the page is known to render the same or holds maxVariants: a different
   * render is kept as another variant; the same as the only one says the page does not vary.
   */
  function addVariant(target: CacheKey, entry: Entry) {
    const fetch = run(target, async (fetch) => {
      try {
        const { document, tags } = await renderOnce(target, "variant");
        if (!document || fetch.cancelled || cache.get(target.key) !== entry) return;
        entry.tags = [...new Set([...entry.tags, ...tags])];
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
    void fetch.done.then(() => varyLater(target));
  }

  /** After a fetch or a variant: the next variant, if the page may have more, once the process has room for it. */
  function varyLater(target: CacheKey) {
    const entry = cache.get(target.key);
    if (!mayVary(entry) || fetches.has(target.key)) return;
    void idle().then(() => {
      if (cache.get(target.key) === entry && mayVary(entry) && !fetches.has(target.key)) addVariant(target, entry);
    });
  }

  /**
   * The fetch that stores (or refreshes, or replaces) a key's copy: one render. A refresh that fails or meets an
   * overloaded renderer keeps the copy it would have replaced (grace); one whose page is gone drops it.
   */
  function fetch(target: CacheKey, template: HeaderTemplate, previous: Entry | undefined, opened?: OpenFetch) {
    const running = run(
      target,
      async (fetch) => {
        try {
          const { document, tags, refused } = await renderOnce(target, "fill");
          const variant = document && (await makeVariant(target.key, template, document, previous?.variants));
          // A purge while this render ran: its content may be the old one, so it is not kept.
          if (fetch.cancelled) return;
          metrics.fills.inc({ outcome: variant ? "stored" : "refused" });
          if (!document || !variant) {
            if (refused === undefined || refused < 500 || previous?.purged) cache.delete(target.key);
            return;
          }
          keep({
            target,
            storedAt: now(),
            template,
            tags,
            variants: [variant],
            last: -1,
            bytes: sizeOf(variant),
            varies: previous?.varies,
          });
        } catch (error) {
          metrics.fills.inc({ outcome: "failed" });
          logger.error({ err: error, path: target.path }, "page cache: the shared render failed");
          if (!fetch.cancelled && previous?.purged) cache.delete(target.key);
        }
      },
      opened,
    );
    void running.done.then(() => varyLater(target));
    return running;
  }

  /** A purged copy's replacement, unless a request started it already or a newer purge or fill replaced it. */
  async function replace(entry: Entry) {
    const { target } = entry;
    const running = fetches.get(target.key);
    if (running) await running.done;
    else if (cache.get(target.key) === entry) await fetch(target, entry.template, entry).done;
  }

  /** Refreshes the copies a purge of everything outdated, one at a time, each when the process has room. */
  function refreshOutdated() {
    if (refresher) return;
    refresher = (async () => {
      for (const key of refreshing) {
        refreshing.delete(key);
        await idle();
        const entry = cache.get(key);
        if (!entry?.outdated || fetches.has(key)) continue;
        await fetch(entry.target, entry.template, entry).done;
      }
    })().finally(() => {
      refresher = undefined;
      if (refreshing.size > 0) refreshOutdated();
    });
  }

  /** A request on a key's waiting list: answered from the fetch's copy, or undefined when it failed or took too long. */
  async function waitFor(target: CacheKey, running: Fetch): Promise<Found | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      running.done.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false))),
    ]);
    clearTimeout(timer);
    const entry = cache.get(target.key);
    const found = entry && !entry.purged && !entry.outdated && policy.age(entry.storedAt) === "fresh";
    metrics.waits.inc({ outcome: found ? "answered" : answered ? "passed" : "timeout" });
    // Answered with the fetch it waited for: a miss, as far as this request is concerned.
    return found && entry ? { entry, result: "MISS", stale: false } : undefined;
  }

  return {
    /**
     * The stored copy for a key, at once: fresh (HIT), or past its freshness and within its grace (STALE, while one
     * fetch refreshes it). Undefined: no copy to answer with now (see `wait`).
     */
    find(target: CacheKey): Found | undefined {
      const entry = cache.get(target.key);
      if (!entry || entry.purged) return undefined;
      const age = entry.outdated ? "stale" : policy.age(entry.storedAt);
      if (age === "fresh") return { entry, result: "HIT", stale: false };
      if (age === "stale") {
        if (!fetches.has(target.key)) fetch(entry.target, entry.template, entry);
        return { entry, result: "STALE", stale: true };
      }
      return undefined;
    },

    /**
     * With no copy to answer with but a fetch in flight (a first miss's, or the one a purge or an expired copy
     * needs), the request waits on the key's waiting list, up to waitMs, and is answered from the fetch (MISS).
     * Undefined, or a wait that ends without a copy: the request goes on to be rendered.
     */
    wait(target: CacheKey): Promise<Found | undefined> | undefined {
      const entry = cache.get(target.key);
      const running = fetches.get(target.key) ?? (entry ? fetch(target, entry.template, entry) : undefined);
      return running ? waitFor(target, running) : undefined;
    },

    /** A fetch is in flight for this key: a request for it waits on its waiting list rather than render. */
    waiting: (target: CacheKey) => fetches.has(target.key),

    /**
     * The first miss of a key: opens its waiting list, which the request's own render then settles, by starting
     * the key's fetch once its headers show the page may be stored (`fetchFor`), or by closing it (`close`).
     * Undefined when the key's route holds its share of keys already (the render would be thrown away).
     */
    open(target: CacheKey): OpenFetch | undefined {
      if (!cache.has(target.key) && (keysByRoute.get(target.route) ?? 0) >= maxKeysPerRoute) return undefined;
      return open(target);
    },

    fetchFor(opened: OpenFetch, target: CacheKey, template: HeaderTemplate) {
      fetch(target, template, cache.get(target.key), opened);
    },

    close(opened: OpenFetch) {
      opened.settle();
    },

    /**
     * A purge of these tags: the copies carrying any of them are replaced at once, one render at a time, and a
     * request for one meanwhile waits for its replacement; resolves when every replacement settled. A purge of
     * every page (its tag, or none given) outdates every copy instead, and resolves at once: each is answered stale
     * while they are refreshed in the background, one at a time when the process has room.
     */
    purge(tags: readonly string[] = [everyPageTag]): Promise<void> {
      const named = new Set(tags);
      if (named.has(everyPageTag)) {
        for (const [key, entry] of cache.entries()) {
          entry.outdated = true;
          refreshing.add(key);
        }
        refreshOutdated();
        return Promise.resolve();
      }
      const reached = (entry: Entry | undefined) => entry?.tags.some((tag) => named.has(tag)) === true;
      // Cancelled fetches finish unkept; their waiting lists are answered when they do.
      for (const [key, running] of fetches) {
        if (!named.has(running.pathTag) && !reached(cache.get(key))) continue;
        running.cancelled = true;
        fetches.delete(key);
      }
      const purged = [...cache.values()].filter(reached);
      for (const entry of purged) entry.purged = true;
      return Promise.all(purged.map((entry) => refills(() => replace(entry)))).then(() => {});
    },

    stats() {
      return { entries: cache.size, bytes: cache.calculatedSize, maxBytes: options.maxBytes };
    },
  };
}

export type Store = ReturnType<typeof createStore>;
