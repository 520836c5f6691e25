// Shared with the server: the page cache learns from here which categories each list page offers (server/http/pages.ts).
import type { FieldsByType } from "./fields.ts";
import type { ContentQuery, ContentReader, ContentType, Entry } from "./types.ts";

/** A list page's category filter: one query for every entry's categories, and where an entry files its own. */
export interface CategoryFilter<T extends ContentType> {
  categories: ContentQuery & { content_type: T; select: string };
  categoriesOf: (fields: Partial<FieldsByType[T]>) => readonly string[] | undefined;
}

const newsFilter: CategoryFilter<"blogPost"> = {
  categories: { content_type: "blogPost", select: "sys.id,fields.blogCategory" },
  categoriesOf: (fields) => fields.blogCategory,
};

const projectsFilter: CategoryFilter<"singleProject"> = {
  categories: { content_type: "singleProject", select: "sys.id,fields.category" },
  categoriesOf: (fields) => fields.category,
};

/** The list pages by path, with their filters. */
export const listingPages = { "/news": newsFilter, "/projects": projectsFilter } as const;

const byName = (a: string, b: string) => a.localeCompare(b, "en-GB", { sensitivity: "base" });

export function distinctCategories(lists: Array<readonly string[] | undefined>): string[] {
  const seen = new Map<string, string>();
  for (const list of lists) {
    for (const raw of list ?? []) {
      const name = raw.trim();
      if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    }
  }
  return [...seen.values()].sort(byName);
}

export function offeredCategories<T extends ContentType>(
  filter: CategoryFilter<T>,
  filed: Entry<Partial<FieldsByType[T]>>[],
): string[] {
  return distinctCategories(filed.map((entry) => filter.categoriesOf(entry.fields)));
}

/** The categories a listing's filter offers, read as its page reads them. */
export async function listingCategories<T extends ContentType>(
  content: ContentReader,
  filter: CategoryFilter<T>,
): Promise<string[]> {
  const { items } = await content.getEntries<Partial<FieldsByType[T]>>(filter.categories);
  return offeredCategories(filter, items);
}
