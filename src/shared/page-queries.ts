// Shared with the server: the page cache's key keeps only these query parameters (server/http/page-cache/policy.ts).
export const categoryQuery = "category";

/** A listing's category as its page reads it: the first value, trimmed, at most 100 characters; none when blank. */
export function readCategory(params: URLSearchParams): string | undefined {
  const value = params.get(categoryQuery)?.trim().slice(0, 100);
  return value ? value : undefined;
}

// The only query parameters that change what a page shows: the rest (utm_*, gclid…) stay out of the page cache's key,
// so a campaign link gets the clean page's copy. A loader that reads a new parameter declares it here, with how it
// reads it, so two spellings of one value are one key.
const pageQueryParams: Readonly<Record<string, Readonly<Record<string, typeof readCategory>>>> = {
  "/news": { [categoryQuery]: readCategory },
  "/projects": { [categoryQuery]: readCategory },
};

/** Declared parameters only, each as the page reads it, sorted and uniformly encoded. */
export function readQuery(route: string, query: string): string {
  const readers = pageQueryParams[route];
  if (!readers || query === "") return "";
  const all = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const [name, read] of Object.entries(readers)) {
    const value = read(all);
    if (value !== undefined) kept.append(name, value);
  }
  kept.sort();
  return kept.toString();
}
