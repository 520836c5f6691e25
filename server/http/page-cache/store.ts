import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { whenEventLoopIdle } from "../../lib/idle.ts";
import type { Entry, Found, HeaderTemplate } from "./copy.ts";
import { storeMetrics } from "./metrics.ts";
import type { CacheKey, CachePolicy } from "./policy.ts";
import { createRefresher } from "./refresh.ts";
import { renderForKey, type SharedRender } from "./render.ts";
import { everyPageTag } from "./tags.ts";
import { createWaitingLists, type Fetch, type OpenFetch } from "./waiting-lists.ts";

export interface StoreOptions {
  render: SharedRender;
  origin: string;
  policy: CachePolicy;
  maxBytes: number;
  maxVariants: number;
  maxKeysPerRoute: number;
  waitMs: number;
  now: () => number;
  /** By default once the event loop was busy less than half of a 200 ms window. */
  idle?: () => Promise<void>;
  metrics: Registry;
  logger: Logger;
}

export function createStore(options: StoreOptions) {
  const { policy, logger, maxKeysPerRoute, waitMs } = options;
  const origin = new URL(options.origin).origin;
  const { copies, keep, hasRoomFor } = sharedByRoute(options.maxBytes, maxKeysPerRoute);
  const lists = createWaitingLists();
  const metrics = storeMetrics(options.metrics, copies);
  const refresher = createRefresher({
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

  return {
    /** Fresh (HIT), or within its grace (STALE, while one render refreshes it); undefined: nothing to answer with now. */
    find(key: CacheKey): Found | undefined {
      const entry = copies.get(key.id);
      if (!entry || entry.purged) return undefined;
      const age = entry.stale ? "stale" : policy.age(entry.storedAt);
      if (age === "fresh") return { entry, result: "HIT" };
      if (age === "stale") {
        if (!lists.has(key.id)) refresher.refresh(entry.key, entry.template, entry);
        return { entry, result: "STALE" };
      }
      return undefined;
    },

    /** Waits up to waitMs for a render in flight (starting one for an expired copy); undefined: the request renders. */
    wait(key: CacheKey): Promise<Found | undefined> | undefined {
      const entry = copies.get(key.id);
      const running = lists.get(key.id) ?? (entry ? refresher.refresh(key, entry.template, entry) : undefined);
      return running ? waitForRender(key, running, { copies, policy, metrics, waitMs }) : undefined;
    },

    waiting: (key: CacheKey) => lists.has(key.id),

    // The key's first miss opens its waiting list, which the request's own render settles (`fetchFor` or `close`).
    // Undefined when the route holds its share of keys already: the render would be thrown away.
    open(key: CacheKey): OpenFetch | undefined {
      if (!hasRoomFor(key)) return undefined;
      return lists.open(key);
    },

    fetchFor(opened: OpenFetch, key: CacheKey, template: HeaderTemplate) {
      refresher.refresh(key, template, copies.get(key.id), opened);
    },

    close(opened: OpenFetch) {
      opened.settle();
    },

    // Tagged copies are replaced at once, and a request waits for the replacement. A purge of every page makes every
    // copy stale instead and resolves at once: each is answered stale while refreshed in the background.
    async purge(tags: readonly string[] = [everyPageTag]): Promise<void> {
      const named = new Set(tags);
      if (named.has(everyPageTag)) {
        for (const entry of copies.values()) entry.stale = true;
        refresher.refreshLater(copies.keys());
        return;
      }
      const reached = (entry: Entry | undefined) => entry?.tags.some((tag) => named.has(tag)) === true;
      lists.cancel((id, running) => named.has(running.pathTag) || reached(copies.get(id)));
      const purged = [...copies.values()].filter(reached);
      for (const entry of purged) entry.purged = true;
      await refresher.replaceAll(purged);
    },

    stats() {
      return { entries: copies.size, bytes: copies.calculatedSize, maxBytes: options.maxBytes };
    },
  };
}

export type Store = ReturnType<typeof createStore>;

// The copies, at most maxBytes in all, least recently used out first; and each route's share of keys, so that one
// page under endless query strings cannot push every other page out.
function sharedByRoute(maxBytes: number, maxKeysPerRoute: number) {
  const keysByRoute = new Map<string, number>();
  const copies = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (entry, _key, reason) => {
      if (reason === "set") return;
      const route = entry.key.route;
      keysByRoute.set(route, Math.max(0, (keysByRoute.get(route) ?? 1) - 1));
    },
  });

  return {
    copies,

    /** A new key only while its route holds less than its share of keys; a refresh always. */
    keep(entry: Entry) {
      const { id, route } = entry.key;
      if (!copies.has(id)) {
        const held = keysByRoute.get(route) ?? 0;
        if (held >= maxKeysPerRoute) return;
        keysByRoute.set(route, held + 1);
      }
      copies.set(id, entry);
    },

    /** False for a new key whose route holds its share already: `keep` would throw its copy away. */
    hasRoomFor: (key: CacheKey) => copies.has(key.id) || (keysByRoute.get(key.route) ?? 0) < maxKeysPerRoute,
  };
}

interface WaitOptions {
  copies: LRUCache<string, Entry>;
  policy: CachePolicy;
  metrics: ReturnType<typeof storeMetrics>;
  waitMs: number;
}

/** Waits up to waitMs for the render in flight; undefined when no fresh copy came of it. */
async function waitForRender(key: CacheKey, running: Fetch, options: WaitOptions): Promise<Found | undefined> {
  const { copies, policy, metrics, waitMs } = options;
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    running.done.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false))),
  ]);
  clearTimeout(timer);
  const entry = copies.get(key.id);
  const found = entry && !entry.purged && !entry.stale && policy.age(entry.storedAt) === "fresh";
  metrics.waits.inc({ outcome: found ? "answered" : answered ? "passed" : "timeout" });
  // Answered with the render it waited for: a miss, as far as this request is concerned.
  return found && entry ? { entry, result: "MISS" } : undefined;
}
