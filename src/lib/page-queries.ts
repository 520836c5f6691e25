// Shared with the server: the page cache's key keeps only these query parameters (server/http/page-cache/policy.ts).
export const categoryQuery = "category";

// The only query parameters that change what a page shows: the rest (utm_*, gclid…) stay out of the page cache's key,
// so a campaign link gets the clean page's copy. A loader that reads a new parameter declares it here.
const pageQueryParams: Readonly<Record<string, readonly string[]>> = {
  "/news": [categoryQuery],
  "/projects": [categoryQuery],
};

/** Declared parameters only (and `also`, which the caller reads), sorted and uniformly encoded. */
export function readQuery(route: string, query: string, also: readonly string[] = []): string {
  const read = [...(pageQueryParams[route] ?? []), ...also];
  if (read.length === 0 || query === "") return "";
  const all = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of read) for (const value of all.getAll(name)) kept.append(name, value);
  kept.sort();
  return kept.toString();
}
