import type { LRUCache } from "lru-cache";
import { Counter, Gauge, type Registry } from "prom-client";

/** The page cache's metrics, all in one place: what it answered, what it rendered, its waiting lists, its size. */

/** What the cache did for each page request (page-cache.ts). */
export function requestCounter(registry: Registry) {
  return new Counter({
    name: "page_cache_requests_total",
    help: "Page requests by what the page cache did: HIT (stored copy), STALE (stored copy past its TTL), MISS (rendered, or answered by the render it waited for)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
}

/** The store's renders, fills and waits (store.ts), and the bytes and pages it holds. */
export function storeMetrics(registry: Registry, cache: Pick<LRUCache<string, object>, "calculatedSize" | "size">) {
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
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  }
  return {
    renders: new Counter({
      name: "page_cache_renders_total",
      help: "Renders made for the page cache, by reason: fill (a first copy, a refresh, a purge's replacement) or variant (one more of a page whose renders differ, in the background)",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    fills: new Counter({
      name: "page_cache_fills_total",
      help: "Shared renders for the page cache, by outcome: stored, refused (not storable) or failed",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    waits: new Counter({
      name: "page_cache_waits_total",
      help: "Requests that waited on a page's waiting list, by outcome: answered (from the fetch they waited for), passed (the page could not be stored) or timeout",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
  };
}
