import { describe, expect, it } from "vitest";
import type { BlogPostFields, ProjectFields } from "../../src/content/model.ts";
import {
  blogCategories,
  categoryParam,
  distinctCategories,
  orPlaceholder,
  type ProjectTile,
  pickServiceProjects,
  postCard,
  postList,
  projectCategories,
  projectList,
  projectTile,
  relatedPosts,
} from "../../src/content/pages.ts";
import type { ContentQuery, ContentReader, Entry } from "../../src/content/types.ts";
import { createLoadContext } from "../../src/context.ts";
import type { SiteServices } from "../../src/services.ts";

/** A load context whose content answers from `reader`; these reads use no other service. */
const contextWith = (reader: ContentReader) => createLoadContext({ content: reader } as SiteServices, "");

/** Answers like the content service for blogPost queries (order newest first, limit, skip); records queries. */
function postsReader(slugs: string[]) {
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
  return { context: contextWith(reader), queries };
}

describe("the spec's queries (R7)", () => {
  it("news: newest first, filtered by category; categories through select", async () => {
    const { context, queries } = postsReader(["a"]);
    await postList(context, "Branding");
    await postList(context);
    await blogCategories(context);
    expect(queries).toEqual([
      { content_type: "blogPost", order: "-fields.blogPostDate", "fields.blogCategory": "Branding" },
      { content_type: "blogPost", order: "-fields.blogPostDate" },
      { content_type: "blogPost", select: "sys.id,fields.blogCategory" },
    ]);
  });

  it("projects: by title, filtered by category; categories through select", async () => {
    const { context, queries } = postsReader([]);
    await projectList(context, "Web");
    await projectCategories(context);
    expect(queries).toEqual([
      { content_type: "singleProject", order: "fields.projectTitle", "fields.category": "Web" },
      { content_type: "singleProject", select: "sys.id,fields.category" },
    ]);
  });
});

describe("related posts: three, never the article itself (docs/decisions/0072)", () => {
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
    expect(categoryParam(new URL("http://x/news?category=Web%20Design"))).toBe("Web Design");
    expect(categoryParam(new URL("http://x/news?category="))).toBeUndefined();
    expect(categoryParam(new URL("http://x/news"))).toBeUndefined();
    expect(categoryParam(new URL(`http://x/news?category=${"x".repeat(500)}`))?.length).toBe(100);
  });
});

describe("a service page's latest projects (docs/decisions/0075)", () => {
  const tile = (slug: string, services: string[]) => ({ slug, services }) as ProjectTile;
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

describe("a secondary list when content is unavailable", () => {
  it("is null (its placeholder stays) while the page itself still renders", async () => {
    const failing = contextWith({
      async getEntries() {
        throw Object.assign(new Error("source down"), { code: "CONTENT_UNAVAILABLE" });
      },
    });
    expect(await orPlaceholder(relatedPosts(failing, "p1"))).toBeNull();
  });

  it("passes other failures on", async () => {
    await expect(orPlaceholder(Promise.reject(new Error("a bug")))).rejects.toThrow("a bug");
  });
});

describe("the cards of the news and project lists", () => {
  const hero = (id: string) => ({
    sys: { id },
    fields: { file: { url: `/content/images/${id}.webp`, fileName: `${id}.webp`, contentType: "image/webp" } },
  });

  it("a post card: title, first category, date, tags, and the first hero image or else the featured image", () => {
    const fields: BlogPostFields = {
      slug: "rebrand-or-refresh",
      blogTitle: "Rebrand or refresh?",
      blogCategory: ["Branding", "Strategy"],
      blogPostDate: "2026-09-08",
      blogTags: ["Identity"],
      blogHero: [hero("first"), hero("second")],
      blogFeaturedImage: hero("featured"),
    };
    expect(postCard({ sys: { id: "b1" }, fields })).toEqual({
      id: "b1",
      slug: "rebrand-or-refresh",
      title: "Rebrand or refresh?",
      category: "Branding",
      date: "2026-09-08",
      tags: ["Identity"],
      image: hero("first"),
    });
    expect(postCard({ sys: { id: "b1" }, fields: { ...fields, blogHero: undefined } })?.image).toEqual(
      hero("featured"),
    );
  });

  it("a post card copes with what Contentful may leave out, and there is none for a post without a title", () => {
    expect(postCard({ sys: { id: "b1" }, fields: { slug: "a", blogTitle: "A" } })).toEqual({
      id: "b1",
      slug: "a",
      title: "A",
      category: undefined,
      date: "",
      tags: [],
      image: undefined,
    });
    expect(postCard({ sys: { id: "b1" }, fields: { slug: "a" } })).toBeUndefined();
  });

  it("a project tile: title, client, hero line, categories, services, date and featured image", () => {
    const fields: ProjectFields = {
      slug: "warmies",
      projectTitle: "Warmies rebrand",
      clientName: "Warmies",
      heroContent: "Heat packs with a wink.",
      category: ["Branding"],
      services: ["Branding", "Packaging"],
      date: "2025-01-27",
      featuredImage: hero("warmies"),
    };
    expect(projectTile({ sys: { id: "p1" }, fields })).toEqual({
      id: "p1",
      slug: "warmies",
      title: "Warmies rebrand",
      clientName: "Warmies",
      summary: "Heat packs with a wink.",
      categories: ["Branding"],
      services: ["Branding", "Packaging"],
      date: "2025-01-27",
      image: hero("warmies"),
    });
  });

  it("a project tile copes with what Contentful may leave out, named by its client or its slug", () => {
    expect(projectTile({ sys: { id: "p1" }, fields: { slug: "warmies" } })).toEqual({
      id: "p1",
      slug: "warmies",
      title: "warmies",
      clientName: "warmies",
      summary: "",
      categories: [],
      services: [],
      date: "",
      image: undefined,
    });
    expect(projectTile({ sys: { id: "p1" }, fields: { slug: "warmies", clientName: "Warmies" } }).title).toBe(
      "Warmies",
    );
  });

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
    expect((await postList(contextWith(reader))).map((card) => card.slug)).toEqual(["a"]);
  });
});
