import type { ContentType } from "../../../src/shared/content/types.ts";
import { dataRequestPage } from "../../../src/shared/router-protocol.ts";

// One tag vocabulary for this store and a front cache (xkey, Surrogate-Key, Cache-Tag), so a publish reaches both.

export const everyPageTag = "site";

/** A page's own tag; its data (`/x.data`) carries the page's, so both go together. */
export const pathTag = (path: string) => `path:${tagSafe(dataRequestPage(path))}`;
const typeTag = (type: ContentType) => `type:${type}`;
const entryTag = (id: string) => `entry:${tagSafe(id)}`;

/** Tiers split tags on white space or commas, so neither may appear inside one. */
const tagSafe = (text: string) => text.replace(/[\s,%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface ContentReads {
  types: ReadonlySet<ContentType>;
  entries: ReadonlySet<string>;
}

export function pageTags(path: string, reads: ContentReads): string[] {
  return [
    everyPageTag,
    pathTag(path),
    ...[...reads.types].sort().map(typeTag),
    ...[...reads.entries].sort().map(entryTag),
  ];
}

/** What a publish takes out of the copies (a content PurgePlan): every page when `paths` is undefined. */
export interface PurgeTargets {
  paths: readonly string[] | undefined;
  entries?: readonly string[];
}

export function planTags(plan: PurgeTargets): string[] {
  if (plan.paths === undefined) return [everyPageTag];
  return [...plan.paths.map(pathTag), ...(plan.entries ?? []).map(entryTag)];
}

export const tagHeaders = {
  xkey: { name: "xkey", separator: " " },
  "Surrogate-Key": { name: "Surrogate-Key", separator: " " },
  "Cache-Tag": { name: "Cache-Tag", separator: "," },
  "Edge-Cache-Tag": { name: "Edge-Cache-Tag", separator: "," },
} as const;

export type TagHeaderName = keyof typeof tagHeaders;

/** Names an answer's tags for the front cache, in the header and with the separator it reads. */
export function writeTags(
  res: { setHeader(name: string, value: string): unknown },
  header: { name: string; separator: string },
  tags: readonly string[],
): void {
  res.setHeader(header.name, tags.join(header.separator));
}

/** A file the site writes from content outside the routes (the news feed, the sitemap): purged with its path. */
export function tagFile(res: { setHeader(name: string, value: string): unknown }, header: TagHeaderName, path: string) {
  writeTags(res, tagHeaders[header], [everyPageTag, pathTag(path)]);
}
