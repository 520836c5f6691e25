import type { IncomingMessage } from "node:http";
import { readConsent } from "../../../src/lib/consent.ts";
import { isPrefetchPurpose, isPrivatePage, prefetchedDataCacheControl } from "../../../src/lib/page-prefetch.ts";
import { readQuery } from "../../../src/lib/page-queries.ts";
import { isDataRequest, manifestPath } from "../../../src/lib/router-protocol.ts";
import { previewCookie } from "../../content/preview.ts";
import { unmatchedRoute } from "./routes.ts";
import { type TagHeaderName, tagHeaders } from "./tags.ts";

// The page cache's whole policy, in the order of Varnish's builtin.vcl; the other files here are mechanism.

export type PageRequest = Pick<IncomingMessage, "method" | "url" | "headers">;

export interface CacheKey {
  id: string;
  /** For a shared 404, the first path that filled it. */
  path: string;
  route: string;
  query: string;
  consent: string | undefined;
  /**
   * 404: an unknown path's, or a content route's for a slug no page has. Either is answered only once nothing before
   * the router took the request: a known page spelt in capitals must reach its redirect, not the 404.
   */
  status: 200 | 404;
}

export interface PolicyOptions {
  consentVaries: boolean;
  ttlSeconds: number;
  routeOf: (path: string) => string;
  /** False sends a content route's path to its route's one stored 404 without a render; undefined, to its own key. */
  pageExists: (path: string, route: string) => boolean | undefined;
  tagHeader: TagHeaderName;
  now: () => number;
}

const maxKeyLength = 1024;
/** React Router's parameter naming the routes a data request asks for: it changes the answer. */
const routesParam = "_routes";
/** Past freshness, a copy is still answered while it is refreshed, or while its source is down. */
export const graceSeconds = 24 * 60 * 60;

export function cachePolicy({ consentVaries, ttlSeconds, routeOf, pageExists, tagHeader, now }: PolicyOptions) {
  function keyFor(req: PageRequest): CacheKey | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const url = req.url ?? "";
    if (url.length > maxKeyLength) return undefined;
    // Only two cookies change a page: an editor's preview session (drafts: it passes) and the consent choice (in
    // the key). Any other (another app's on the parent domain, an analytics tool's) is not the site's to read.
    const cookie = req.headers.cookie;
    if (cookie && cookieNames(cookie).includes(previewCookie)) return undefined;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const route = routeOf(path);
    // A page made for each visitor (the contact form's spam question) passes, its data too: never stored or waited for.
    if (isPrivatePage(route)) return undefined;
    const data = isDataRequest(path);
    const unmatched = route === unmatchedRoute;
    // The router's own requests for an unknown path (data, route discovery) are not documents: they pass.
    if (unmatched && (data || path === manifestPath)) return undefined;
    const missing = !unmatched && !data && pageExists(path, route) === false;
    // Only what the page reads is in the key: a campaign link is a hit of the clean page's copy.
    const query = q === -1 ? "" : readQuery(route, url.slice(q + 1), data ? [routesParam] : []);
    const consent = consentVaries ? (readConsent(cookie) ?? "unset") : undefined;
    // The footer shows the year: a new year is a new page.
    const year = new Date(now()).getFullYear();
    const page = unmatched ? "404" : missing ? `404 ${route}` : `${path}?${query}`;
    const status = unmatched || missing ? 404 : 200;
    return { id: `${year} ${consent ?? "-"} ${page}`, path, route, query, consent, status };
  }

  // A visitor's render is `private, no-cache` for their nonce, which marks their copy, not the page.
  function mayStore(key: CacheKey, status: number, header: (name: string) => string | undefined): boolean {
    const type = header("content-type") ?? "";
    const document = type.startsWith("text/html") || (isDataRequest(key.path) && type.startsWith("text/x-script"));
    return (
      status === key.status &&
      document &&
      header("set-cookie") === undefined &&
      !/no-store/i.test(header("cache-control") ?? "")
    );
  }

  /** Only the shared render tells what the page itself says: a visitor's is `private` for its nonce. */
  function sharedMayStore(header: (name: string) => string | undefined): boolean {
    return !/\b(private|no-store)\b/i.test(header("cache-control") ?? "");
  }

  function age(storedAt: number): "fresh" | "stale" | "expired" {
    const seconds = (now() - storedAt) / 1000;
    return seconds < ttlSeconds ? "fresh" : seconds < ttlSeconds + graceSeconds ? "stale" : "expired";
  }

  // A page's data fetched ahead of a tap stays fresh in that browser for a while, so the tap is answered from there.
  const answerHeaders = {
    fresh: `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds}`,
    stale: "public, max-age=0",
    prefetched: prefetchedDataCacheControl,
    isPrefetch: ({ headers }: PageRequest) => isPrefetchPurpose(oneValue(headers["sec-purpose"] ?? headers.purpose)),
    vary: consentVaries ? "Accept-Encoding, Cookie" : "Accept-Encoding",
    age: (storedAt: number) => Math.max(0, Math.floor((now() - storedAt) / 1000)),
    tagHeader: tagHeaders[tagHeader],
  };

  return { keyFor, mayStore, sharedMayStore, age, answerHeaders };
}

export type CachePolicy = ReturnType<typeof cachePolicy>;

function cookieNames(cookie: string): string[] {
  return cookie.split(";").map((part) => part.slice(0, Math.max(0, part.indexOf("="))).trim());
}

function oneValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}
