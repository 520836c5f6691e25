// Shared with the server: redirects and the canonical path the endpoint table is read by use it (through redirects.ts).
// Collapsing repeated slashes means "//host" can never become an off-site redirect. A file of its own, so canonical
// links do not bring the redirect tables into the browser.
export function normalisePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
}
