import type { IncomingMessage } from "node:http";
import { readConsent } from "../../../src/shared/consent.ts";
import { isPrefetchPurpose, isPrivatePage, prefetchedDataCacheControl } from "../../../src/shared/page-prefetch.ts";
import { readQuery } from "../../../src/shared/page-queries.ts";
import { isDataRequest, manifestPath } from "../../../src/shared/router-protocol.ts";
import type { PreviewCookie } from "../../lib/preview-cookie.ts";
import { unmatchedRoute } from "../../lib/route-labels.ts";
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
  /** The ids of the routes a path matches: a data request's `_routes` keeps only these. */
  routeIds: (path: string) => readonly string[];
  /**
   * Given the key's query: false sends a path naming no page (a slug, a category) to its route's one stored 404
   * without a render; undefined, to its own key.
   */
  pageExists: (path: string, route: string, query: string) => boolean | undefined;
  /** The preview session's own check of its cookie. */
  preview: Pick<PreviewCookie, "valid" | "cleared">;
  tagHeader: TagHeaderName;
  now: () => number;
}

/** A longer address is rendered, never stored. */
export const maxKeyLength = 1024;
/** React Router's parameter naming the routes a data request asks for: it changes the answer. */
const routesParam = "_routes";
/** Past freshness, a copy is still answered while it is refreshed, or while its source is down. */
export const graceSeconds = 24 * 60 * 60;

export function cachePolicy(options: PolicyOptions) {
  const { consentVaries, ttlSeconds, routeOf, routeIds, pageExists, preview, tagHeader, now } = options;

  function keyFor(req: PageRequest): CacheKey | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const url = req.url ?? "";
    if (url.length > maxKeyLength) return undefined;
    // Only two cookies change a page: an editor's preview session (drafts: it passes, once its signature checks out)
    // and the consent choice (in the key). Any other (another app's on the parent domain, an analytics tool's, a
    // forged or expired preview cookie) is not the site's to read.
    const cookie = req.headers.cookie;
    if (preview.valid(cookie)) return undefined;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const route = routeOf(path);
    // A page made for each visitor (the contact form's spam question) passes, its data too: never stored or waited for.
    if (isPrivatePage(route)) return undefined;
    const data = isDataRequest(path);
    const unmatched = route === unmatchedRoute;
    // The router's own requests for an unknown path (data, route discovery) are not documents: they pass.
    if (unmatched && (data || path === manifestPath)) return undefined;
    // Only what the page reads is in the key, as it reads it: a campaign link is a hit of the clean page's copy.
    const query = q === -1 ? "" : keyQuery(route, url.slice(q + 1), data ? routeIds(path) : undefined);
    if (query === undefined) return undefined;
    const missing = !unmatched && !data && pageExists(path, route, query) === false;
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
    /** A preview cookie that fails the check is removed on the answer, which then is this visitor's alone. */
    clearCookie: ({ headers }: PageRequest) => (preview.valid(headers.cookie) === false ? preview.cleared : undefined),
    cleared: "private, no-cache",
  };

  return { keyFor, mayStore, sharedMayStore, age, answerHeaders };
}

export type CachePolicy = ReturnType<typeof cachePolicy>;

// React Router reads the first `_routes` (blank: every route) and loads only the matched routes it names; any other
// name changes nothing, so the key keeps the matched ones alone, in the routes' order. Naming none of them loads
// nothing: a cheap render, not worth a key (undefined: it passes).
function keyQuery(route: string, search: string, matchedIds: readonly string[] | undefined): string | undefined {
  const query = readQuery(route, search);
  if (!matchedIds) return query;
  const asked = new URLSearchParams(search).get(routesParam);
  if (!asked) return query;
  const named = asked.split(",");
  const loaded = matchedIds.filter((id) => named.includes(id));
  if (loaded.length === 0) return undefined;
  const kept = new URLSearchParams(query);
  kept.append(routesParam, loaded.join(","));
  kept.sort();
  return kept.toString();
}

function oneValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}
