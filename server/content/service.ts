import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { Registry } from "prom-client";
import { ContentUnavailableError, isContentQueryError } from "../../src/shared/content/errors.ts";
import {
  type ContentQuery,
  type ContentReader,
  type ContentResult,
  type ContentType,
  contentTypes,
} from "../../src/shared/content/types.ts";
import type { ContentNumbers } from "../../src/shared/status-report.ts";
import { counter, scrapedGauge } from "../lib/metrics.ts";
import type { ReadinessCheck } from "../ops/readiness.ts";
import { deepFreeze } from "./links.ts";
import { type CompiledQuery, compileQuery } from "./query.ts";
import type { ContentSource } from "./source.ts";

const defaultMaxEntries = 500;
/** After a source failure, stale answers are served without a refresh for this long (no retry storm). */
const refreshBackoffMs = 5_000;

interface ContentStats extends ContentNumbers {
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
  const generations = new Map<ContentType, number>();
  const generationOf = (type: ContentType) => generations.get(type) ?? 0;
  const numbers = cacheNumbers(options.metrics ?? new Registry(), () => cache.size);

  const fetchFromSource = sourceCalls({ source, cache, generationOf, numbers, logger, now });

  async function getEntries(input: ContentQuery): Promise<ContentResult> {
    const query = compileQuery(input);
    const cached = cache.get(query.key);
    if (cached && cached.generation === generationOf(query.contentType)) {
      if (now() - cached.storedAt < ttlMs) {
        numbers.hit("fresh");
        return cached.result;
      }
      if (ttlMs > 0 && options.serveStale !== false) {
        numbers.hit("stale");
        const lastErrorAt = numbers.lastErrorAt();
        if (lastErrorAt === null || now() - lastErrorAt >= refreshBackoffMs) fetchFromSource(query).catch(() => {});
        return cached.result;
      }
    }
    numbers.miss();
    try {
      return await fetchFromSource(query);
    } catch (error) {
      if (isContentQueryError(error)) throw error;
      if (cached) {
        numbers.hit("stale");
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
    readinessCheck: { ...sourceCheck, critical: () => numbers.lastRefreshAt() === null, run: () => source.ping() },
    stats: () => ({ source: source.name, ttlSeconds: options.ttlSeconds, ...numbers.stats() }),
  };
}

interface SourceCallOptions {
  source: ContentSource;
  cache: LRUCache<string, Cached>;
  generationOf: (type: ContentType) => number;
  numbers: ReturnType<typeof cacheNumbers>;
  logger: Logger;
  now: () => number;
}

// One source call per query and generation, however many readers wait for it. Its answer is cached unless a purge
// made a newer one meanwhile; a failure of the source is counted and logged.
function sourceCalls({ source, cache, generationOf, numbers, logger, now }: SourceCallOptions) {
  const shareInFlight = sharedCalls();
  return function fetchFromSource(query: CompiledQuery): Promise<ContentResult> {
    const startedIn = generationOf(query.contentType);
    return shareInFlight(query.key, startedIn, () =>
      source.getEntries(query).then(
        (result) => {
          const frozen = deepFreeze(result);
          const storedAt = now();
          numbers.refreshed(storedAt);
          // Never over an answer a purge made newer.
          if ((cache.peek(query.key)?.generation ?? 0) <= startedIn) {
            cache.set(query.key, { result: frozen, storedAt, generation: startedIn });
          }
          return frozen;
        },
        (error: unknown) => {
          if (isContentQueryError(error)) {
            logger.warn({ err: error, query: query.key, source: source.name }, "content source refused a query");
            throw error;
          }
          numbers.sourceFailed(now());
          logger.error({ err: error, query: query.key, source: source.name }, "content source failed");
          throw error;
        },
      ),
    );
  };
}

/** Identical calls in flight share one promise, as long as they belong to the same purge generation. */
function sharedCalls() {
  const pending = new Map<string, Pending>();
  return (key: string, generation: number, call: () => Promise<ContentResult>): Promise<ContentResult> => {
    const joined = pending.get(key);
    if (joined && joined.generation === generation) return joined.promise;
    const promise = call();
    const entry = { promise, generation };
    pending.set(key, entry);
    const release = () => pending.get(key) === entry && pending.delete(key);
    promise.then(release, release);
    return promise;
  };
}

// What operators see of the cache: the counts in its stats, and the same as Prometheus metrics.
function cacheNumbers(registry: Registry, entries: () => number) {
  const counts = { hits: 0, staleHits: 0, misses: 0, sourceErrors: 0 };
  let lastRefreshAt: number | null = null;
  let lastErrorAt: number | null = null;
  scrapedGauge(registry, "content_cache_entries", "Content queries held in the cache", entries);
  scrapedGauge(
    registry,
    "content_source_last_success_timestamp_seconds",
    "When the content source last answered (Unix time); 0 until it has",
    () => (lastRefreshAt ?? 0) / 1000,
  );
  const hitCounter = counter(
    registry,
    "content_cache_hits_total",
    "Content queries answered from the cache, by freshness",
    ["freshness"],
  );
  const missCounter = counter(
    registry,
    "content_cache_misses_total",
    "Content queries that waited for the content source",
  );
  const errorCounter = counter(registry, "content_source_errors_total", "Content source calls that failed");

  return {
    lastRefreshAt: () => lastRefreshAt,
    lastErrorAt: () => lastErrorAt,
    refreshed(at: number) {
      lastRefreshAt = at;
    },
    hit(freshness: "fresh" | "stale") {
      counts.hits++;
      if (freshness === "stale") counts.staleHits++;
      hitCounter.inc({ freshness });
    },
    miss() {
      counts.misses++;
      missCounter.inc();
    },
    sourceFailed(at: number) {
      counts.sourceErrors++;
      errorCounter.inc();
      lastErrorAt = at;
    },
    stats: () => ({
      ...counts,
      entries: entries(),
      lastRefreshAt: isoTime(lastRefreshAt),
      lastErrorAt: isoTime(lastErrorAt),
    }),
  };
}

const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const sourceCheck = { name: "content source answers", component: "content" } as const;
