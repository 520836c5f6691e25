import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { newsFeedXml } from "../../server/content/feed.ts";
import type { BlogPostFields } from "../../src/shared/content/model.ts";
import type { Entry } from "../../src/shared/content/types.ts";
import { doc, paragraph } from "../support/rich-text.ts";

/** The news feed's XML from posts as the content service gives them (server/content/feed.ts). */

const origin = "https://www.gritstone.test";
const post = (id: string, fields: Partial<BlogPostFields>): Entry<Partial<BlogPostFields>> => ({ sys: { id }, fields });
const read = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" || name === "category" }).parse(xml).rss
    .channel;

describe("the news feed's XML", () => {
  it("gives each post its title, absolute link, a guid by entry id, date, categories and intro", () => {
    const channel = read(
      newsFeedXml(origin, [
        post("b1", {
          slug: "rebrand or refresh",
          blogTitle: "Rebrand or refresh?",
          blogPostDate: "2026-09-08",
          blogCategory: ["Branding", "Strategy"],
          blogIntro: doc(paragraph("When the  logo\n is tired"), paragraph("and the rest is not.")),
        }),
      ]),
    );
    expect(channel.link).toBe(`${origin}/news`);
    expect(channel.item).toEqual([
      {
        title: "Rebrand or refresh?",
        link: `${origin}/post/rebrand%20or%20refresh`,
        guid: { "#text": `${origin}/news#b1`, "@_isPermaLink": "false" },
        pubDate: new Date("2026-09-08").toUTCString(),
        description: "When the logo is tired and the rest is not.",
        category: ["Branding", "Strategy"],
      },
    ]);
  });

  it("keeps the posts' order and leaves out a post without a slug, title or date", () => {
    const channel = read(
      newsFeedXml(origin, [
        post("new", { slug: "new", blogTitle: "New", blogPostDate: "2026-10-01" }),
        post("untitled", { slug: "untitled", blogPostDate: "2026-09-20" }),
        post("undated", { slug: "undated", blogTitle: "Undated" }),
        post("unslugged", { blogTitle: "No slug", blogPostDate: "2026-09-10" }),
        post("old", { slug: "old", blogTitle: "Old", blogPostDate: "2025-01-01" }),
      ]),
    );
    expect(channel.item.map((item: { title: string }) => item.title)).toEqual(["New", "Old"]);
    expect(channel.lastBuildDate).toBe(new Date("2026-10-01").toUTCString());
  });

  it("is a valid empty feed when there are no posts", () => {
    const channel = read(newsFeedXml(origin, []));
    expect(channel.title).toBeTruthy();
    expect(channel.item).toBeUndefined();
  });
});
