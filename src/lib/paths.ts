// Shared with the server: redirects and the canonical path the endpoint table is read by use it (through src/lib/redirects.ts).
/**
 * The normalised form of a path: repeated slashes collapsed (so "//host" can never become an off-site
 * redirect) and any trailing slash dropped. On its own, so pages that only need this (canonical links) do not
 * bring the redirect tables into the browser.
 */
export function normalisePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
}
