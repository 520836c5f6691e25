// Shared with the server: the page cache's key keeps only these query parameters (server/http/page-cache/policy.ts).
/** The query parameter the news and projects pages filter by. */
export const categoryQuery = "category";

/**
 * The query parameters each page reads, by route template: the only ones that change what a page shows. Every
 * other parameter (utm_*, gclid, fbclid, a scanner's junk) is left out of the page cache's key, so a campaign link
 * is answered from the clean page's copy (decision 0197). A loader that reads a new parameter declares it here.
 */
export const pageQueryParams: Readonly<Record<string, readonly string[]>> = {
  "/news": [categoryQuery],
  "/projects": [categoryQuery],
};

/**
 * The part of a query string a page reads: its declared parameters only (and `also`, which the caller reads),
 * sorted, uniformly encoded.
 */
export function readQuery(route: string, query: string, also: readonly string[] = []): string {
  const read = [...(pageQueryParams[route] ?? []), ...also];
  if (read.length === 0 || query === "") return "";
  const all = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of read) for (const value of all.getAll(name)) kept.append(name, value);
  kept.sort();
  return kept.toString();
}
