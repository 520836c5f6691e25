import type { LRUCache } from "lru-cache";
import type { Registry } from "prom-client";
import { counter, scrapedGauge } from "../../lib/metrics.ts";

export function requestCounter(registry: Registry) {
  return counter(
    registry,
    "page_cache_requests_total",
    "Page requests by what the page cache did: HIT (stored copy), STALE (stored copy past its TTL), MISS (rendered, or answered by the render it waited for)",
    ["result"],
  );
}

export function storeMetrics(registry: Registry, cache: Pick<LRUCache<string, object>, "calculatedSize" | "size">) {
  scrapedGauge(
    registry,
    "page_cache_bytes",
    "Bytes held by the page cache (every encoding of every stored page)",
    () => cache.calculatedSize,
  );
  scrapedGauge(registry, "page_cache_entries", "Pages (path and query) held by the page cache", () => cache.size);
  return {
    renders: counter(
      registry,
      "page_cache_renders_total",
      "Renders made for the page cache, by reason: fill (a first copy, a refresh, a purge's replacement) or variant (one more of a page whose renders differ, in the background)",
      ["reason"],
    ),
    /** Kept under its first metric name, which dashboards and alerts read. */
    outcomes: counter(
      registry,
      "page_cache_fills_total",
      "Shared renders for the page cache, by outcome: stored, refused (not storable) or failed",
      ["outcome"],
    ),
    waits: counter(
      registry,
      "page_cache_waits_total",
      "Requests that waited on a page's waiting list, by outcome: answered (from the fetch they waited for), passed (the page could not be stored) or timeout",
      ["outcome"],
    ),
  };
}
