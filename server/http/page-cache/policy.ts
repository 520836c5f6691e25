import type { IncomingMessage } from "node:http";
import { readConsent } from "../../../src/lib/consent.ts";
import { isPrefetchPurpose, prefetchedDataCacheControl } from "../../../src/lib/page-prefetch.ts";
import { readQuery } from "../../../src/lib/page-queries.ts";
import { isDataRequest, manifestPath } from "../../../src/lib/router-protocol.ts";
import { previewCookie } from "../../content/preview.ts";
import { unmatchedRoute } from "./routes.ts";
import { type TagHeaderName, tagHeaders } from "./tags.ts";

/**
 * The page cache's whole policy on one page, in the order of Varnish's builtin.vcl; the other files of this folder
 * are mechanism. keyFor: which requests pass the cache, and what of a request changes the page (the key).
 * backend_response: what may be stored, one rule for visitors' renders and the cache's own. Freshness and grace:
 * how long a copy is answered as it is, then answered while one render refreshes it. answerHeaders: the headers a copy
 * is answered with. Decisions 0120, 0197, 0199 and 0206.
 */

/** What of a request the policy reads: Node's own request, before Express or inside it. */
export type PageRequest = Pick<IncomingMessage, "method" | "url" | "headers">;

export interface CacheKey {
  /** The key itself, as the store holds it. */
  id: string;
  /** The path to render: the request's own (for a shared 404, the first path that filled it). */
  path: string;
  /** The route template of the path ("unmatched" for a path no route matches). */
  route: string;
  /** The query the page reads, without "?"; empty when none. */
  query: string;
  consent: string | undefined;
  /** The status a copy under this key has: 200 for a page or its data, 404 for the shared 404s. */
  status: 200 | 404;
  /**
   * No route matches the path: answered with the stored 404 once nothing before the router (a redirect, a file, a
   * feed) took the request.
   */
  notFound: boolean;
}

export interface PolicyOptions {
  /** ANALYTICS_ID is set: the consent cookie changes the policy, so it is part of the key. */
  consentVaries: boolean;
  /** The content's TTL (CONTENT_TTL_SECONDS): how long a copy is fresh. */
  ttlSeconds: number;
  routeOf: (path: string) => string;
  /**
   * Whether a path of a route whose pages come from content (/post/:slug) names a page that exists: false sends it to
   * its route's one stored 404 without a render; undefined (not a content route, or the list is not known) to its own
   * key.
   */
  pageExists: (path: string, route: string) => boolean | undefined;
  /** The header a tier in front reads tags from (CACHE_TAG_HEADER). */
  tagHeader: TagHeaderName;
  now: () => number;
}

/** Longer URLs are rendered, never stored (the request line itself is bounded before this: decision 0196). */
const maxKeyLength = 1024;
/** React Router's parameter naming the routes whose data a data request asks for: it changes the answer. */
const routesParam = "_routes";
/** How long past its freshness a copy may still be answered while it is refreshed, or while its source is down. */
export const graceSeconds = 24 * 60 * 60;

export function cachePolicy({ consentVaries, ttlSeconds, routeOf, pageExists, tagHeader, now }: PolicyOptions) {
  /** The key of a request the cache may answer, or undefined when it passes the cache. */
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
    const data = isDataRequest(path);
    const notFound = route === unmatchedRoute;
    // The router's own requests for an unknown path (data, route discovery) are not documents: they pass.
    if (notFound && (data || path === manifestPath)) return undefined;
    const missing = !notFound && !data && pageExists(path, route) === false;
    // Only what the page reads is in the key: a campaign link is a hit of the clean page's copy.
    const query = q === -1 ? "" : readQuery(route, url.slice(q + 1), data ? [routesParam] : []);
    const consent = consentVaries ? (readConsent(cookie) ?? "unset") : undefined;
    // The footer shows the year: a new year is a new page.
    const year = new Date(now()).getFullYear();
    const page = notFound ? "404" : missing ? `404 ${route}` : `${path}?${query}`;
    const status = notFound || missing ? 404 : 200;
    return { id: `${year} ${consent ?? "-"} ${page}`, path, route, query, consent, status, notFound };
  }

  /**
   * backend_response: may this answer be stored under this key? The status the key expects, an HTML document (or a
   * data request's turbo-stream), no cookie set, and nothing that asked not to be kept. A visitor's render says
   * `private, no-cache` (it carries their nonce): that marks the visitor's copy, not the page, so it is not read here.
   */
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

  /**
   * What the page's own render says, as the cache's render gets it (a visitor's render is marked `private` for
   * its nonce, so only the shared render tells): a route that says private or no-store is never stored.
   */
  function sharedMayStore(header: (name: string) => string | undefined): boolean {
    return !/\b(private|no-store)\b/i.test(header("cache-control") ?? "");
  }

  /** Freshness and grace: fresh for the TTL, then answered stale while one render refreshes it, for the grace. */
  function age(storedAt: number): "fresh" | "stale" | "expired" {
    const seconds = (now() - storedAt) / 1000;
    return seconds < ttlSeconds ? "fresh" : seconds < ttlSeconds + graceSeconds ? "stale" : "expired";
  }

  /**
   * Cache-Control and Vary of an answer from a copy (a CDN may keep a fresh one for the TTL). A page's data
   * asked for ahead of a tap is fresh in that visitor's browser for a while, so the tap is answered from there
   * (decision 0212), as the renderer answers it.
   */
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
