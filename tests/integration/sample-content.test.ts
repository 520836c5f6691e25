import path from "node:path";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { readStoreFiles, type StoredAsset, type StoredEntry } from "../../server/content/local-source.ts";
import { contentFields, type FieldKind } from "../../src/shared/content/fields.ts";
import type { ContentQuery } from "../../src/shared/content/types.ts";
import { buildTestApp } from "../support/app.ts";

/**
 * The sample site in content/ as the running app serves it: every image it names answers, every content usage of
 * the spec finds something, every entry can be read by its slug, and it fits the Contentful export (the store's own
 * integrity test, tests/unit/sample-store.test.ts, checks what each page needs of it).
 */

const contentDir = path.resolve(import.meta.dirname, "../../content");
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let store: { entries: StoredEntry[]; assets: StoredAsset[] };
let app: Awaited<ReturnType<typeof buildTestApp>>["app"];

beforeAll(async () => {
  store = await readStoreFiles(contentDir);
  ({ app } = await buildTestApp({ env: { CONTENT_DIR: contentDir, CONTENT_RATE_LIMIT: "100000" } }));
});

const isLink = (value: unknown) =>
  (value as { sys?: { type?: string; linkType?: string } })?.sys?.type === "Link" &&
  (value as { sys: { linkType?: string } }).sys.linkType === "Asset";

function fitsKind(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case "text":
      return typeof value === "string" && value.length <= 255;
    case "longText":
      return typeof value === "string";
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
    case "list":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "asset":
      return isLink(value);
    case "assets":
      return Array.isArray(value) && value.every(isLink);
    case "richText":
      return (value as { nodeType?: string })?.nodeType === "document";
  }
}

const post = (query: ContentQuery) => request(app).post("/contentful/posts").send(query);

describe("the sample content", () => {
  it("fits the content model's Contentful types (scripts/contentful-export.ts can import it)", () => {
    const problems: string[] = [];
    for (const entry of store.entries) {
      const fields: Readonly<Record<string, FieldKind>> = contentFields[entry.contentType];
      for (const [name, value] of Object.entries(entry.fields)) {
        const kind = fields[name];
        if (!kind) problems.push(`${entry.file}: ${name} is not a field of ${entry.contentType}`);
        else if (!fitsKind(kind, value)) problems.push(`${entry.file}: ${name} is not a valid ${kind}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("serves every image it names with 200 and an image type", async () => {
    expect(store.assets.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const asset of store.assets) {
      const { url, contentType } = asset.fields.file;
      const res = await request(app).get(url);
      if (res.status !== 200 || !String(res.headers["content-type"]).startsWith("image/")) {
        failures.push(`${url}: ${res.status} ${res.headers["content-type"]}`);
      } else if (String(res.headers["content-type"]).split(";")[0] !== contentType) {
        failures.push(`${url}: served as ${res.headers["content-type"]}, stored as ${contentType}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("gives every content usage of the spec something to show", async () => {
    const teaser = await post({ content_type: "blogPost", limit: 3, order: "-fields.blogPostDate" });
    expect(teaser.body.items).toHaveLength(3);
    const [home] = (await post({ content_type: "homePage" })).body.items;
    expect(home.fields.carousel.length).toBeGreaterThanOrEqual(3);
    const categories = await post({ content_type: "blogPost", select: "sys.id,fields.blogCategory" });
    const distinct = new Set(
      categories.body.items.flatMap((item: { fields: { blogCategory: string[] } }) => item.fields.blogCategory),
    );
    expect(categories.body.items.length).toBeGreaterThanOrEqual(9);
    expect(distinct.size).toBeGreaterThanOrEqual(3);
    for (const category of distinct) {
      const filtered = await post({ content_type: "blogPost", "fields.blogCategory": category as string });
      expect(filtered.body.items.length).toBeGreaterThan(0);
    }
    const projects = await post({ content_type: "singleProject", order: "fields.projectTitle" });
    expect(projects.body.items.length).toBeGreaterThanOrEqual(13);
    const projectCategories = await post({ content_type: "singleProject", select: "sys.id,fields.category" });
    for (const item of projectCategories.body.items) expect(Object.keys(item.fields)).toEqual(["category"]);
  });

  it("finds every post, project and service by its slug", async () => {
    const withSlugs = store.entries.filter((entry) => typeof entry.fields.slug === "string");
    expect(withSlugs.length).toBeGreaterThan(20);
    for (const entry of withSlugs) {
      const res = await post({ content_type: entry.contentType, "fields.slug": entry.fields.slug as string });
      expect(
        res.body.items.map((item: { sys: { id: string } }) => item.sys.id),
        entry.file,
      ).toEqual([entry.id]);
    }
  });

  it("renders every article's page", async () => {
    const posts = store.entries.filter((entry) => entry.contentType === "blogPost");
    for (const entry of posts) {
      const res = await request(app).get(`/post/${entry.fields.slug}`).set("User-Agent", googlebot);
      expect(res.status, `/post/${entry.fields.slug}`).toBe(200);
    }
  });
});
