import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createLocalSource } from "../../server/content/local-source.ts";
import { compileQuery } from "../../server/content/query.ts";
import { readCarousel, readLatestPosts, readProjectTiles } from "../../src/content/pages.ts";
import { createLoadContext } from "../../src/context.ts";
import type { BlogPostFields, HomePageFields, ProjectFields } from "../../src/shared/content/model.ts";
import type { ContentReader, Entry } from "../../src/shared/content/types.ts";
import type { SiteServices } from "../../src/shared/services.ts";

/** The home page's reads (src/content/pages.ts) against the sample store: what is stored is what is shown. */

const contextOf = (content: ContentReader) =>
  createLoadContext({ content, settings: { preview: false } } as SiteServices, "");

describe("what the home page reads from the sample store", () => {
  let context: ReturnType<typeof contextOf>;
  let stored: { posts: Entry<BlogPostFields>[]; projects: Entry<ProjectFields>[]; home: Entry<HomePageFields>[] };
  beforeAll(async () => {
    const source = await createLocalSource(path.join(import.meta.dirname, "..", "..", "content"));
    context = contextOf({ getEntries: async (query) => (await source.getEntries(compileQuery(query))) as never });
    const all = source.store.entries;
    stored = {
      posts: (all.get("blogPost") ?? []) as unknown as Entry<BlogPostFields>[],
      projects: (all.get("singleProject") ?? []) as unknown as Entry<ProjectFields>[],
      home: (all.get("homePage") ?? []) as unknown as Entry<HomePageFields>[],
    };
  });

  const newestFirst = <T>(entries: Entry<T>[], date: (fields: T) => string | undefined) =>
    [...entries].sort((a, b) => (date(b.fields) ?? "").localeCompare(date(a.fields) ?? ""));

  it("teases the three newest posts, each as stored", async () => {
    const cards = await readLatestPosts(context);
    const newest = newestFirst(stored.posts, (fields) => fields.blogPostDate).slice(0, 3);
    expect(cards).toEqual(
      newest.map(({ sys, fields }) => ({
        id: sys.id,
        slug: fields.slug,
        title: fields.blogTitle,
        date: fields.blogPostDate,
        tags: fields.blogTags ?? [],
        image: fields.blogHero?.[0],
      })),
    );
  });

  it("tiles the eight newest projects, each as stored", async () => {
    const tiles = await readProjectTiles(context);
    const newest = newestFirst(stored.projects, (fields) => fields.date).slice(0, 8);
    expect(tiles.map((tile) => tile.slug)).toEqual(newest.map((entry) => entry.fields.slug));
    for (const [i, tile] of tiles.entries()) {
      const fields = newest[i]?.fields;
      expect(tile).toMatchObject({
        title: fields?.projectTitle,
        clientName: fields?.clientName,
        summary: fields?.heroContent,
        image: fields?.featuredImage,
        colour: fields?.BackgroundColour,
      });
    }
  });

  it("shows the home page entry's carousel images", async () => {
    const carousel = await readCarousel(context);
    expect(carousel.slides.length).toBeGreaterThan(0);
    expect(carousel).toEqual({ entryId: stored.home[0]?.sys.id, slides: stored.home[0]?.fields.carousel });
  });

  it("shows no carousel, rather than failing, when there is no home page entry", async () => {
    const empty: ContentReader = { getEntries: async () => ({ items: [] }) };
    expect((await readCarousel(contextOf(empty))).slides).toEqual([]);
    expect(await readLatestPosts(contextOf(empty))).toEqual([]);
    expect(await readProjectTiles(contextOf(empty))).toEqual([]);
  });
});
