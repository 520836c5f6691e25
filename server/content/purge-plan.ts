import { type ContentType, contentTypes } from "../../src/content/types.ts";
import { newsFeedPath } from "../../src/lib/news-feed.ts";

/**
 * What a Contentful webhook changed, and what must be purged for it (decision 0141). Pure: the webhook handler
 * reads the payload and the slugs the site shows now, and asks here which content-cache answers (by content
 * type) and which pages (by path) to drop. `undefined` means everything: a payload it cannot read, an asset (any
 * entry may show it), or a page list it cannot work out.
 */

/** What happened to an entry: `publish`, `unpublish` and `delete` change the site; anything else does not. */
export type EntryAction = "publish" | "unpublish" | "delete" | "unchanged";

export interface EntryChange {
  action: EntryAction;
  id: string;
  contentType: ContentType;
  /** The slug in the payload (a published entry carries its fields; an unpublished or deleted one does not). */
  slug?: string;
  /** The revision a publish makes (`sys.revision`): the Delivery API serves the change once its entry has it. */
  revision?: number;
}

/** The site's slugs now, by content type: entry id → slug (the page an entry has before this change). */
export type KnownSlugs = Partial<Record<ContentType, ReadonlyMap<string, string>>>;

export interface PurgePlan {
  /** Content types whose cached answers go; undefined for all. */
  contentTypes: ContentType[] | undefined;
  /** Page paths (no query string: every variant of a path goes) to drop from a page cache; undefined for all. */
  paths: string[] | undefined;
  /** The entries that changed: any page that read one goes too, wherever it is. */
  entries?: string[];
}

export const purgeEverything: PurgePlan = { contentTypes: undefined, paths: undefined };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A field's value in a Management API payload (`{ "en-US": value }`), or as a custom payload sends it (plain). */
function fieldValue(value: unknown): unknown {
  if (isObject(value) && !Array.isArray(value)) return Object.values(value)[0];
  return value;
}

/**
 * Reads Contentful's payload and its `X-Contentful-Topic` (`ContentManagement.Entry.publish`): the entry's id,
 * content type, slug and what happened. Undefined when it is not an entry of a known content type.
 */
export function readEntryChange(topic: string | undefined, body: unknown): EntryChange | undefined {
  if (!isObject(body) || !isObject(body.sys)) return undefined;
  const { sys } = body;
  const [, kind, event] = /^ContentManagement\.(\w+)\.(\w+)$/.exec(topic ?? "") ?? [];
  const type = typeof sys.type === "string" ? sys.type : undefined;
  if ((kind ?? type?.replace(/^Deleted/, "")) !== "Entry") return undefined;
  const contentTypeId = isObject(sys.contentType) && isObject(sys.contentType.sys) ? sys.contentType.sys.id : undefined;
  const contentType = contentTypes.find((known) => known === contentTypeId);
  if (typeof sys.id !== "string" || sys.id === "" || !contentType) return undefined;
  const action: EntryAction =
    event === "publish" || event === "unpublish" || event === "delete"
      ? event
      : event === undefined
        ? type === "DeletedEntry"
          ? "unpublish"
          : "publish"
        : "unchanged";
  const slug = isObject(body.fields) ? fieldValue(body.fields.slug) : undefined;
  const revision =
    Number.isInteger(sys.revision) && (sys.revision as number) > 0 ? (sys.revision as number) : undefined;
  return {
    action,
    id: sys.id,
    contentType,
    slug: typeof slug === "string" && slug !== "" ? slug : undefined,
    ...(revision === undefined ? {} : { revision }),
  };
}

/** The slugs `purgePlan` needs to know for a change of this content type. */
export function slugsNeeded(contentType: ContentType): ContentType[] {
  if (contentType === "blogPost") return ["blogPost"];
  if (contentType === "singleProject") return ["singleProject", "singleServices"];
  if (contentType === "singleServices") return ["singleServices"];
  return [];
}

const pagePath = (prefix: string, slug: string) => `${prefix}/${encodeURIComponent(slug)}`;

/**
 * The answers and pages an entry change reaches. A post: its page, every other article (their "other articles"
 * lists), /news, home, the feed and the sitemap. A project: its page, /projects, home, every service page (their
 * latest projects) and the sitemap. A service: its page and the sitemap. The home page entry: home and /about.
 * A page's old slug goes too, so a renamed or unpublished entry leaves no stale page behind.
 */
export function purgePlan(change: EntryChange | undefined, known: KnownSlugs): PurgePlan {
  if (!change) return purgeEverything;
  if (change.action === "unchanged") return { contentTypes: [], paths: [] };
  const paths = new Set<string>();
  const own = (prefix: string): boolean => {
    const slugs = [change.slug, known[change.contentType]?.get(change.id)].filter((slug) => slug !== undefined);
    for (const slug of slugs) paths.add(pagePath(prefix, slug));
    return slugs.length > 0;
  };
  const every = (type: ContentType, prefix: string): boolean => {
    const slugs = known[type];
    for (const slug of slugs?.values() ?? []) paths.add(pagePath(prefix, slug));
    return slugs !== undefined;
  };
  let complete: boolean;
  switch (change.contentType) {
    case "blogPost":
      complete = own("/post") && every("blogPost", "/post");
      for (const path of ["/", "/news", newsFeedPath, "/sitemap.xml"]) paths.add(path);
      break;
    case "singleProject":
      complete = own("/project") && every("singleServices", "/service");
      for (const path of ["/", "/projects", "/sitemap.xml"]) paths.add(path);
      break;
    case "singleServices":
      complete = own("/service");
      paths.add("/sitemap.xml");
      break;
    case "homePage":
      complete = true;
      for (const path of ["/", "/about"]) paths.add(path);
      break;
  }
  return { contentTypes: [change.contentType], paths: complete ? [...paths].sort() : undefined, entries: [change.id] };
}
