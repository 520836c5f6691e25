import { type ContentType, contentTypes } from "../../src/shared/content/types.ts";
import { newsFeedPath } from "../../src/shared/news-feed.ts";

// Pure: given the payload and the slugs shown now, which cached answers and pages go. `undefined` means everything:
// an unreadable payload, an asset (any entry may show it), or a page list that cannot be worked out.

type EntryAction = "publish" | "unpublish" | "delete" | "unchanged";

export interface EntryChange {
  action: EntryAction;
  id: string;
  contentType: ContentType;
  /** A published entry carries its fields; an unpublished or deleted one does not. */
  slug?: string;
  /** The Delivery API serves the change once its entry has this revision. */
  revision?: number;
}

/** Entry id → slug: the page an entry had before this change. */
export type KnownSlugs = Partial<Record<ContentType, ReadonlyMap<string, string>>>;

export interface PurgePlan {
  contentTypes: ContentType[] | undefined;
  /** No query string: every variant of a path goes. */
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

/** Undefined unless an entry of a known content type; the topic reads like `ContentManagement.Entry.publish`. */
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

export function slugsNeeded(contentType: ContentType): ContentType[] {
  if (contentType === "blogPost") return ["blogPost"];
  if (contentType === "singleProject") return ["singleProject", "singleServices"];
  if (contentType === "singleServices") return ["singleServices"];
  return [];
}

const pagePath = (prefix: string, slug: string) => `${prefix}/${encodeURIComponent(slug)}`;

// A page's old slug goes too, so a renamed or unpublished entry leaves no stale page; so do the pages that list the
// entry (other articles, latest projects).
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
