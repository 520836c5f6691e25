import type { Request } from "express";
import { consentCookieName, readConsent } from "../../../src/lib/consent.ts";
import { readQuery } from "../../../src/lib/page-queries.ts";
import { isDataRequest, manifestPath } from "../../../src/lib/router-protocol.ts";
import { unmatchedRoute } from "../../ops/route-label.ts";

/**
 * The page cache's key policy (Varnish's vcl_hash): which requests the cache may answer, and what of each request
 * changes the page. Only the query parameters a page reads, the consent cookie when analytics is on, and the
 * year (the footer shows it) are in the key (decision 0197); every path no route matches shares one key, the
 * stored 404 (decision 0199).
 */

export interface CacheKey {
  key: string;
  /** The path to render: the request's own (for the shared 404, the first unknown path that filled it). */
  path: string;
  /** The route template of the path ("unmatched" for the 404). */
  route: string;
  /** The query the page reads, without "?"; empty when none. */
  query: string;
  consent: string | undefined;
  /** No route matches the path: answered with the stored 404 once nothing before the router took the request. */
  notFound: boolean;
}

export interface KeyPolicyOptions {
  /** ANALYTICS_ID is set: the consent cookie changes the policy, so it is part of the key. */
  consentVaries: boolean;
  routeOf: (path: string) => string;
  now: () => number;
}

/** Longer URLs are rendered, never stored (the request line itself is bounded before this: decision 0196). */
const maxKeyLength = 1024;

export function keyPolicy({ consentVaries, routeOf, now }: KeyPolicyOptions) {
  /** The key of a request the cache may answer, or undefined: a cookie it does not know (preview) bypasses it. */
  return function keyOf(req: Request): CacheKey | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const url = req.originalUrl;
    if (url.length > maxKeyLength) return undefined;
    const cookie = req.headers.cookie;
    if (cookie) {
      for (const part of cookie.split(";")) {
        const name = part.slice(0, part.indexOf("=")).trim();
        if (name !== "" && name !== consentCookieName) return undefined;
      }
    }
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const route = routeOf(path);
    // A data request or route discovery (/__manifest) for an unknown path is not a document: never stored.
    const notFound = route === unmatchedRoute;
    if (notFound && (isDataRequest(path) || path === manifestPath)) return undefined;
    // Only what the page reads is in the key (decision 0197): a campaign link is a hit of the clean page's copy.
    const query = q === -1 ? "" : readQuery(route, url.slice(q + 1));
    const consent = consentVaries ? (readConsent(cookie) ?? "unset") : undefined;
    // The footer shows the year: a new year is a new page.
    const year = new Date(now()).getFullYear();
    const page = notFound ? "404" : `${path}?${query}`;
    return { key: `${year} ${consent ?? "-"} ${page}`, path, route, query, consent, notFound };
  };
}
