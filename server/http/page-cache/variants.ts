import type { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { type Entry, makeVariant, sizeOf } from "./copy.ts";
import type { CacheKey } from "./policy.ts";
import type { renderForKey } from "./render.ts";
import type { WaitingLists } from "./waiting-lists.ts";

export interface VariantOptions {
  copies: LRUCache<string, Entry>;
  lists: WaitingLists;
  render: (key: CacheKey) => ReturnType<typeof renderForKey>;
  maxVariants: number;
  idle: () => Promise<void>;
  logger: Logger;
}

// A page whose renders differ (the home page's strip, say) keeps several of them, and each answer picks one. They are
// rendered in the background after a refresh, so no visitor waits for them.
export function createVariants(options: VariantOptions) {
  const { copies, lists, render, maxVariants, idle, logger } = options;

  const mayVary = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && !entry.purged && entry.varies !== false && entry.variants.length < maxVariants;

  function varyLater(key: CacheKey) {
    const entry = copies.get(key.id);
    if (!mayVary(entry) || lists.has(key.id)) return;
    void idle().then(() => {
      if (copies.get(key.id) === entry && mayVary(entry) && !lists.has(key.id)) addVariant(key, entry);
    });
  }

  /** One render at a time, when idle, until the page is known to render the same or holds maxVariants. */
  function addVariant(key: CacheKey, entry: Entry) {
    const running = lists.run(key, async (fetch) => {
      try {
        const { document, tags } = await render(key);
        if (!document || fetch.cancelled || copies.get(key.id) !== entry) return;
        entry.tags = [...new Set([...entry.tags, ...tags])];
        const variant = await makeVariant(key.id, entry.template, document, entry.variants);
        if (entry.variants.includes(variant)) {
          if (entry.variants.length === 1) entry.varies = false;
          return;
        }
        entry.varies = true;
        entry.variants.push(variant);
        entry.bytes += sizeOf(variant);
        copies.set(key.id, entry);
      } catch (error) {
        logger.warn({ err: error, path: key.path }, "page cache: another render of a stored page failed");
      }
    });
    void running.done.then(() => varyLater(key));
  }

  return { varyLater };
}
