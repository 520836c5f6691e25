import { describe, expect, it } from "vitest";
import type { ProjectCard } from "../../src/content/cards.ts";
import { listings, pickServiceProjects, readListing, relatedPosts } from "../../src/content/pages.ts";
import { createLoadContext } from "../../src/context.ts";
import { distinctCategories } from "../../src/shared/content/categories.ts";
import type { BlogPostFields } from "../../src/shared/content/model.ts";
import type { ContentQuery, ContentReader, Entry } from "../../src/shared/content/types.ts";
import { readCategory } from "../../src/shared/page-queries.ts";
import { thrownDataStatus } from "../../src/shared/router-protocol.ts";
import type { SiteServices } from "../../src/shared/services.ts";

/** A load context whose content answers from `reader`; these reads use no other service. */
const contextWith = (reader: ContentReader, preview = false) =>
  createLoadContext({ content: reader, settings: { preview } } as SiteServices, "");

/** Answers like the content service for blogPost queries (order newest first, limit, skip); records queries. */
function postsReader(slugs: string[], preview = false) {
  const queries: ContentQuery[] = [];
  const entries: Entry<BlogPostFields>[] = slugs.map((slug, i) => ({
    sys: { id: slug },
    fields: {
      slug,
      blogTitle: slug,
      blogCategory: ["News"],
      blogPostDate: `2026-01-${String(30 - i).padStart(2, "0")}`,
      blogTags: [],
      blogHero: [],
    } as unknown as BlogPostFields,
  }));
  const reader: ContentReader = {
    async getEntries<F>(query: ContentQuery) {
      queries.push(query);
      const skip = query.skip ?? 0;
      return { items: entries.slice(skip, skip + (query.limit ?? 100)) as unknown as Entry<F>[] };
    },
  };
  return { context: contextWith(reader, preview), entries, queries };
}

describe("the spec's queries", () => {
  it("news: newest first, filtered by category; categories through select", async () => {
    const { context, queries } = postsReader(["a"]);
    await readListing(context, new URL("http://x/news?category=News"), listings.news);
    await readListing(context, new URL("http://x/news"), listings.news);
    expect(queries).toEqual([
      { content_type: "blogPost", select: "sys.id,fields.blogCategory" },
      { content_type: "blogPost", order: "-fields.blogPostDate", "fields.blogCategory": "News" },
      { content_type: "blogPost", select: "sys.id,fields.blogCategory" },
      { content_type: "blogPost", order: "-fields.blogPostDate" },
    ]);
  });

  it("projects: by title, filtered by category; categories through select", async () => {
    const { context, queries } = postsReader([]);
    await readListing(context, new URL("http://x/projects?category=Web"), listings.projects).catch(() => {});
    expect(queries).toEqual([
      { content_type: "singleProject", select: "sys.id,fields.category" },
      { content_type: "singleProject", order: "fields.projectTitle", "fields.category": "Web" },
    ]);
  });

  it("a list page names each category once, in alphabetical order, beside the one the address names", async () => {
    const { context } = postsReader(["a", "b"]);
    expect(await readListing(context, new URL("http://x/news?category=News"), listings.news)).toMatchObject({
      categories: ["News"],
      category: "News",
      cards: [{ slug: "a" }, { slug: "b" }],
    });
  });

  it("a category the filter does not offer is the 404 page, whatever its spelling", async () => {
    const { context } = postsReader(["a", "b"]);
    for (const category of ["Made-up", "news", "Newsx"]) {
      const thrown = await readListing(context, new URL(`http://x/news?category=${category}`), listings.news).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrownDataStatus(thrown), category).toBe(404);
    }
    // Spaces around an offered one are the page's own reading of it, as the page cache's key is.
    expect(await readListing(context, new URL("http://x/news?category=%20News%20"), listings.news)).toMatchObject({
      category: "News",
    });
  });
});

describe("related posts: three, never the article itself", () => {
  it("are the three newest when the article is not among them, in one query of three", async () => {
    const { context, queries } = postsReader(["p1", "p2", "p3", "p4", "p5"]);
    expect((await relatedPosts(context, "p5")).map((p) => p.slug)).toEqual(["p1", "p2", "p3"]);
    expect(queries).toEqual([{ content_type: "blogPost", order: "-fields.blogPostDate", limit: 3 }]);
  });

  it("read one more past the first three when the article is one of them", async () => {
    const { context, queries } = postsReader(["p1", "p2", "p3", "p4", "p5"]);
    expect((await relatedPosts(context, "p2")).map((p) => p.slug)).toEqual(["p1", "p3", "p4"]);
    expect(queries[1]).toEqual({ content_type: "blogPost", order: "-fields.blogPostDate", limit: 1, skip: 3 });
  });

  it("are fewer when there are not enough other articles", async () => {
    const { context } = postsReader(["p1", "p2"]);
    expect((await relatedPosts(context, "p1")).map((p) => p.slug)).toEqual(["p2"]);
  });

  it("carry the fields they were made from in preview only, for live updates", async () => {
    const published = postsReader(["p1", "p2"]);
    expect((await relatedPosts(published.context, "p1")).map((card) => card.source)).toEqual([undefined]);
    const preview = postsReader(["p1", "p2"], true);
    expect((await relatedPosts(preview.context, "p1")).map((card) => card.source)).toEqual([
      preview.entries[1]?.fields,
    ]);
  });
});

describe("categories", () => {
  it("are distinct, trimmed and alphabetical, whatever their case", () => {
    expect(distinctCategories([["Web", "Branding"], undefined, ["branding ", "Print"], [""]])).toEqual([
      "Branding",
      "Print",
      "Web",
    ]);
  });

  it("come from ?category=, where empty means All", () => {
    const category = (url: string) => readCategory(new URL(url).searchParams);
    expect(category("http://x/news?category=Web%20Design")).toBe("Web Design");
    expect(category("http://x/news?category=")).toBeUndefined();
    expect(category("http://x/news")).toBeUndefined();
    expect(category(`http://x/news?category=${"x".repeat(500)}`)?.length).toBe(100);
    // The first, as URLSearchParams.get reads it.
    expect(category("http://x/news?category=%20Print%20&category=Web")).toBe("Print");
  });
});

describe("a service page's latest projects", () => {
  const tile = (slug: string, services: string[]) => ({ slug, services }) as ProjectCard;
  const newestFirst = [
    tile("a", ["Branding"]),
    tile("b", ["Web Design", "Branding"]),
    tile("c", ["Print"]),
    tile("d", ["web design"]),
    tile("e", ["Photography"]),
  ];

  it("are the newest projects that list the service, by title or slug", () => {
    const picked = pickServiceProjects(newestFirst, { title: "Web Design", slug: "web-design" }, 2);
    expect(picked.map((p) => p.slug)).toEqual(["b", "d"]);
  });

  it("are topped up with the newest of the rest", () => {
    const picked = pickServiceProjects(newestFirst, { title: "Web Design", slug: "web-design" }, 4);
    expect(picked.map((p) => p.slug)).toEqual(["b", "d", "a", "c"]);
    expect(pickServiceProjects(newestFirst, { title: "Packaging", slug: "packaging" }, 2).map((p) => p.slug)).toEqual([
      "a",
      "b",
    ]);
  });
});

describe("the news list", () => {
  it("the news list leaves out a post without a title", async () => {
    const reader: ContentReader = {
      async getEntries<F>() {
        const items = [
          { sys: { id: "a" }, fields: { slug: "a", blogTitle: "A" } },
          { sys: { id: "b" }, fields: { slug: "b" } },
        ];
        return { items: items as unknown as Entry<F>[] };
      },
    };
    const { cards } = await readListing(contextWith(reader), new URL("http://x/news"), listings.news);
    expect(cards.map((card) => card.slug)).toEqual(["a"]);
  });
});
