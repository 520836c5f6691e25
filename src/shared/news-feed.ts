// Shared with the server: the feed and the webhook's purge plan use its address (server/content/).
import { site } from "./site.ts";

export const newsFeedPath = "/news/rss.xml";

export const newsFeedTitle = `${site.name} news`;

/** So feed readers find the feed from the home page, /news and every article. */
export function newsFeedLinks() {
  return [{ rel: "alternate", type: "application/rss+xml", href: newsFeedPath, title: newsFeedTitle }];
}
