import pLimit from "p-limit";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { planTags } from "../http/page-cache/tags.ts";
import { faultLog } from "../lib/fault-log.ts";
import { counter } from "../lib/metrics.ts";
import type { FrontCache } from "./publishes.ts";

// A soft purge leaves the old copy to be answered once while the front cache fetches the new one, so the site asks
// for each purged path itself (pages, the feed, the sitemap), in each encoding the front cache keeps apart, and that
// one old answer comes back here.

export interface FrontCacheOptions {
  urls: readonly string[];
  logger: Logger;
  metrics: Registry;
  /** Tries per tier, and the wait before the second (doubling). */
  tries?: number;
  firstRetryMs?: number;
  timeoutMs?: number;
}

const encodings = ["br", "gzip", "identity"];

export function frontCache(options: FrontCacheOptions): FrontCache {
  const { urls, logger } = options;
  const tries = options.tries ?? 4;
  const firstRetryMs = options.firstRetryMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const failures = counter(
    options.metrics,
    "front_cache_purge_failures_total",
    "Purges a front cache (FRONT_CACHE_URLS) did not take after every retry: it keeps old pages until they expire",
  );
  const faults = new Map(urls.map((url) => [url, faultLog(logger, "the front cache could not be purged", { url })]));
  const asks = pLimit(4);

  async function purgeOne(url: string, tags: string[]): Promise<boolean> {
    let delay = firstRetryMs;
    let lastError: unknown;
    for (let attempt = 1; attempt <= tries; attempt++) {
      try {
        const res = await fetch(`${url}/`, {
          method: "PURGE",
          headers: { "xkey-purge": tags.join(" ") },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer();
        if (res.ok) {
          faults.get(url)?.ok();
          return true;
        }
        lastError = new Error(`HTTP ${res.status}`);
      } catch (error) {
        lastError = error;
      }
      if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
    faults.get(url)?.fail(lastError);
    failures.inc();
    return false;
  }

  const ask = (url: string, path: string, encoding: string) =>
    asks(async () => {
      try {
        const res = await fetch(`${url}${path}`, {
          headers: { "accept-encoding": encoding, "user-agent": "gritstone-publish" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer();
      } catch {
        // The purge went through; a visitor's request fetches the page instead.
      }
    });

  return {
    async purge(plan) {
      const tags = planTags(plan);
      const results = await Promise.all(urls.map((url) => purgeOne(url, tags)));
      const paths = plan.paths ?? [];
      await Promise.all(
        urls.flatMap((url, i) =>
          results[i] ? paths.flatMap((path) => encodings.map((encoding) => ask(url, path, encoding))) : [],
        ),
      );
      return results.every(Boolean);
    },
  };
}
