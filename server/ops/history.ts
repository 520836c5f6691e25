import type { Registry } from "prom-client";
import { type HistoryReport, type VitalFigure, vitalNames, vitalRating } from "../../src/shared/status-report.ts";
import { addSample, type Buckets, emptyBuckets, minus, plus, quantile, type Sample } from "./buckets.ts";
import { vitalMetrics } from "./vitals.ts";

export const historyMinutes = 60;
const sampleEveryMs = 10_000;

interface Totals {
  requests: number;
  errors: number;
  /** Page requests only, for the p95. */
  pageLatency: Buckets;
  cacheHits: number;
  cacheLookups: number;
  accepted: number;
  delivered: number;
  waiting: number | null;
  oldestWaitingSeconds: number | null;
  /** By "route|metric"; bounded by route templates × five metrics. */
  vitals: Map<string, Buckets>;
  /** Bounded by the directives the endpoint accepts. */
  csp: Map<string, number>;
}

/** The counts are what changed in the minute; the waiting numbers the most seen. */
interface Minute extends Totals {
  /** A bucket whose stamp is older than an hour is reused. */
  at: number;
}

type Metric = { name: string; values: Sample[] };

function noTotals(): Totals {
  return {
    requests: 0,
    errors: 0,
    pageLatency: emptyBuckets(),
    cacheHits: 0,
    cacheLookups: 0,
    accepted: 0,
    delivered: 0,
    waiting: null,
    oldestWaitingSeconds: null,
    vitals: new Map(),
    csp: new Map(),
  };
}

const newMinute = (at: number): Minute => ({ at, ...noTotals() });

/** Pages a visitor waits on, not files, probes or posts. */
function isPage(labels: Sample["labels"]) {
  const route = String(labels.route ?? "");
  return labels.method === "GET" && route !== "/assets/*" && route !== "static" && !route.startsWith("/content/images");
}

// The registry, the one place numbers are counted, is read every 10 s and the change added to the current minute:
// a fixed ring of 60 buckets whatever the traffic.
export function createHistory(registry: Registry, now: () => number = Date.now) {
  const ring: Minute[] = Array.from({ length: historyMinutes }, () => newMinute(0));
  let last: Totals | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function sample() {
    const totals = await readTotals(registry);
    const minute = minuteBucket(ring, now());
    if (last) addChanges(minute, totals, last);
    if (totals.waiting !== null) minute.waiting = Math.max(minute.waiting ?? 0, totals.waiting);
    if (totals.oldestWaitingSeconds !== null) {
      minute.oldestWaitingSeconds = Math.max(minute.oldestWaitingSeconds ?? 0, totals.oldestWaitingSeconds);
    }
    last = totals;
  }

  return {
    sample,
    /** Oldest minute first; a minute this instance was not running is null (or 0 for counts). */
    report: (): HistoryReport => hourReport(ring, minuteOf(now())),
    start() {
      void sample().catch(() => {});
      timer = setInterval(() => void sample().catch(() => {}), sampleEveryMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type History = ReturnType<typeof createHistory>;

const minuteOf = (at: number) => Math.floor(at / 60_000) * 60_000;

function minuteBucket(ring: Minute[], at: number): Minute {
  const start = minuteOf(at);
  const slot = (start / 60_000) % historyMinutes;
  const current = ring[slot] as Minute;
  if (current.at === start) return current;
  const fresh = newMinute(start);
  ring[slot] = fresh;
  return fresh;
}

async function readTotals(registry: Registry): Promise<Totals> {
  const metrics = (await registry.getMetricsAsJSON()) as unknown as Metric[];
  const totals = noTotals();
  const pages = new Map<string, Buckets>();
  for (const metric of metrics) {
    for (const sample of metric.values) addToTotals(totals, pages, metric.name, sample);
  }
  totals.pageLatency = pages.get("pages") ?? emptyBuckets();
  return totals;
}

function addToTotals(totals: Totals, pages: Map<string, Buckets>, metric: string, sample: Sample) {
  const name = sample.metricName ?? metric;
  switch (metric) {
    case "http_request_duration_seconds":
      if (name.endsWith("_count")) {
        totals.requests += sample.value;
        if (String(sample.labels.status_code).startsWith("5")) totals.errors += sample.value;
      } else if (name.endsWith("_bucket") && isPage(sample.labels)) {
        addSample(pages, "pages", sample);
      }
      break;
    case "page_cache_requests_total":
      totals.cacheLookups += sample.value;
      // Answered from a stored copy: fresh, or stale while it is refreshed.
      if (sample.labels.result === "HIT" || sample.labels.result === "STALE") totals.cacheHits += sample.value;
      break;
    case "enquiries_total":
      if (sample.labels.outcome === "accepted") totals.accepted += sample.value;
      break;
    case "enquiry_delivery_attempts_total":
      if (sample.labels.result === "success") totals.delivered += sample.value;
      break;
    case "enquiry_outbox_pending":
      totals.waiting = sample.value;
      break;
    case "enquiry_outbox_oldest_pending_age_seconds":
      totals.oldestWaitingSeconds = sample.value;
      break;
    case "csp_violations_total":
      totals.csp.set(
        String(sample.labels.directive),
        (totals.csp.get(String(sample.labels.directive)) ?? 0) + sample.value,
      );
      break;
    default:
      if (metric.startsWith("web_vitals_") && name.endsWith("_bucket")) {
        addSample(totals.vitals, `${sample.labels.route}|${metric}`, sample);
      }
  }
}

/** A counter that went back is not counted. */
function addChanges(minute: Minute, totals: Totals, last: Totals) {
  minute.requests += Math.max(0, totals.requests - last.requests);
  minute.errors += Math.max(0, totals.errors - last.errors);
  plus(minute.pageLatency, minus(totals.pageLatency, last.pageLatency));
  minute.cacheHits += Math.max(0, totals.cacheHits - last.cacheHits);
  minute.cacheLookups += Math.max(0, totals.cacheLookups - last.cacheLookups);
  minute.accepted += Math.max(0, totals.accepted - last.accepted);
  minute.delivered += Math.max(0, totals.delivered - last.delivered);
  for (const [key, buckets] of totals.vitals) {
    const into = minute.vitals.get(key) ?? emptyBuckets();
    plus(into, minus(buckets, last.vitals.get(key)));
    minute.vitals.set(key, into);
  }
  for (const [directive, count] of totals.csp) {
    const added = count - (last.csp.get(directive) ?? 0);
    if (added > 0) minute.csp.set(directive, (minute.csp.get(directive) ?? 0) + added);
  }
}

function hourReport(ring: Minute[], end: number): HistoryReport {
  const minutes: Minute[] = [];
  for (let i = historyMinutes - 1; i >= 0; i--) {
    const at = end - i * 60_000;
    const slot = ring[(at / 60_000) % historyMinutes] as Minute;
    minutes.push(slot.at === at ? slot : newMinute(at));
  }
  const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  const hourCsp = new Map<string, number>();
  for (const minute of minutes) {
    for (const [directive, count] of minute.csp) hourCsp.set(directive, (hourCsp.get(directive) ?? 0) + count);
  }
  return {
    minuteStarts: minutes.map((minute) => new Date(minute.at).toISOString()),
    requests: minutes.map((minute) => minute.requests),
    p95Ms: minutes.map((minute) => {
      const p95 = quantile(minute.pageLatency, 0.95);
      return p95 === null ? null : Math.round(p95 * 1000);
    }),
    errorRatio: minutes.map((minute) => ratio(minute.errors, minute.requests)),
    cacheHitRatio: minutes.map((minute) => ratio(minute.cacheHits, minute.cacheLookups)),
    accepted: minutes.map((minute) => minute.accepted),
    delivered: minutes.map((minute) => minute.delivered),
    waiting: minutes.map((minute) => minute.waiting),
    oldestWaitingSeconds: minutes.map((minute) => minute.oldestWaitingSeconds),
    vitals: hourVitals(minutes),
    cspViolations: [...hourCsp].map(([directive, count]) => ({ directive, count })),
  };
}

function hourVitals(minutes: Minute[]): VitalFigure[] {
  const hour = new Map<string, Buckets>();
  for (const minute of minutes) {
    for (const [key, buckets] of minute.vitals) {
      const into = hour.get(key) ?? emptyBuckets();
      plus(into, buckets);
      hour.set(key, into);
    }
  }
  const vitals: VitalFigure[] = [];
  for (const [key, buckets] of hour) {
    const [route = "", metricName = ""] = key.split("|");
    const metric = vitalNames.find((name) => vitalMetrics[name].name === metricName);
    const samples = Math.max(0, ...buckets.counts);
    const p75 = quantile(buckets, 0.75);
    if (!metric || p75 === null || samples === 0) continue;
    // Times are kept in seconds (Prometheus' unit) and shown in milliseconds, as web-vitals reports them.
    const value = vitalMetrics[metric].seconds ? Math.round(p75 * 1000) : Math.round(p75 * 1000) / 1000;
    vitals.push({ route, metric, p75: value, samples, rating: vitalRating(metric, value) });
  }
  return vitals.sort(
    (a, b) => a.route.localeCompare(b.route) || vitalNames.indexOf(a.metric) - vitalNames.indexOf(b.metric),
  );
}
