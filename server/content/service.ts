import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { Registry } from "prom-client";
import { ContentUnavailableError, isContentQueryError } from "../../src/content/errors.ts";
import {
  type ContentQuery,
  type ContentReader,
  type ContentResult,
  type ContentType,
  contentTypes,
} from "../../src/content/types.ts";
import type { ContentFigures } from "../../src/lib/status-report.ts";
import { counter, scrapedGauge } from "../lib/metrics.ts";
import type { ReadinessCheck } from "../ops/readiness.ts";
import { deepFreeze } from "./links.ts";
import { type CompiledQuery, compileQuery } from "./query.ts";
import type { ContentSource } from "./source.ts";

const defaultMaxEntries = 500;
/** After a source failure, stale answers are served without a refresh for this long (no retry storm). */
const refreshBackoffMs = 5_000;

interface ContentStats extends ContentFigures {
  source: ContentSource["name"];
  ttlSeconds: number;
  hits: number;
  /** Hits past their TTL, served while a refresh ran or the source was down. */
  staleHits: number;
  misses: number;
  sourceErrors: number;
  entries: number;
  lastErrorAt: string | null;
}

export interface ContentService extends ContentReader {
  readonly sourceName: ContentSource["name"];
  readonly imageOrigins: readonly string[];
  /** The next read of each purged answer waits for the source; it is still served if the source then fails. */
  purge(types?: readonly ContentType[]): void;
  /** Critical only until the cache holds something to serve. */
  readonly readinessCheck: ReadinessCheck;
  stats(): ContentStats;
}

export interface ContentServiceOptions {
  source: ContentSource;
  ttlSeconds: number;
  logger: Logger;
  metrics?: Registry;
  maxEntries?: number;
  /** Preview waits for the source instead of serving past the TTL. */
  serveStale?: boolean;
  now?: () => number;
}

interface Cached {
  result: ContentResult;
  storedAt: number;
  /** The purge generation of its content type the answer belongs to; older ones are revalidated before use. */
  generation: number;
}

interface Pending {
  promise: Promise<ContentResult>;
  generation: number;
}

// Stale while one refresh runs; identical queries in flight share one call. When the source fails: a stale answer,
// else ContentUnavailableError (the page shows its placeholder with a 503).
export function createContentService(options: ContentServiceOptions): ContentService {
  const { source, logger } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, Cached>({ max: options.maxEntries ?? defaultMaxEntries });
  const pending = new Map<string, Pending>();
  const generations = new Map<ContentType, number>();
  const generationOf = (type: ContentType) => generations.get(type) ?? 0;
  const counts = { hits: 0, staleHits: 0, misses: 0, sourceErrors: 0 };
  let lastRefreshAt: number | null = null;
  let lastErrorAt: number | null = null;

  const { hitCounter, missCounter, errorCounter } = contentMetrics(options.metrics ?? new Registry(), {
    entries: () => cache.size,
    lastRefreshAt: () => lastRefreshAt,
  });

  /** One source call per query and generation, however many readers wait for it. */
  function fetchFromSource(query: CompiledQuery): Promise<ContentResult> {
    const joined = pending.get(query.key);
    if (joined && joined.generation === generationOf(query.contentType)) return joined.promise;
    const startedIn = generationOf(query.contentType);
    const promise = source.getEntries(query).then(
      (result) => {
        const frozen = deepFreeze(result);
        lastRefreshAt = now();
        // Never over an answer a purge made newer.
        if ((cache.peek(query.key)?.generation ?? 0) <= startedIn) {
          cache.set(query.key, { result: frozen, storedAt: lastRefreshAt, generation: startedIn });
        }
        return frozen;
      },
      (error: unknown) => {
        if (isContentQueryError(error)) {
          logger.warn({ err: error, query: query.key, source: source.name }, "content source refused a query");
          throw error;
        }
        counts.sourceErrors++;
        errorCounter.inc();
        lastErrorAt = now();
        logger.error({ err: error, query: query.key, source: source.name }, "content source failed");
        throw error;
      },
    );
    const entry = { promise, generation: startedIn };
    pending.set(query.key, entry);
    const release = () => pending.get(query.key) === entry && pending.delete(query.key);
    promise.then(release, release);
    return promise;
  }

  const staleHit = () => {
    counts.hits++;
    counts.staleHits++;
    hitCounter.inc({ freshness: "stale" });
  };

  async function getEntries(input: ContentQuery): Promise<ContentResult> {
    const query = compileQuery(input);
    const cached = cache.get(query.key);
    if (cached && cached.generation === generationOf(query.contentType)) {
      if (now() - cached.storedAt < ttlMs) {
        counts.hits++;
        hitCounter.inc({ freshness: "fresh" });
        return cached.result;
      }
      if (ttlMs > 0 && options.serveStale !== false) {
        staleHit();
        if (lastErrorAt === null || now() - lastErrorAt >= refreshBackoffMs) fetchFromSource(query).catch(() => {});
        return cached.result;
      }
    }
    counts.misses++;
    missCounter.inc();
    try {
      return await fetchFromSource(query);
    } catch (error) {
      if (isContentQueryError(error)) throw error;
      if (cached) {
        staleHit();
        return cached.result;
      }
      throw new ContentUnavailableError("The content source is not answering and nothing is cached.", {
        cause: error,
      });
    }
  }

  return {
    sourceName: source.name,
    imageOrigins: source.imageOrigins,
    getEntries: getEntries as ContentReader["getEntries"],
    purge(types) {
      for (const type of types ?? contentTypes) generations.set(type, generationOf(type) + 1);
      logger.info({ source: source.name, cached: cache.size, types: types ?? "all" }, "content cache purged");
    },
    // Critical only until the cache holds something to serve.
    readinessCheck: { ...sourceCheck, critical: () => lastRefreshAt === null, run: () => source.ping() },
    stats: () => ({
      source: source.name,
      ttlSeconds: options.ttlSeconds,
      ...counts,
      entries: cache.size,
      lastRefreshAt: isoTime(lastRefreshAt),
      lastErrorAt: isoTime(lastErrorAt),
    }),
  };
}

function contentMetrics(registry: Registry, read: { entries: () => number; lastRefreshAt: () => number | null }) {
  scrapedGauge(registry, "content_cache_entries", "Content queries held in the cache", read.entries);
  scrapedGauge(
    registry,
    "content_source_last_success_timestamp_seconds",
    "When the content source last answered (Unix time); 0 until it has",
    () => (read.lastRefreshAt() ?? 0) / 1000,
  );
  return {
    hitCounter: counter(registry, "content_cache_hits_total", "Content queries answered from the cache, by freshness", [
      "freshness",
    ]),
    missCounter: counter(registry, "content_cache_misses_total", "Content queries that waited for the content source"),
    errorCounter: counter(registry, "content_source_errors_total", "Content source calls that failed"),
  };
}

const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const sourceCheck = { name: "content source answers", component: "content" } as const;
