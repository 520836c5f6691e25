import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { orPlaceholder } from "../../src/content/load.ts";
import {
  latestProjectsFor,
  postBySlug,
  projectBySlug,
  readCarousel,
  readLatestPosts,
  readProjectTiles,
  relatedPosts,
  serviceBySlug,
} from "../../src/content/pages.ts";
import { createLoadContext } from "../../src/context.ts";
import type { ContentQuery, ContentReader, Entry } from "../../src/shared/content/types.ts";
import type { SiteServices } from "../../src/shared/services.ts";

/** A real pino logger whose JSON lines are kept for the test to read. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

/** A load context whose content answers `answer(query)` and records the queries; logs go to `lines`. */
function pageContext(answer: (query: ContentQuery) => Promise<Entry[]>) {
  const queries: ContentQuery[] = [];
  const content: ContentReader = {
    async getEntries<F>(query: ContentQuery) {
      queries.push(query);
      return { items: (await answer(query)) as Entry<F>[] };
    },
  };
  const { logger, lines } = recordingLogger();
  const context = createLoadContext({ content, logger, settings: { preview: false } } as unknown as SiteServices, "");
  return { context, queries, lines };
}

/** The content service's own failure when the source is down and nothing is cached. */
const unavailable = () => Object.assign(new Error("source down"), { code: "CONTENT_UNAVAILABLE" });
/** Writes settle on the next turn; the assertions read what has been logged by then. */
const logged = () => new Promise((resolve) => setImmediate(resolve));

describe("a section that may fail alone", () => {
  it("keeps its placeholder (null) when content is unavailable, and the server's logger says which", async () => {
    const { context, lines } = pageContext(() => Promise.reject(unavailable()));
    expect(await orPlaceholder(context, "related posts", relatedPosts(context, "p1"))).toBeNull();
    await logged();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, section: "related posts" });
    expect(lines[0]?.msg).toMatch(/content unavailable/);
  });

  it("shows its content when it loads, and logs nothing", async () => {
    const post = { sys: { id: "1" }, fields: { slug: "a", blogTitle: "A", blogPostDate: "2026-01-01" } };
    const { context, lines } = pageContext(async () => [post]);
    const cards = await orPlaceholder(context, "home teaser", readLatestPosts(context));
    expect(cards?.map((card) => card.slug)).toEqual(["a"]);
    await logged();
    expect(lines).toEqual([]);
  });

  it("passes any other failure on to the page (a bug is not content being unavailable)", async () => {
    const { context, lines } = pageContext(() => Promise.reject(new Error("a bug")));
    await expect(orPlaceholder(context, "home carousel", readCarousel(context))).rejects.toThrow("a bug");
    await expect(orPlaceholder(context, "anything", Promise.reject(new Error("another bug")))).rejects.toThrow(
      "another bug",
    );
    await logged();
    expect(lines).toEqual([]);
  });
});

describe("a page's own entry", () => {
  it("when content is unavailable is the thrown 503 with Retry-After that the page's placeholder is drawn for", async () => {
    const { context } = pageContext(() => Promise.reject(unavailable()));
    const thrown = await postBySlug(context, "a").catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 503, headers: { "Retry-After": "30" } } });
  });

  it("that does not exist is the thrown 404", async () => {
    const { context } = pageContext(async () => []);
    for (const read of [postBySlug, projectBySlug, serviceBySlug]) {
      await expect(read(context, "nope")).rejects.toMatchObject({ init: { status: 404 } });
    }
  });
});

describe("the spec's queries, one per usage", () => {
  it("home: the teaser's three newest posts, the first homePage entry, the eight newest projects", async () => {
    const { context, queries } = pageContext(async () => []);
    await readLatestPosts(context);
    await readCarousel(context);
    await readProjectTiles(context);
    expect(queries).toEqual([
      {
        content_type: "blogPost",
        limit: 3,
        order: "-fields.blogPostDate",
        select: "sys.id,fields.blogTitle,fields.slug,fields.blogPostDate,fields.blogTags,fields.blogHero",
      },
      { content_type: "homePage", limit: 1 },
      {
        content_type: "singleProject",
        order: "-fields.date",
        limit: 8,
        select:
          "sys.id,fields.projectTitle,fields.slug,fields.clientName,fields.heroContent,fields.featuredImage,fields.BackgroundColour",
      },
    ]);
  });

  it("an article, a project and a service by slug; a service's projects newest first", async () => {
    const service = { sys: { id: "s" }, fields: { slug: "web-design", title: "Web Design" } };
    const { context, queries } = pageContext(async (query) =>
      query.content_type === "singleServices" ? [service] : [],
    );
    await postBySlug(context, "a").catch(() => {});
    await projectBySlug(context, "b").catch(() => {});
    await serviceBySlug(context, "web-design");
    await latestProjectsFor(context, { slug: "web-design", title: "Web Design" });
    expect(queries).toEqual([
      { content_type: "blogPost", "fields.slug": "a", limit: 1 },
      { content_type: "singleProject", "fields.slug": "b", limit: 1 },
      { content_type: "singleServices", "fields.slug": "web-design", limit: 1 },
      { content_type: "singleProject", order: "-fields.date" },
    ]);
  });
});
