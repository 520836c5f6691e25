// Shared with the server: the page cache answers a prefetch with its Cache-Control and passes the private pages
// (server/http/page-cache/policy.ts).
/**
 * Which of the site's pages the browser fetches ahead of a visitor's tap, and when. Pure: no I/O,
 * safe in the server and in the browser bundle.
 */

/** Every link the router follows itself: React Router marks each <Link> it renders so (route discovery). */
export const routedLinkSelector = "a[data-discover]";

/**
 * Pages whose answer is the visitor's own (the contact form carries a spam question made for this visit, and is sent
 * `private, no-store`): never stored by a cache, and their code and styles are fetched ahead, never their data, which
 * could not be reused and would cost the server a render for nothing.
 */
const privatePages = new Set(["/contact"]);

/** By the page's route template (or its path: the same for these pages). */
export function isPrivatePage(page: string): boolean {
  return privatePages.has(page);
}

/** The user-timing mark of the moment the first page hands the network and the CPU to fetching the next ones. */
export const prefetchStartMark = "page-prefetch-start";

/** At most this many pages fetched ahead per visit: a long list scrolled past must not fetch every entry. */
export const maxPrefetchedPages = 24;

/** A link counts as seen once at least half of it has been on screen for this long (a list flicked past is not). */
export const seenAfterMs = 150;

/** A pointer resting on a link this long is an intent to follow it (a pointer crossing the page is not). */
export const hoverIntentMs = 80;

/**
 * The page a link leads to, if it is one of the site's pages other than the one shown: its path and query, without
 * the fragment. Undefined for links elsewhere, for new tabs and downloads, and for a link to the page itself.
 */
export function prefetchTarget(
  link: Pick<HTMLAnchorElement, "href" | "target" | "hasAttribute">,
  here: { origin: string; pathname: string; search: string },
): string | undefined {
  if (link.target && link.target !== "_self") return undefined;
  if (link.hasAttribute("download")) return undefined;
  const url = URL.parse(link.href);
  if (!url || url.origin !== here.origin) return undefined;
  if (url.pathname === here.pathname && url.search === here.search) return undefined;
  return url.pathname + url.search;
}

/** Whether the page's data may be fetched ahead, or only its code and styles. */
export function prefetchesData(page: string): boolean {
  return !isPrivatePage(page.split("?")[0] ?? page);
}

/**
 * How long the browser may keep a page's data that it fetched ahead of a tap: the content's own freshness (the
 * default CONTENT_TTL_SECONDS). Chromium reuses a prefetched answer only while it is fresh in its HTTP cache; the
 * router's fetch at the tap would otherwise go to the server again.
 */
const prefetchedDataSeconds = 60;

/** Cache-Control of a page's data fetched ahead: fresh in that visitor's browser only. */
export const prefetchedDataCacheControl = `private, max-age=${prefetchedDataSeconds}`;

/** A request the browser made ahead of need (`<link rel="prefetch">` sends `Sec-Purpose: prefetch`). */
export function isPrefetchRequest(headers: Headers): boolean {
  return isPrefetchPurpose(headers.get("Sec-Purpose") ?? headers.get("Purpose"));
}

/** The same, from the value of the request's Sec-Purpose (or older Purpose) header. */
export function isPrefetchPurpose(purpose: string | null | undefined): boolean {
  return /^prefetch\b/.test(purpose ?? "");
}
