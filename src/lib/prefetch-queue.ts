/**
 * Whether and in which order the browser fetches the site's next pages ahead of a tap.
 * Pure: no I/O. Its own module, apart from page-prefetch.ts (which the first page's scripts import), so that its
 * code comes only with the prefetcher's chunk, after the first load.
 */

/** What the browser says of the visitor's connection (`navigator.connection`, where it has one). */
export interface VisitorConnection {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether pages may be fetched ahead on this connection: not when the visitor asks the browser to save data, nor
 * on a 2g connection ("2g", "slow-2g"), where it would be their data and their bandwidth spent on pages they may
 * never open. A browser that says nothing gets them.
 */
export function fetchesAheadOn(connection: VisitorConnection | undefined): boolean {
  return !connection?.saveData && !connection?.effectiveType?.endsWith("2g");
}

/**
 * How likely a page is to be the next one, likeliest first:
 * - "in-view": a link of the footer on screen (the visitor has reached the end of the page: its links are what
 *   they can tap);
 * - "menu": the menu's pages, on every page;
 * - "seen": a link in the page that has been on screen a moment (cards, tiles, the next project).
 */
export type PrefetchRank = "in-view" | "menu" | "seen";

const order: readonly PrefetchRank[] = ["in-view", "menu", "seen"];

export interface PrefetchQueue {
  /**
   * Puts a page in the queue behind those of its rank or likelier; a page already waiting moves up to this rank if
   * it is likelier, and never down.
   */
  add(page: string, rank: PrefetchRank): void;
  /** Takes the likeliest page waiting. */
  next(): string | undefined;
  readonly size: number;
}

export function prefetchQueue(): PrefetchQueue {
  const waiting: { page: string; rank: number }[] = [];
  return {
    add(page, name) {
      const rank = order.indexOf(name);
      const at = waiting.findIndex((entry) => entry.page === page);
      if (at >= 0) {
        if ((waiting[at]?.rank ?? rank) <= rank) return;
        waiting.splice(at, 1);
      }
      const behind = waiting.findIndex((entry) => entry.rank > rank);
      waiting.splice(behind < 0 ? waiting.length : behind, 0, { page, rank });
    },
    next: () => waiting.shift()?.page,
    get size() {
      return waiting.length;
    },
  };
}

/** The pages the visitor showed intent for (pointed at, focused, a pointer resting on their link). */
export interface PageIntents {
  /** Notes an intent; only the page's own listeners hear of it, and only the first time. */
  add(page: string): void;
  has(page: string): boolean;
  /** Listens for an intent for one page; returns what stops listening. */
  subscribe(page: string, listener: () => void): () => void;
}

/** Kept apart from what is fetched, so that an intent wakes only the page it is for, not every page ahead. */
export function pageIntents(): PageIntents {
  const intended = new Set<string>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    add(page) {
      if (intended.has(page)) return;
      intended.add(page);
      for (const listener of listeners.get(page) ?? []) listener();
    },
    has: (page) => intended.has(page),
    subscribe(page, listener) {
      const ofPage = listeners.get(page) ?? new Set();
      listeners.set(page, ofPage.add(listener));
      return () => void ofPage.delete(listener);
    },
  };
}
