import type { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { type Entry, type HeaderTemplate, makeVariant, sizeOf } from "./copy.ts";
import type { storeMetrics } from "./metrics.ts";
import type { CacheKey } from "./policy.ts";
import type { renderForKey } from "./render.ts";
import { createVariants } from "./variants.ts";
import type { Fetch, OpenFetch, WaitingLists } from "./waiting-lists.ts";

export interface FillOptions {
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

export function createFills(options: FillOptions) {
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
  const outdated = createOutdatedRefresh({ copies, lists, idle: options.idle, fill });

  /** A refresh that fails or meets an overloaded renderer keeps the old copy (grace); one whose page is gone drops it. */
  function fill(key: CacheKey, template: HeaderTemplate, previous: Entry | undefined, opened?: OpenFetch): Fetch {
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
      metrics.fills.inc({ outcome: variant ? "stored" : "refused" });
      if (!document || !variant) {
        if (refused === undefined || refused < 500 || previous?.purged) copies.delete(key.id);
        return;
      }
      const bytes = sizeOf(variant);
      keep({ key, storedAt: now(), template, tags, variants: [variant], last: -1, bytes, varies: previous?.varies });
    } catch (error) {
      metrics.fills.inc({ outcome: "failed" });
      logger.error({ err: error, path: key.path }, "page cache: the shared render failed");
      if (!fetch.cancelled && previous?.purged) copies.delete(key.id);
    }
  }

  /** A purged copy's replacement, unless a request started it already or a newer purge or fill replaced it. */
  async function replace(entry: Entry) {
    const running = lists.get(entry.key.id);
    if (running) await running.done;
    else if (copies.get(entry.key.id) === entry) await fill(entry.key, entry.template, entry).done;
  }

  return {
    fill,
    replaceAll: (entries: Entry[]) => Promise.all(entries.map((entry) => replacements(() => replace(entry)))),
    refreshLater: outdated.refreshLater,
  };
}

interface OutdatedRefreshOptions {
  copies: LRUCache<string, Entry>;
  lists: WaitingLists;
  idle: () => Promise<void>;
  fill: (key: CacheKey, template: HeaderTemplate, previous: Entry) => Fetch;
}

// The copies a purge of every page outdated are filled again one at a time, each when the event loop is idle; until
// then they are answered stale.
function createOutdatedRefresh({ copies, lists, idle, fill }: OutdatedRefreshOptions) {
  const outdated = new Set<string>();
  let refresher: Promise<void> | undefined;

  function refreshOutdated() {
    if (refresher) return;
    refresher = (async () => {
      for (const id of outdated) {
        outdated.delete(id);
        await idle();
        const entry = copies.get(id);
        if (!entry?.outdated || lists.has(id)) continue;
        await fill(entry.key, entry.template, entry).done;
      }
    })().finally(() => {
      refresher = undefined;
      if (outdated.size > 0) refreshOutdated();
    });
  }

  return {
    refreshLater(ids: Iterable<string>) {
      for (const id of ids) outdated.add(id);
      refreshOutdated();
    },
  };
}
