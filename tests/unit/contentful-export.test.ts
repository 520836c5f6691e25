import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { toSpaceExport } from "../../scripts/contentful-export.ts";
import { readStoreFiles } from "../../server/content/local-source.ts";
import { writeFixtureStore } from "../support/content-fixture.ts";

const dir = writeFixtureStore();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Contentful export of the store", () => {
  it("declares the four content types with Contentful field types from the model", async () => {
    const { space } = toSpaceExport(await readStoreFiles(dir), { locale: "en-GB", contentDir: dir });
    expect(space.contentTypes.map((type) => type.sys.id).sort()).toEqual([
      "blogPost",
      "homePage",
      "singleProject",
      "singleServices",
    ]);
    const blogPost = space.contentTypes.find((type) => type.sys.id === "blogPost");
    const field = (id: string) => blogPost?.fields.find((candidate) => candidate.id === id);
    expect(blogPost?.displayField).toBe("blogTitle");
    expect(field("slug")).toMatchObject({ type: "Symbol", required: true, validations: [{ unique: true }] });
    expect(field("blogPostDate")).toMatchObject({ type: "Date" });
    expect(field("blogCategory")).toMatchObject({ type: "Array", items: { type: "Symbol" } });
    expect(field("blogHero")).toMatchObject({ type: "Array", items: { type: "Link", linkType: "Asset" } });
    expect(field("blogFeaturedImage")).toMatchObject({ type: "Link", linkType: "Asset" });
    expect(field("blogText")).toMatchObject({ type: "RichText" });
    expect(field("seoDescription")).toMatchObject({ type: "Text" });
  });

  it("writes every entry and asset localized and published, with links as links", async () => {
    const { space, unknownFields } = toSpaceExport(await readStoreFiles(dir), { locale: "en-GB", contentDir: dir });
    expect(unknownFields).toEqual([]);
    expect(space.entries).toHaveLength(12);
    const alpha = space.entries.find((entry) => entry.sys.id === "post-alpha");
    expect(alpha?.sys).toMatchObject({ publishedVersion: 1, contentType: { sys: { id: "blogPost" } } });
    expect(alpha?.fields.blogTitle).toEqual({ "en-GB": "Alpha launch" });
    expect(alpha?.fields.blogHero).toEqual({
      "en-GB": [{ sys: { type: "Link", linkType: "Asset", id: "hero-alpha" } }],
    });
    const asset = space.assets.find((candidate) => candidate.sys.id === "inline-alpha");
    expect(asset?.sys.publishedVersion).toBe(1);
    expect(asset?.fields.file).toEqual({
      "en-GB": {
        url: `//${path.basename(dir)}/images/articles/inline-alpha.png`,
        fileName: "inline-alpha.png",
        contentType: "image/png",
      },
    });
  });

  it("points assets at the running site with a base URL", async () => {
    const { space } = toSpaceExport(await readStoreFiles(dir), {
      locale: "en-US",
      contentDir: dir,
      baseUrl: "https://gritstone.example/",
    });
    const asset = space.assets.find((candidate) => candidate.sys.id === "hero-alpha");
    expect(asset?.fields.file).toMatchObject({
      "en-US": { url: "https://gritstone.example/content/images/hero-alpha.png" },
    });
  });
});
