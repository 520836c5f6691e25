import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createLocalSource } from "../../server/content/local-source.ts";
import { compileQuery } from "../../server/content/query.ts";
import {
  readHomeCarousel,
  readLatestPosts,
  readProjectTiles,
  toPostCard,
  toProjectTile,
} from "../../src/content/home-page.ts";
import type { BlogPostFields, HomePageFields, ProjectFields } from "../../src/content/model.ts";
import type { Asset, ContentReader, Entry } from "../../src/content/types.ts";

const image = (id: string): Asset => ({
  sys: { id },
  fields: { title: id, file: { url: `/content/images/${id}.webp`, fileName: `${id}.webp`, contentType: "image/webp" } },
});

describe("a home page project tile (toProjectTile)", () => {
  const tile = (fields: Partial<ProjectFields>) => toProjectTile({ sys: { id: "p1" }, fields });

  it("carries the title, client, hero line as the summary, featured image and colour", () => {
    expect(
      tile({
        slug: "warmies",
        projectTitle: "Warmies rebrand",
        clientName: "Warmies",
        heroContent: "Heat packs with a wink.",
        featuredImage: image("warmies"),
        BackgroundColour: "#c2410c",
        date: "2025-01-27",
      }),
    ).toEqual({
      id: "p1",
      slug: "warmies",
      title: "Warmies rebrand",
      clientName: "Warmies",
      summary: "Heat packs with a wink.",
      image: image("warmies"),
      colour: "#c2410c",
    });
  });

  it("names a project without a title by its client, and a client-less one by its title, else by its slug", () => {
    expect(tile({ slug: "a", clientName: "Acme" })).toMatchObject({ title: "Acme", clientName: "Acme" });
    expect(tile({ slug: "a", projectTitle: "Acme site" })).toMatchObject({
      title: "Acme site",
      clientName: "Acme site",
    });
    expect(tile({ slug: "a" })).toMatchObject({ title: "a", clientName: "a", summary: "" });
  });

  it("leaves no image or colour when the project has none, and makes no tile without a slug to link to", () => {
    const bare = tile({ slug: "a", projectTitle: "A" });
    expect(bare?.image).toBeUndefined();
    expect(bare?.colour).toBeUndefined();
    expect(tile({ projectTitle: "No slug" })).toBeUndefined();
  });
});

describe("a home page post card (toPostCard)", () => {
  const card = (fields: Partial<BlogPostFields>) => toPostCard({ sys: { id: "b1" }, fields });

  it("carries title, date, tags and the first hero image", () => {
    expect(
      card({
        slug: "rebrand-or-refresh",
        blogTitle: "Rebrand or refresh?",
        blogPostDate: "2026-09-08",
        blogTags: ["Branding", "Strategy"],
        blogHero: [image("first"), image("second")],
      }),
    ).toEqual({
      id: "b1",
      slug: "rebrand-or-refresh",
      title: "Rebrand or refresh?",
      date: "2026-09-08",
      tags: ["Branding", "Strategy"],
      image: image("first"),
    });
  });

  it("copes with a post that has no date, tags or hero", () => {
    expect(card({ slug: "a", blogTitle: "A" })).toEqual({ id: "b1", slug: "a", title: "A", date: "", tags: [] });
  });

  it("makes no card for a post without a slug or a title", () => {
    expect(card({ blogTitle: "No slug" })).toBeUndefined();
    expect(card({ slug: "no-title" })).toBeUndefined();
  });
});

describe("what the home page reads from the sample store", () => {
  let content: ContentReader;
  let stored: { posts: Entry<BlogPostFields>[]; projects: Entry<ProjectFields>[]; home: Entry<HomePageFields>[] };
  beforeAll(async () => {
    const source = await createLocalSource(path.join(import.meta.dirname, "..", "..", "content"));
    content = {
      getEntries: async (query) => (await source.getEntries(compileQuery(query))) as never,
    };
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
    const cards = await readLatestPosts(content);
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
    const tiles = await readProjectTiles(content);
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
    const carousel = await readHomeCarousel(content);
    expect(carousel.length).toBeGreaterThan(0);
    expect(carousel).toEqual(stored.home[0]?.fields.carousel);
  });

  it("shows no carousel, rather than failing, when there is no home page entry", async () => {
    const empty: ContentReader = { getEntries: async () => ({ items: [] }) };
    expect(await readHomeCarousel(empty)).toEqual([]);
    expect(await readLatestPosts(empty)).toEqual([]);
    expect(await readProjectTiles(empty)).toEqual([]);
  });
});
