import { describe, expect, it } from "vitest";
import { createContentfulSource } from "../../server/content/contentful-source.ts";
import { createContentService } from "../../server/content/service.ts";
import { createLogger } from "../../server/http/logging.ts";
import type { ContentQuery } from "../../src/shared/content/types.ts";
import { cdaOverFixture } from "../support/cda-fixture.ts";

/** Purging by content type, and preview's never-stale cache, over the contentful SDK and the CDA stand-in. */

const fixture = cdaOverFixture();
const post: ContentQuery = { content_type: "blogPost", "fields.slug": "alpha-launch", select: "fields.blogTitle" };
const project: ContentQuery = {
  content_type: "singleProject",
  "fields.slug": "warmies",
  select: "fields.projectTitle",
};

function service(options: { serveStale?: boolean; now?: () => number } = {}) {
  return createContentService({
    source: createContentfulSource(fixture.cda.sdkOptions()),
    ttlSeconds: 60,
    logger: createLogger("silent"),
    ...options,
  });
}

const sourceCalls = () => fixture.cda.requests.filter((url) => url.pathname.endsWith("/entries")).length;

describe("purging by content type", () => {
  it("drops the answers of the types named and keeps the others", async () => {
    const content = service();
    await content.getEntries(post);
    await content.getEntries(project);
    fixture.cda.publish("post-alpha", "blogTitle", "Alpha, published");
    fixture.cda.publish("project-warmies", "projectTitle", "Warmer");
    try {
      content.purge(["blogPost"]);
      const calls = sourceCalls();
      expect((await content.getEntries(post)).items[0]?.fields.blogTitle).toBe("Alpha, published");
      expect((await content.getEntries(project)).items[0]?.fields.projectTitle).toBe("Warmies");
      expect(sourceCalls() - calls).toBe(1);
      content.purge();
      expect((await content.getEntries(project)).items[0]?.fields.projectTitle).toBe("Warmer");
    } finally {
      fixture.cda.publish("post-alpha", "blogTitle", "Alpha launch");
      fixture.cda.publish("project-warmies", "projectTitle", "Warmies");
    }
  });
});

describe("a cache that never serves stale (preview)", () => {
  it("waits for the source once an answer is past its TTL", async () => {
    let clock = Date.parse("2026-11-23T10:00:00Z");
    const content = service({ serveStale: false, now: () => clock });
    await content.getEntries(post);
    fixture.cda.publish("post-alpha", "blogTitle", "Alpha, saved");
    try {
      expect((await content.getEntries(post)).items[0]?.fields.blogTitle).toBe("Alpha launch"); // fresh
      clock += 61_000;
      expect((await content.getEntries(post)).items[0]?.fields.blogTitle).toBe("Alpha, saved");
      expect(content.stats().staleHits).toBe(0);
    } finally {
      fixture.cda.publish("post-alpha", "blogTitle", "Alpha launch");
    }
  });
});
