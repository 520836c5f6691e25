import express, { type Router } from "express";
import { Feed } from "feed";
import type { Logger } from "pino";
import type { BlogPostFields } from "../../src/shared/content/model.ts";
import { plainText } from "../../src/shared/content/outline.ts";
import type { ContentReader, Entry } from "../../src/shared/content/types.ts";
import { newsFeedPath, newsFeedTitle } from "../../src/shared/news-feed.ts";
import { site } from "../../src/shared/site.ts";
import { type TagHeaderName, tagFile } from "../http/page-cache/tags.ts";

/** Newest first, as the news list. */
const feedQuery = {
  content_type: "blogPost",
  order: "-fields.blogPostDate",
  select: "sys.id,fields.blogTitle,fields.slug,fields.blogPostDate,fields.blogCategory,fields.blogIntro",
  limit: 1000,
} as const;

type FeedPost = Entry<Partial<BlogPostFields>>;

/** The guid is the entry id, so it survives a change of slug. */
export function newsFeedXml(origin: string, posts: FeedPost[]): string {
  const dated = posts.filter((post) => post.fields.slug && post.fields.blogTitle && post.fields.blogPostDate);
  const newest = dated[0]?.fields.blogPostDate;
  const feed = new Feed({
    title: newsFeedTitle,
    description: `News, guides and studio notes from ${site.name}. ${site.description}`,
    id: `${origin}/news`,
    link: `${origin}/news`,
    language: "en-GB",
    copyright: `© ${site.legalName}`,
    updated: newest ? new Date(newest) : undefined,
    generator: false,
    feedLinks: { rss: `${origin}${newsFeedPath}` },
  });
  for (const { sys, fields } of dated) {
    const intro = fields.blogIntro?.content.map((block) => plainText(block)).join(" ");
    feed.addItem({
      title: fields.blogTitle ?? "",
      link: `${origin}/post/${encodeURIComponent(fields.slug ?? "")}`,
      guid: `${origin}/news#${sys.id}`,
      date: new Date(fields.blogPostDate ?? ""),
      description: intro?.replace(/\s+/g, " ").trim(),
      category: (fields.blogCategory ?? []).map((name) => ({ name })),
    });
  }
  return feed.rss2();
}

/** Published content only, never drafts; 503 while content is unavailable. */
export function newsFeed(deps: {
  content: ContentReader;
  siteUrl: string;
  logger: Logger;
  tagHeader: TagHeaderName;
}): Router {
  const router = express.Router();
  router.get(newsFeedPath, async (_req, res) => {
    try {
      const { items } = await deps.content.getEntries<Partial<BlogPostFields>>(feedQuery);
      tagFile(res, deps.tagHeader, newsFeedPath);
      res.set("Cache-Control", "public, max-age=60").type("application/rss+xml").send(newsFeedXml(deps.siteUrl, items));
    } catch (error) {
      deps.logger.warn({ err: error }, "news feed: content unavailable");
      res.set("Retry-After", "60").status(503).type("text/plain").send("The news feed is unavailable; try again soon.");
    }
  });
  return router;
}
