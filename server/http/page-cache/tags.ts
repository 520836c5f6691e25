import type { ContentType } from "../../../src/content/types.ts";
import { dataRequestPage } from "../../../src/lib/router-protocol.ts";
import type { PurgePlan } from "../../content/purge-plan.ts";

/**
 * Cache tags: what a stored page shows, named so that a purge can name it. One vocabulary for this instance's
 * store and for a cache tier in front (Varnish's xkey, Fastly's Surrogate-Key, Cloudflare's Cache-Tag), so a
 * publish reaches both with the same words.
 */

/** Every stored page carries it: a purge of everything names it. */
export const everyPageTag = "site";

/** A page's own tag; its data (`/x.data`) carries the page's, so both go together. */
export const pathTag = (path: string) => `path:${tagSafe(dataRequestPage(path))}`;
export const typeTag = (type: ContentType) => `type:${type}`;
export const entryTag = (id: string) => `entry:${tagSafe(id)}`;

/** Tiers split tags on white space or commas, so neither may appear inside one. */
const tagSafe = (text: string) => text.replace(/[\s,%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** What a render read from the content service: the content types it asked for and the entries it was given. */
export interface ContentReads {
  types: ReadonlySet<ContentType>;
  entries: ReadonlySet<string>;
}

/** The tags of a stored page: every page's, its path's, and those of the content it read. */
export function pageTags(path: string, reads: ContentReads): string[] {
  return [
    everyPageTag,
    pathTag(path),
    ...[...reads.types].sort().map(typeTag),
    ...[...reads.entries].sort().map(entryTag),
  ];
}

/** The tags a purge plan reaches: its pages and the entry that changed, or every page. */
export function planTags(plan: PurgePlan): string[] {
  if (plan.paths === undefined) return [everyPageTag];
  return [...plan.paths.map(pathTag), ...(plan.entries ?? []).map(entryTag)];
}

/** The header each kind of tier reads its tags from, and how it separates them. */
export const tagHeaders = {
  xkey: { name: "xkey", separator: " " },
  "Surrogate-Key": { name: "Surrogate-Key", separator: " " },
  "Cache-Tag": { name: "Cache-Tag", separator: "," },
  "Edge-Cache-Tag": { name: "Edge-Cache-Tag", separator: "," },
} as const;

export type TagHeaderName = keyof typeof tagHeaders;
