import type { CacheKey } from "./policy.ts";
import { pathTag } from "./tags.ts";

// Waiting lists (Varnish's): one fetch in flight per key, and every other request for it waits rather than render.

export interface Fetch {
  /** The tag of the page it renders: a purge naming it cancels the fetch. */
  pathTag: string;
  cancelled: boolean;
  done: Promise<void>;
}

export interface OpenFetch extends Fetch {
  settle: () => void;
}

export function createWaitingLists() {
  const fetches = new Map<string, OpenFetch>();

  function open(key: CacheKey): OpenFetch | undefined {
    if (fetches.has(key.id)) return undefined;
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    const opened: OpenFetch = { pathTag: pathTag(key.path), cancelled: false, done, settle };
    fetches.set(key.id, opened);
    void done.then(() => {
      if (fetches.get(key.id) === opened) fetches.delete(key.id);
    });
    return opened;
  }

  return {
    open,
    run(key: CacheKey, work: (fetch: Fetch) => Promise<void>, opened?: OpenFetch): Fetch {
      const mine = opened ?? open(key);
      if (!mine) return fetches.get(key.id) as Fetch;
      void work(mine).finally(mine.settle);
      return mine;
    },
    get: (id: string): Fetch | undefined => fetches.get(id),
    has: (id: string) => fetches.has(id),
    /** Cancels the fetches `reached` names: they finish unkept, and their waiting lists are answered when they do. */
    cancel(reached: (id: string, fetch: Fetch) => boolean) {
      for (const [id, running] of fetches) {
        if (!reached(id, running)) continue;
        running.cancelled = true;
        fetches.delete(id);
      }
    },
  };
}

export type WaitingLists = ReturnType<typeof createWaitingLists>;
