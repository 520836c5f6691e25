// Shared with the server: the feed and the webhook's purge plan use its address (server/content/).
import { site } from "../site.ts";

/** The news feed (RSS 2.0, server/content/feed.ts): its one address, and how pages announce it. */
export const newsFeedPath = "/news/rss.xml";

export const newsFeedTitle = `${site.name} news`;

/** The `<link rel="alternate">` the home page, /news and every article carry, so feed readers find the feed. */
export function newsFeedLinks() {
  return [{ rel: "alternate", type: "application/rss+xml", href: newsFeedPath, title: newsFeedTitle }];
}
