import { beforeAll, describe, expect, it } from "vitest";
import { createContentfulSource } from "../../server/content/contentful-source.ts";
import { createLocalSource } from "../../server/content/local-source.ts";
import { type ContentService, createContentService } from "../../server/content/service.ts";
import type { ContentSource } from "../../server/content/source.ts";
import { createLogger } from "../../server/http/logging.ts";
import type { Asset, ContentQuery, Entry } from "../../src/shared/content/types.ts";
import { cdaOverFixture } from "../support/cda-fixture.ts";
import { fixtureAssets } from "../support/content-fixture.ts";
import { checkNow } from "../support/ops.ts";

/**
 * One contract, both sources: every content usage of the spec gives the same answer from the embedded store and
 * from the real contentful SDK talking to a Content Delivery API stand-in, both over the same fixture store.
 */

const logger = createLogger("silent");
const fixture = cdaOverFixture();
const { storeDir } = fixture;

const sources: { name: string; create: () => Promise<ContentSource> }[] = [
  { name: "local store", create: () => createLocalSource(storeDir) },
  {
    name: "contentful SDK",
    create: async () => createContentfulSource(fixture.cda.sdkOptions()),
  },
];

const ids = (items: Entry[]) => items.map((item) => item.sys.id);

/** The asset as pages read it; the URL differs by source (store path or Contentful's image host). */
function expectAsset(value: unknown, id: string) {
  const asset = value as Asset;
  const known = fixtureAssets.find((candidate) => candidate.id === id);
  expect(known).toBeDefined();
  expect(asset.sys).toEqual({ id });
  expect(Object.keys(asset.fields).sort()).toEqual(
    known?.description ? ["description", "file", "title"] : ["file", "title"],
  );
  expect(asset.fields.title).toBe(known?.title);
  const fileName = known?.fileName.split("/").pop() ?? "";
  expect(asset.fields.file.fileName).toBe(fileName);
  expect(asset.fields.file.contentType).toBe("image/png");
  expect(asset.fields.file.url).toMatch(new RegExp(`^(/content/images/|//images\\.ctfassets\\.net/).*${fileName}$`));
  expect(asset.fields.file.details?.image).toEqual({ width: known?.width, height: known?.height });
}

describe.each(sources)("content contract: $name", ({ create }) => {
  let content: ContentService;
  beforeAll(async () => {
    content = createContentService({ source: await create(), ttlSeconds: 60, logger });
  });
  const get = async (query: ContentQuery) => (await content.getEntries(query)).items;

  it("home teaser: the 3 newest posts by -fields.blogPostDate, with what the cards read", async () => {
    const items = await get({ content_type: "blogPost", limit: 3, order: "-fields.blogPostDate" });
    // Dates compare as dates: 2026-03-01T00:30+02:00 is before 2026-02-28T23:00Z.
    expect(ids(items)).toEqual(["post-eagle", "post-bright", "post-dash"]);
    const [first] = items;
    expect(first?.sys.contentType).toEqual({ sys: { id: "blogPost" } });
    expect(first?.fields).toMatchObject({
      blogTitle: "Eagle-eyed proofing",
      slug: "eagle-eyed-proofing",
      blogPostDate: "2026-03-15",
      blogTags: ["branding"],
    });
    expectAsset((first?.fields.blogHero as unknown[] | undefined)?.[0], "hero-bright");
  });

  it("home carousel: the first homePage entry's images", async () => {
    const [home] = await get({ content_type: "homePage" });
    const carousel = home?.fields.carousel as unknown[];
    expect(carousel).toHaveLength(3);
    carousel.forEach((image, index) => {
      expectAsset(image, `carousel-${index + 1}`);
    });
  });

  it("news: every post, newest first", async () => {
    const items = await get({ content_type: "blogPost", order: "-fields.blogPostDate" });
    expect(ids(items)).toEqual(["post-eagle", "post-bright", "post-dash", "post-alpha", "post-carols"]);
  });

  it("news: the category list from select 'sys.id,fields.blogCategory' carries nothing else", async () => {
    const items = await get({ content_type: "blogPost", select: "sys.id,fields.blogCategory" });
    expect(items).toHaveLength(5);
    for (const item of items) {
      expect(Object.keys(item.fields)).toEqual(["blogCategory"]);
      expect(item.sys.id).toMatch(/^post-/);
    }
    const categories = new Set(items.flatMap((item) => item.fields.blogCategory as string[]));
    expect([...categories].sort()).toEqual(["Branding", "Studio", "Web Design"]);
  });

  it("news: filtered by fields.blogCategory, matching one element of the list", async () => {
    const items = await get({
      content_type: "blogPost",
      order: "-fields.blogPostDate",
      "fields.blogCategory": "Branding",
    });
    expect(ids(items)).toEqual(["post-eagle", "post-bright", "post-alpha"]);
    const none = await get({ content_type: "blogPost", "fields.blogCategory": "Knitting" });
    expect(none).toEqual([]);
  });

  it("related posts: blogPost with limit 3", async () => {
    const items = await get({ content_type: "blogPost", limit: 3 });
    expect(ids(items)).toEqual(["post-alpha", "post-bright", "post-carols"]);
  });

  it("article: blogPost by fields.slug, with the body's embedded image resolved", async () => {
    const [post, ...rest] = await get({ content_type: "blogPost", "fields.slug": "alpha-launch" });
    expect(rest).toEqual([]);
    expect(post?.sys.id).toBe("post-alpha");
    expect(post?.fields).toMatchObject({
      blogTitle: "Alpha launch",
      seoTitle: "Alpha launch",
      seoKeywords: ["design"],
    });
    expectAsset((post?.fields.blogHero as unknown[] | undefined)?.[0], "hero-alpha");
    expectAsset((post?.fields.blogInternalImage as unknown[] | undefined)?.[0], "inline-alpha");
    const body = post?.fields.blogText as { content: { nodeType: string; data: { target?: unknown } }[] };
    expect(body.content.map((node) => node.nodeType)).toEqual([
      "heading-2",
      "paragraph",
      "embedded-asset-block",
      "heading-2",
    ]);
    expectAsset(body.content[2]?.data.target, "inline-alpha");
    expect(await get({ content_type: "blogPost", "fields.slug": "no-such-post" })).toEqual([]);
  });

  it("projects: ordered by fields.projectTitle", async () => {
    const items = await get({ content_type: "singleProject", order: "fields.projectTitle" });
    expect(ids(items)).toEqual(["project-adidas", "project-bowmer", "project-dennis", "project-warmies"]);
  });

  it("projects: category list via select 'sys.id,fields.category', then filtered by fields.category", async () => {
    const list = await get({ content_type: "singleProject", select: "sys.id,fields.category" });
    for (const item of list) expect(Object.keys(item.fields)).toEqual(["category"]);
    const categories = new Set(list.flatMap((item) => item.fields.category as string[]));
    expect([...categories].sort()).toEqual(["Branding", "Packaging", "Photography", "Web Design"]);
    const branding = await get({
      content_type: "singleProject",
      order: "fields.projectTitle",
      "fields.category": "Branding",
    });
    expect(ids(branding)).toEqual(["project-dennis", "project-warmies"]);
  });

  it("project: singleProject by fields.slug, with its layout flag and images", async () => {
    const [project] = await get({ content_type: "singleProject", "fields.slug": "bowmer-kirkland" });
    expect(project?.sys.id).toBe("project-bowmer");
    expect(project?.fields).toMatchObject({
      projectTitle: "Bowmer Kirkland",
      smallProject: "yes",
      category: ["Web Design"],
    });
    expectAsset(project?.fields.featuredImage, "project-tile");
  });

  it("service: singleServices by fields.slug", async () => {
    const [service, ...rest] = await get({ content_type: "singleServices", "fields.slug": "web-design" });
    expect(rest).toEqual([]);
    expect(service?.sys.id).toBe("service-web-design");
    expect(service?.fields).toMatchObject({ title: "Web Design", stats: ["250+", "20", "98%"] });
    expectAsset(service?.fields.servicesHero, "project-tile");
    expect((service?.fields.carousel as unknown[] | undefined)?.length).toBe(2);
  });

  it("pages through results with skip and limit", async () => {
    const items = await get({ content_type: "blogPost", order: "-fields.blogPostDate", skip: 1, limit: 2 });
    expect(ids(items)).toEqual(["post-bright", "post-dash"]);
  });

  it("orders by several fields: the second breaks ties of the first", async () => {
    const items = await get({ content_type: "singleProject", order: "-fields.smallProject,fields.projectTitle" });
    expect(ids(items)).toEqual(["project-adidas", "project-bowmer", "project-dennis", "project-warmies"]);
  });

  it("says the source answers", async () => {
    expect(await checkNow(content.readinessCheck)).toMatchObject([{ name: "content source answers", state: "ok" }]);
  });
});

describe("the contentful source on the wire", () => {
  it("sends the site's query as Delivery API parameters through the SDK", async () => {
    const source = createContentfulSource(fixture.cda.sdkOptions());
    const content = createContentService({ source, ttlSeconds: 60, logger });
    const before = fixture.cda.requests.length;
    await content.getEntries({
      content_type: "blogPost",
      select: "sys.id,fields.blogCategory",
      order: "-fields.blogPostDate",
      "fields.blogCategory": "Branding",
      limit: 3,
    });
    const sent = fixture.cda.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.pathname).toBe(`/spaces/${fixture.cda.space}/environments/${fixture.cda.environment}/entries`);
    expect(Object.fromEntries(sent[0]?.searchParams ?? [])).toMatchObject({
      content_type: "blogPost",
      order: "-fields.blogPostDate,sys.id",
      "fields.blogCategory": "Branding",
      limit: "3",
      skip: "0",
    });
    expect(sent[0]?.searchParams.get("select")?.split(",").sort()).toEqual([
      "fields.blogCategory",
      "sys.id",
      "sys.type",
    ]);
  });

  it("refuses a wrong token as an unavailable source, not as the caller's mistake", async () => {
    const source = createContentfulSource(fixture.cda.sdkOptions({ accessToken: "wrong" }));
    const content = createContentService({ source, ttlSeconds: 60, logger });
    await expect(content.getEntries({ content_type: "homePage" })).rejects.toMatchObject({
      code: "CONTENT_UNAVAILABLE",
    });
    expect(await checkNow(content.readinessCheck)).toMatchObject([
      { name: "content source answers", state: "fail", critical: true },
    ]);
  });
});
