import type { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { type Entry, type HeaderTemplate, makeVariant, sizeOf } from "./copy.ts";
import type { storeMetrics } from "./metrics.ts";
import type { CacheKey } from "./policy.ts";
import type { renderForKey } from "./render.ts";
import { createVariants } from "./variants.ts";
import type { Fetch, OpenFetch, WaitingLists } from "./waiting-lists.ts";

export interface RefresherOptions {
  copies: LRUCache<string, Entry>;
  keep: (entry: Entry) => void;
  lists: WaitingLists;
  render: (key: CacheKey) => ReturnType<typeof renderForKey>;
  metrics: ReturnType<typeof storeMetrics>;
  maxVariants: number;
  idle: () => Promise<void>;
  now: () => number;
  logger: Logger;
}

// A refresh renders a page and keeps the copy: its first copy, a refresh of an old one, or a purged one's replacement.
export function createRefresher(options: RefresherOptions) {
  const { copies, keep, lists, metrics, now, logger } = options;
  // Two at a time, leaving render slots to visitors.
  const replacements = pLimit(2);

  const render = (key: CacheKey, reason: "fill" | "variant") => {
    metrics.renders.inc({ reason });
    return options.render(key);
  };
  const variants = createVariants({
    copies,
    lists,
    render: (key) => render(key, "variant"),
    maxVariants: options.maxVariants,
    idle: options.idle,
    logger,
  });
  const stale = createStaleRefresh({ copies, lists, idle: options.idle, refresh });

  /** A refresh that fails or meets an overloaded renderer keeps the old copy (grace); one whose page is gone drops it. */
  function refresh(key: CacheKey, template: HeaderTemplate, previous: Entry | undefined, opened?: OpenFetch): Fetch {
    const running = lists.run(key, (fetch) => store(key, template, previous, fetch), opened);
    void running.done.then(() => variants.varyLater(key));
    return running;
  }

  async function store(key: CacheKey, template: HeaderTemplate, previous: Entry | undefined, fetch: Fetch) {
    try {
      const { document, tags, refused } = await render(key, "fill");
      const variant = document && (await makeVariant(key.id, template, document, previous?.variants));
      // A purge while this render ran: its content may be the old one, so it is not kept.
      if (fetch.cancelled) return;
      metrics.outcomes.inc({ outcome: variant ? "stored" : "refused" });
      if (!document || !variant) {
        if (refused === undefined || refused < 500 || previous?.purged) copies.delete(key.id);
        return;
      }
      const bytes = sizeOf(variant);
      keep({ key, storedAt: now(), template, tags, variants: [variant], last: -1, bytes, varies: previous?.varies });
    } catch (error) {
      metrics.outcomes.inc({ outcome: "failed" });
      logger.error({ err: error, path: key.path }, "page cache: the shared render failed");
      if (!fetch.cancelled && previous?.purged) copies.delete(key.id);
    }
  }

  /** A purged copy's replacement, unless a request started it already or a newer purge or refresh replaced it. */
  async function replace(entry: Entry) {
    const running = lists.get(entry.key.id);
    if (running) await running.done;
    else if (copies.get(entry.key.id) === entry) await refresh(entry.key, entry.template, entry).done;
  }

  return {
    refresh,
    replaceAll: (entries: Entry[]) => Promise.all(entries.map((entry) => replacements(() => replace(entry)))),
    refreshLater: stale.refreshLater,
  };
}

interface StaleRefreshOptions {
  copies: LRUCache<string, Entry>;
  lists: WaitingLists;
  idle: () => Promise<void>;
  refresh: (key: CacheKey, template: HeaderTemplate, previous: Entry) => Fetch;
}

// The copies a purge of every page made stale are rendered again one at a time, each when the event loop is idle;
// until then they are answered stale.
function createStaleRefresh({ copies, lists, idle, refresh }: StaleRefreshOptions) {
  const due = new Set<string>();
  let refresher: Promise<void> | undefined;

  function refreshStale() {
    if (refresher) return;
    refresher = (async () => {
      for (const id of due) {
        due.delete(id);
        await idle();
        const entry = copies.get(id);
        if (!entry?.stale || lists.has(id)) continue;
        await refresh(entry.key, entry.template, entry).done;
      }
    })().finally(() => {
      refresher = undefined;
      if (due.size > 0) refreshStale();
    });
  }

  return {
    refreshLater(ids: Iterable<string>) {
      for (const id of ids) due.add(id);
      refreshStale();
    },
  };
}
