/**
 * Page data fetched ahead, kept in memory for the move that asks for it (decision 0224). The prefetcher's links put
 * each next page's data (`/x.data`) in the browser's HTTP cache; read from there at the tap, it still comes through
 * the network stack, and on a throttled phone its answer takes about 60 ms to reach the page (4 × CPU, quiet machine;
 * over 100 ms on a busy one). Kept in memory, the router's fetch is answered in the next task.
 *
 * Only a GET for exactly the URL fetched ahead is answered from memory, and only once: the router's next visit to
 * that page asks the network again (and its HTTP cache, fresh for the same minute). A request with any other method
 * (a form post: the content may have changed) forgets everything kept.
 */

export interface DataAheadOptions {
  /** The fetch that goes to the network (the browser's own). */
  fetch: typeof globalThis.fetch;
  /** Resolves relative URLs (the page's address). */
  base: () => string;
  /** How long a copy may wait for its move, ms (the HTTP cache's freshness for data fetched ahead). */
  maxAgeMs: number;
  /** The most copies kept; the oldest goes first. */
  maxEntries: number;
  now?: () => number;
}

export interface DataAhead {
  /** Reads the answer for `url` (already in the HTTP cache from a prefetch link) into memory. */
  keep(url: string): Promise<void>;
  /** A fetch that answers a kept URL from memory, once, and passes everything else on. */
  fetch: typeof globalThis.fetch;
  /** The URLs kept now (read by its tests). */
  kept(): string[];
}

interface Copy {
  body: ArrayBuffer;
  init: ResponseInit;
  at: number;
}

export function dataAhead(options: DataAheadOptions): DataAhead {
  const now = options.now ?? Date.now;
  const copies = new Map<string, Copy>();
  const hrefOf = (input: string | URL) => new URL(input, options.base()).href;

  const keep = async (url: string) => {
    const href = hrefOf(url);
    if (copies.has(href)) return;
    // From the HTTP cache, where the prefetch link has just put it; the network only if the cache let it go, and
    // then said to be a request ahead of need, as the link's was (`Sec-Purpose` cannot be set from a script).
    const response = await options.fetch(href, {
      cache: "force-cache",
      credentials: "same-origin",
      headers: { Purpose: "prefetch" },
    });
    if (response.status !== 200) return;
    const body = await response.arrayBuffer();
    copies.delete(href);
    copies.set(href, {
      body,
      init: { status: response.status, statusText: response.statusText, headers: [...response.headers] },
      at: now(),
    });
    for (const oldest of copies.keys()) {
      if (copies.size <= options.maxEntries) break;
      copies.delete(oldest);
    }
  };

  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD") {
      copies.clear();
      return options.fetch(input, init);
    }
    const href = hrefOf(request ? request.url : input.toString());
    const copy = copies.get(href);
    const signal = init?.signal ?? request?.signal;
    if (!copy || method !== "GET" || signal?.aborted) return options.fetch(input, init);
    copies.delete(href);
    if (now() - copy.at > options.maxAgeMs) return options.fetch(input, init);
    // In a task of its own, as an answer from the network comes: the tap's task ends (the browser can draw the
    // pressed link), and the router renders the next page as it always does. Aborted before then (the visitor
    // tapped elsewhere), it fails as fetch does.
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        if (signal?.aborted) reject(signal.reason);
        else resolve(new Response(copy.body, copy.init));
      }, 0),
    );
  };

  return { keep, fetch, kept: () => [...copies.keys()] };
}
