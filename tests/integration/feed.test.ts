import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { draftPost } from "../../scripts/content/drafts.ts";
import { newsFeedPath } from "../../src/shared/news-feed.ts";
import { buildTestApp } from "../support/app.ts";

/** The news feed over the sample content, read back with a real XML parser and compared with the store. */

const root = path.resolve(import.meta.dirname, "../..");
const postsDir = path.join(root, "content/entries/blogPost");
const siteUrl = "https://www.gritstone.test";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface StoredPost {
  sys: { id: string };
  fields: { blogTitle: string; slug: string; blogPostDate: string; blogCategory: string[] };
}
const stored: StoredPost[] = readdirSync(postsDir).map((name) =>
  JSON.parse(readFileSync(path.join(postsDir, name), "utf8")),
);

interface FeedItem {
  title: string;
  link: string;
  guid: { "#text": string; "@_isPermaLink": string };
  pubDate: string;
  description: string;
  category: string | string[];
}

describe(newsFeedPath, () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>["app"];
  let items: FeedItem[];
  let channel: Record<string, unknown>;
  beforeAll(async () => {
    // Preview on, to show that the feed never carries drafts.
    ({ app } = await buildTestApp({ env: { SITE_URL: siteUrl, PREVIEW_SECRET: "preview-secret-for-tests-0123" } }));
    const res = await request(app).get(newsFeedPath);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/rss\+xml/);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(res.text);
    expect(parsed.rss["@_version"]).toBe("2.0");
    channel = parsed.rss.channel;
    items = parsed.rss.channel.item;
  });

  it("is RSS 2.0 with the site's title and link", () => {
    expect(channel.title).toBe("Gritstone news");
    expect(channel.link).toBe(`${siteUrl}/news`);
    expect(channel.language).toBe("en-GB");
  });

  it("lists every published post, newest first, with title, link, guid, date and category", () => {
    const newestFirst = [...stored].sort((a, b) => b.fields.blogPostDate.localeCompare(a.fields.blogPostDate));
    expect(items.map((item) => item.title)).toEqual(newestFirst.map((post) => post.fields.blogTitle));
    for (const [index, item] of items.entries()) {
      const post = newestFirst[index] as StoredPost;
      expect(item.link).toBe(`${siteUrl}/post/${post.fields.slug}`);
      expect(item.guid["#text"]).toContain(post.sys.id);
      expect(item.guid["@_isPermaLink"]).toBe("false");
      expect(new Date(item.pubDate).toISOString().slice(0, 10)).toBe(post.fields.blogPostDate);
      expect([item.category].flat()).toEqual(post.fields.blogCategory);
      expect(item.description.length).toBeGreaterThan(40);
    }
    expect(items.map((item) => item.title)).not.toContain(draftPost.title);
  });

  it("gives each post's intro as its description", () => {
    const first = items[0] as FeedItem;
    const post = stored.find((candidate) => candidate.fields.blogTitle === first.title);
    const intro = JSON.parse(readFileSync(path.join(postsDir, `${post?.sys.id}.json`), "utf8")).fields.blogIntro;
    const firstWords = intro.content[0].content[0].value.split(/\s+/).slice(0, 6).join(" ");
    expect(first.description.replace(/\s+/g, " ")).toContain(firstWords);
  });

  it("links to pages that answer 200", async () => {
    for (const item of items) {
      const res = await request(app).get(new URL(item.link).pathname).set("User-Agent", googlebot);
      expect(res.status, item.link).toBe(200);
    }
  });

  it("is announced on home, /news and every article", async () => {
    for (const pathname of ["/", "/news", `/post/${stored[0]?.fields.slug}`]) {
      const res = await request(app).get(pathname).set("User-Agent", googlebot);
      expect(res.text, pathname).toMatch(
        /<link [^>]*rel="alternate" type="application\/rss\+xml" href="\/news\/rss.xml" title="Gritstone news"\/>/,
      );
    }
  });
});
