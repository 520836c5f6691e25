import { Registry } from "prom-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContentfulSource } from "../../server/content/contentful-source.ts";
import { createLocalSource } from "../../server/content/local-source.ts";
import { type ContentService, createContentService } from "../../server/content/service.ts";
import { createLogger } from "../../server/http/logging.ts";
import type { ContentQuery } from "../../src/shared/content/types.ts";
import { cdaOverFixture } from "../support/cda-fixture.ts";
import { checkNow } from "../support/ops.ts";

/** The cache in front of a real source: the contentful SDK over HTTP to the CDA stand-in, whose requests we count. */

const fixture = cdaOverFixture();
const { storeDir } = fixture;
const teaser: ContentQuery = { content_type: "blogPost", limit: 3, order: "-fields.blogPostDate" };
const article: ContentQuery = { content_type: "blogPost", "fields.slug": "alpha-launch" };

let clock: number;
let metrics: Registry;
let logLines: string[];

function serviceOverCda(options: { ttlSeconds?: number; maxEntries?: number } = {}): ContentService {
  const source = createContentfulSource(fixture.cda.sdkOptions());
  const logger = createLogger("info", { write: (line: string) => logLines.push(line) });
  return createContentService({
    source,
    ttlSeconds: options.ttlSeconds ?? 60,
    maxEntries: options.maxEntries,
    logger,
    metrics,
    now: () => clock,
  });
}

const entriesRequests = () => fixture.cda.requests.filter((url) => url.pathname.endsWith("/entries")).length;

beforeEach(() => {
  fixture.cda.requests.length = 0;
  fixture.cda.failWith = undefined;
  fixture.cda.delayMs = 0;
  clock = Date.parse("2026-11-22T10:00:00Z");
  metrics = new Registry();
  logLines = [];
});
afterEach(() => {
  fixture.cda.failWith = undefined;
});

describe("the content cache", () => {
  it("joins 100 concurrent identical cold queries into one source call", async () => {
    const content = serviceOverCda();
    fixture.cda.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 100 }, () => content.getEntries(teaser)));
    expect(entriesRequests()).toBe(1);
    expect(new Set(answers.map((answer) => answer.items.map((item) => item.sys.id).join()))).toEqual(
      new Set(["post-eagle,post-bright,post-dash"]),
    );
    expect(content.stats()).toMatchObject({ misses: 100, hits: 0, sourceErrors: 0 });
  });

  it("treats the same query written differently as one (order of keys, select terms, default limit)", async () => {
    const content = serviceOverCda();
    await content.getEntries({ content_type: "blogPost", select: "sys.id,fields.blogCategory,fields.slug" });
    await content.getEntries({ select: "fields.slug, fields.blogCategory", limit: 100, content_type: "blogPost" });
    expect(entriesRequests()).toBe(1);
  });

  it("answers from the cache within the TTL, and counts hits and misses", async () => {
    const content = serviceOverCda({ ttlSeconds: 60 });
    await content.getEntries(teaser);
    clock += 59_000;
    await content.getEntries(teaser);
    expect(entriesRequests()).toBe(1);
    expect(content.stats()).toMatchObject({ hits: 1, staleHits: 0, misses: 1, entries: 1 });
    expect(content.stats().lastRefreshAt).toBe("2026-11-22T10:00:00.000Z");
    const text = await metrics.metrics();
    expect(text).toContain('content_cache_hits_total{freshness="fresh"} 1');
    expect(text).toContain("content_cache_misses_total 1");
    expect(text).toContain("content_source_errors_total 0");
    expect(text).toContain("content_cache_entries 1");
  });

  it("after the TTL serves the stale answer at once and refreshes it behind", async () => {
    const content = serviceOverCda({ ttlSeconds: 60 });
    await content.getEntries(article);
    fixture.cda.publish("post-alpha", "blogTitle", "Alpha, relaunched");
    clock += 61_000;
    const stale = await content.getEntries(article);
    expect(stale.items[0]?.fields.blogTitle).toBe("Alpha launch");
    await expect.poll(() => content.stats().lastRefreshAt).toBe(new Date(clock).toISOString());
    const fresh = await content.getEntries(article);
    expect(fresh.items[0]?.fields.blogTitle).toBe("Alpha, relaunched");
    expect(entriesRequests()).toBe(2);
    fixture.cda.publish("post-alpha", "blogTitle", "Alpha launch");
  });

  it("with a TTL of 0 asks the source every time", async () => {
    const content = serviceOverCda({ ttlSeconds: 0 });
    await content.getEntries(teaser);
    await content.getEntries(teaser);
    expect(entriesRequests()).toBe(2);
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const content = serviceOverCda({ maxEntries: 2 });
    const bySlug = (slug: string): ContentQuery => ({ content_type: "blogPost", "fields.slug": slug });
    await content.getEntries(bySlug("a"));
    await content.getEntries(bySlug("b"));
    await content.getEntries(bySlug("a"));
    await content.getEntries(bySlug("c"));
    expect(content.stats().entries).toBe(2);
    const before = entriesRequests();
    await content.getEntries(bySlug("a"));
    expect(entriesRequests()).toBe(before);
    await content.getEntries(bySlug("b"));
    expect(entriesRequests()).toBe(before + 1);
  });

  it("serves the stale answer when the source is down, and counts the error", async () => {
    const content = serviceOverCda({ ttlSeconds: 60 });
    const first = await content.getEntries(teaser);
    fixture.cda.failWith = 503;
    clock += 120_000;
    expect(await content.getEntries(teaser)).toEqual(first);
    await expect.poll(() => content.stats().sourceErrors).toBe(1);
    expect(await content.getEntries(teaser)).toEqual(first);
    expect(await metrics.metrics()).toContain("content_source_errors_total 1");
  });

  it("gives ContentUnavailableError when the source is down and nothing is cached, logged once with the query", async () => {
    const content = serviceOverCda();
    fixture.cda.failWith = 500;
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => content.getEntries(teaser)));
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ status: "rejected", reason: { code: "CONTENT_UNAVAILABLE" } });
    }
    const failures = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === "content source failed");
    expect(failures).toHaveLength(1);
    expect(failures[0].query).toContain("-fields.blogPostDate");
    expect(content.stats().sourceErrors).toBe(1);
    expect(await checkNow(content.readinessCheck)).toMatchObject([{ state: "fail", critical: true }]);
  });

  it("a purge makes the next read wait for the source, and still falls back to the old answer if it is down", async () => {
    const content = serviceOverCda({ ttlSeconds: 3600 });
    await content.getEntries(article);
    fixture.cda.publish("post-alpha", "blogTitle", "Alpha, published");
    content.purge();
    const after = await content.getEntries(article);
    expect(after.items[0]?.fields.blogTitle).toBe("Alpha, published");
    content.purge();
    fixture.cda.failWith = 503;
    const fallback = await content.getEntries(article);
    expect(fallback.items[0]?.fields.blogTitle).toBe("Alpha, published");
    fixture.cda.failWith = undefined;
    fixture.cda.publish("post-alpha", "blogTitle", "Alpha launch");
  });

  it("hands out frozen answers, so one request cannot change another's content", async () => {
    const content = createContentService({
      source: await createLocalSource(storeDir),
      ttlSeconds: 60,
      logger: createLogger("silent"),
    });
    const { items } = await content.getEntries(teaser);
    expect(() => {
      (items as unknown[]).pop();
    }).toThrow(TypeError);
    expect(() => {
      (items[0]?.fields as Record<string, unknown>).blogTitle = "changed";
    }).toThrow(TypeError);
  });

  it("refuses a query outside the allow-list without asking the source", async () => {
    const content = serviceOverCda();
    await expect(content.getEntries({ content_type: "blogPost", order: "fields.nope" })).rejects.toMatchObject({
      code: "CONTENT_QUERY_INVALID",
      message: '"order" names "fields.nope", which blogPost does not have.',
    });
    expect(entriesRequests()).toBe(0);
  });
});
