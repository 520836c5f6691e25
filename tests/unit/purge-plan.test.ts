import { describe, expect, it } from "vitest";
import { type KnownSlugs, purgePlan, readEntryChange } from "../../server/content/purge-plan.ts";

/** Payloads as Contentful's webhooks send them (Management API shape: localised fields, sys.contentType link). */
const entry = (id: string, contentType: string, slug?: string) => ({
  sys: {
    type: "Entry",
    id,
    space: { sys: { type: "Link", linkType: "Space", id: "space" } },
    contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } },
    revision: 3,
  },
  fields: slug === undefined ? { title: { "en-US": "x" } } : { slug: { "en-US": slug }, title: { "en-US": "x" } },
});
const deleted = (id: string, contentType: string) => ({
  sys: { type: "DeletedEntry", id, contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } } },
});

const known: KnownSlugs = {
  blogPost: new Map([
    ["post-a", "first-post"],
    ["post-b", "second-post"],
  ]),
  singleProject: new Map([["project-w", "warmies"]]),
  singleServices: new Map([
    ["service-web", "web-design"],
    ["service-brand", "branding"],
  ]),
};

describe("reading Contentful's webhook payload", () => {
  it("reads the entry id, content type, slug and action from a publish", () => {
    expect(readEntryChange("ContentManagement.Entry.publish", entry("post-a", "blogPost", "first-post"))).toEqual({
      action: "publish",
      id: "post-a",
      contentType: "blogPost",
      slug: "first-post",
      revision: 3,
    });
  });

  it("reads an unpublish or delete, which carries no fields", () => {
    expect(readEntryChange("ContentManagement.Entry.unpublish", deleted("post-b", "blogPost"))).toEqual({
      action: "unpublish",
      id: "post-b",
      contentType: "blogPost",
      slug: undefined,
    });
    expect(readEntryChange("ContentManagement.Entry.delete", deleted("post-b", "blogPost"))?.action).toBe("delete");
    expect(readEntryChange(undefined, deleted("post-b", "blogPost"))?.action).toBe("unpublish");
  });

  it("takes a plain slug from a custom payload", () => {
    const custom = { sys: entry("p", "singleProject").sys, fields: { slug: "warmies" } };
    expect(readEntryChange(undefined, custom)?.slug).toBe("warmies");
  });

  it("knows a save changes nothing published", () => {
    expect(readEntryChange("ContentManagement.Entry.auto_save", entry("post-a", "blogPost"))?.action).toBe("unchanged");
  });

  it("cannot read an asset, an unknown content type, a broken or empty payload", () => {
    const asset = { sys: { type: "Asset", id: "img" }, fields: {} };
    expect(readEntryChange("ContentManagement.Asset.publish", asset)).toBeUndefined();
    expect(readEntryChange("ContentManagement.Entry.publish", entry("x", "author", "x"))).toBeUndefined();
    expect(readEntryChange("ContentManagement.Entry.publish", { sys: { type: "Entry" } })).toBeUndefined();
    expect(readEntryChange("ContentManagement.Entry.publish", undefined)).toBeUndefined();
    expect(readEntryChange(undefined, "not json")).toBeUndefined();
  });
});

describe("what an entry change purges", () => {
  it("a post: its page, the other articles (their related lists), /news, home, the feed and the sitemap", () => {
    const plan = purgePlan(
      readEntryChange("ContentManagement.Entry.publish", entry("post-a", "blogPost", "first-post")),
      known,
    );
    expect(plan).toEqual({
      contentTypes: ["blogPost"],
      paths: ["/", "/news", "/news/rss.xml", "/post/first-post", "/post/second-post", "/sitemap.xml"],
      entries: ["post-a"],
    });
    expect(plan.paths).not.toContain("/project/warmies");
  });

  it("a renamed post: its old page and its new one", () => {
    const plan = purgePlan(
      { action: "publish", id: "post-a", contentType: "blogPost", slug: "first-post-renamed" },
      known,
    );
    expect(plan.paths).toEqual(expect.arrayContaining(["/post/first-post", "/post/first-post-renamed"]));
  });

  it("an unpublished project: its page (slug from the site), /projects, home and the service pages", () => {
    const plan = purgePlan({ action: "unpublish", id: "project-w", contentType: "singleProject" }, known);
    expect(plan).toEqual({
      contentTypes: ["singleProject"],
      paths: ["/", "/project/warmies", "/projects", "/service/branding", "/service/web-design", "/sitemap.xml"],
      entries: ["project-w"],
    });
  });

  it("a service: its page and the sitemap only", () => {
    const plan = purgePlan(
      { action: "publish", id: "service-web", contentType: "singleServices", slug: "web-design" },
      known,
    );
    expect(plan).toEqual({
      contentTypes: ["singleServices"],
      paths: ["/service/web-design", "/sitemap.xml"],
      entries: ["service-web"],
    });
  });

  it("the home page entry: home and /about", () => {
    expect(purgePlan({ action: "publish", id: "home", contentType: "homePage" }, {})).toEqual({
      contentTypes: ["homePage"],
      paths: ["/", "/about"],
      entries: ["home"],
    });
  });

  it("slugs are encoded as the sitemap writes them", () => {
    const plan = purgePlan({ action: "publish", id: "s", contentType: "singleServices", slug: "ux & ui" }, known);
    expect(plan.paths).toContain("/service/ux%20%26%20ui");
  });

  it("a save purges nothing", () => {
    expect(purgePlan({ action: "unchanged", id: "post-a", contentType: "blogPost" }, known)).toEqual({
      contentTypes: [],
      paths: [],
    });
  });

  it("everything for a payload it cannot read, or pages it cannot work out", () => {
    expect(purgePlan(undefined, known)).toEqual({ contentTypes: undefined, paths: undefined });
    // The site's list of posts could not be read: the post's type goes, and every page.
    expect(purgePlan({ action: "publish", id: "post-a", contentType: "blogPost", slug: "first-post" }, {})).toEqual({
      contentTypes: ["blogPost"],
      paths: undefined,
      entries: ["post-a"],
    });
    // An unpublish of an entry the site does not show, with no slug: which page it had is unknown.
    expect(purgePlan({ action: "unpublish", id: "ghost", contentType: "singleServices" }, known).paths).toBeUndefined();
  });
});
