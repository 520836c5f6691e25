import { Counter, Gauge, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { quantile } from "../../server/ops/buckets.ts";
import { createHistory, historyMinutes } from "../../server/ops/history.ts";
import { registerOpsMetrics } from "../../server/ops/metrics.ts";
import { registerVitals } from "../../server/ops/vitals.ts";

/** A registry with the metrics the history reads, as the services register them, and a clock the test moves. */
function setUp() {
  const registry = new Registry();
  const http = registerOpsMetrics(registry, { version: "1", commit: null });
  const vitals = registerVitals(registry);
  const cache = new Counter({
    name: "page_cache_requests_total",
    help: "h",
    labelNames: ["result"],
    registers: [registry],
  });
  const enquiries = new Counter({ name: "enquiries_total", help: "h", labelNames: ["outcome"], registers: [registry] });
  const attempts = new Counter({
    name: "enquiry_delivery_attempts_total",
    help: "h",
    labelNames: ["result"],
    registers: [registry],
  });
  const waiting = new Gauge({ name: "enquiry_outbox_pending", help: "h", registers: [registry] });
  const clock = { now: Date.parse("2026-11-24T10:00:05Z") };
  const history = createHistory(registry, () => clock.now);
  const page = (seconds: number, status = "200") =>
    http.duration.observe({ method: "GET", route: "/about", status_code: status }, seconds);
  return { registry, http, vitals, cache, enquiries, attempts, waiting, clock, history, page };
}

const minute = 60_000;

describe("the last hour on /status", () => {
  it("puts what happened into the minute it happened in, across minute boundaries", async () => {
    const { history, clock, page, cache, enquiries, attempts, waiting } = setUp();
    await history.sample();
    for (let i = 0; i < 10; i++) page(0.02);
    page(0.02, "500");
    // The page cache's own labels: a stale copy is answered from the store too.
    cache.inc({ result: "HIT" }, 2);
    cache.inc({ result: "STALE" }, 1);
    cache.inc({ result: "MISS" }, 1);
    enquiries.inc({ outcome: "accepted" }, 2);
    waiting.set(2);
    await history.sample();
    clock.now += minute;
    for (let i = 0; i < 4; i++) page(0.02);
    attempts.inc({ result: "success" }, 2);
    waiting.set(0);
    await history.sample();

    const report = history.report();
    expect(report.requests.slice(-2)).toEqual([11, 4]);
    expect(report.errorRatio.slice(-2)).toEqual([1 / 11, 0]);
    expect(report.cacheHitRatio.slice(-2)).toEqual([0.75, null]);
    expect(report.accepted.slice(-2)).toEqual([2, 0]);
    expect(report.delivered.slice(-2)).toEqual([0, 2]);
    expect(report.waiting.slice(-2)).toEqual([2, 0]);
    // Minutes before the first sample say nothing rather than zero where zero would be a claim.
    expect(report.p95Ms[0]).toBeNull();
    expect(report.minuteStarts.at(-1)).toBe("2026-11-24T10:01:00.000Z");
  });

  it("gives the 95th percentile of page times from the histogram, per minute", async () => {
    const { history, clock, page } = setUp();
    await history.sample();
    for (let i = 0; i < 95; i++) page(0.004);
    for (let i = 0; i < 5; i++) page(0.8);
    await history.sample();
    clock.now += minute;
    for (let i = 0; i < 100; i++) page(0.2);
    await history.sample();
    const [slow, steady] = history.report().p95Ms.slice(-2);
    // 95 of 100 under 5 ms: the 95th is at the top of that bucket; the next minute all sit between 100 and 250 ms.
    expect(slow).toBe(5);
    expect(steady).toBeGreaterThan(100);
    expect(steady).toBeLessThanOrEqual(250);
  });

  it("leaves resized images out of the page times", async () => {
    const { history, http, page } = setUp();
    await history.sample();
    for (let i = 0; i < 100; i++) page(0.004);
    for (let i = 0; i < 50; i++) {
      http.duration.observe({ method: "GET", route: "/content/images/*", status_code: "200" }, 2);
    }
    await history.sample();
    expect(history.report().p95Ms.at(-1)).toBe(5);
  });

  it("keeps exactly an hour of minutes and fixed memory, whatever the traffic and however long it runs", async () => {
    const { history, clock, page } = setUp();
    await history.sample();
    for (let m = 0; m < 3 * historyMinutes; m++) {
      for (let i = 0; i < 50; i++) page(0.01);
      await history.sample();
      clock.now += minute;
    }
    const report = history.report();
    expect(report.minuteStarts).toHaveLength(historyMinutes);
    expect(report.requests).toHaveLength(historyMinutes);
    // Every minute of the last hour saw its 50 requests, and nothing older is kept.
    expect(report.requests.slice(0, -1).every((count) => count === 50)).toBe(true);
    const sizeBefore = JSON.stringify(report).length;
    for (let m = 0; m < historyMinutes; m++) {
      for (let i = 0; i < 500; i++) page(Math.random());
      await history.sample();
      clock.now += minute;
    }
    expect(JSON.stringify(history.report()).length).toBeLessThan(sizeBefore * 2);
  });

  it("gives each route's p75 of the vitals over the hour, with web.dev's rating", async () => {
    const { history, clock, vitals } = setUp();
    await history.sample();
    for (let i = 0; i < 8; i++) vitals.LCP.observe({ route: "/" }, 1.2);
    for (let i = 0; i < 2; i++) vitals.LCP.observe({ route: "/" }, 5);
    for (let i = 0; i < 4; i++) vitals.CLS.observe({ route: "/about" }, 0.2);
    await history.sample();
    clock.now += 30 * minute;
    await history.sample();
    const numbers = history.report().vitals;
    expect(numbers).toEqual([
      expect.objectContaining({ route: "/", metric: "LCP", samples: 10, rating: "good" }),
      expect.objectContaining({ route: "/about", metric: "CLS", samples: 4, rating: "needs-improvement" }),
    ]);
    expect(numbers[0]?.p75).toBeGreaterThan(1000);
    expect(numbers[0]?.p75).toBeLessThanOrEqual(1500);
    // An hour later they are gone.
    clock.now += historyMinutes * minute;
    await history.sample();
    expect(history.report().vitals).toEqual([]);
  });
});

describe("a quantile from histogram buckets", () => {
  const buckets = { bounds: [0.1, 0.5, 1, Number.POSITIVE_INFINITY], counts: [50, 90, 100, 100] };
  it("interpolates inside the bucket the rank falls in", () => {
    expect(quantile(buckets, 0.5)).toBeCloseTo(0.1);
    expect(quantile(buckets, 0.7)).toBeCloseTo(0.3);
    expect(quantile(buckets, 0.95)).toBeCloseTo(0.75);
  });
  it("says nothing for an empty histogram, and the last bound past it", () => {
    expect(quantile({ bounds: [1, Number.POSITIVE_INFINITY], counts: [0, 0] }, 0.95)).toBeNull();
    expect(quantile({ bounds: [1, Number.POSITIVE_INFINITY], counts: [1, 10] }, 0.95)).toBe(1);
  });
});
