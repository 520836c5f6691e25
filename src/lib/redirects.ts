// Shared with the server: the server's redirects and the endpoint table read canonical paths through it (server/http/).
import { normalisePath } from "./paths.ts";
import { dataRequestPage } from "./router-protocol.ts";
import { serviceSlugs } from "./services-catalogue.ts";

/**
 * Legacy paths of the old site and their new homes (R2.18, docs/decisions/0052-legacy-redirects.md).
 * One table, read by the server (301 before React Router) and by the catch-all route (a replace redirect on
 * client-side navigation). Pure: no I/O, safe in the browser bundle.
 */

/** Old pages that moved one for one. */
export const movedPages: Readonly<Record<string, string>> = {
  "/about-us-agency": "/about",
  "/our-clients": "/about",
  "/contact-us": "/contact",
  "/arrange-a-callback": "/contact",
  "/blog": "/news",
  "/terms-conditions": "/terms",
  "/portfolio": "/projects",
};

/** Project slugs the old /portfolio/{slug} pages had; each lives on at /project/{slug}. */
export const legacyProjectSlugs: readonly string[] = [
  "dennis-group",
  "adidas",
  "best-of-south-west-ldn",
  "drivenmedia",
  "prym-health",
  "sc-johnson",
  "vetcare-at-home",
  "percys-pet-products",
  "project-wingman",
  "propfirmtrader",
  "branding",
  "warmies",
  "bowmer-kirkland",
];

/** Articles the old site published at the root (/{slug}); each lives on at /post/{slug}. */
export const legacyArticleSlugs: readonly string[] = [
  "what-makes-a-good-logo",
  "how-much-does-a-website-cost-uk",
  "rebrand-or-refresh",
  "packaging-designing-for-the-thumbnail",
  "how-to-write-a-design-brief",
  "local-seo-derbyshire-businesses",
];

const projectSlugs = new Set(legacyProjectSlugs);
const services = new Set(serviceSlugs);
const articles = new Set(legacyArticleSlugs);

/** Percent-escapes of unreserved characters name the same path as the characters themselves (RFC 3986 §6.2.2.2). */
function decodeUnreserved(pathname: string): string {
  return pathname.replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[\w.~-]/.test(char) ? char : encoded;
  });
}

/**
 * What a request path names, however it is spelt: unreserved escapes decoded, slashes normalised, any React Router
 * data suffix (`.data`, `/_.data`, `/_root.data`: src/lib/router-protocol.ts) dropped, lower-cased (routes match without regard to case). Rate limits,
 * allowed methods and redirects all key on it (docs/decisions/0105).
 */
export function canonicalPath(pathname: string): string {
  const path = normalisePath(decodeUnreserved(pathname)).toLowerCase();
  return normalisePath(dataRequestPage(path) || "/");
}

/** A page's path has no file extension; files (hashed assets, images) keep the case they were given. */
const isPagePath = (path: string) => !/\.[^/]*$/.test(path);

/** Lower case, but percent-escapes keep their upper-case hex digits (RFC 3986 §6.2.2.1). */
const lowerCase = (path: string) => path.toLowerCase().replace(/%[0-9a-f]{2}/g, (encoded) => encoded.toUpperCase());

/** Where a legacy path lives now, for a normalised, lower-case path; undefined when it is not legacy. */
function newHome(path: string): string | undefined {
  const moved = movedPages[path];
  if (moved) return moved;
  const [, first, second, ...rest] = path.split("/");
  if (!first) return undefined;
  if (first === "portfolio") {
    return second && rest.length === 0 && projectSlugs.has(second) ? `/project/${second}` : "/projects";
  }
  if (first === "services" && second) {
    return rest.length === 0 && services.has(second) ? `/service/${second}` : "/services";
  }
  if (second === undefined && services.has(first)) return `/service/${first}`;
  if (second === undefined && articles.has(first)) return `/post/${first}`;
  return undefined;
}

/**
 * The redirect target for a request URL (path and query), or undefined when the URL is already where it
 * belongs (or is no URL at all). Legacy paths go to their new home; a trailing slash or doubled slash is tidied
 * away, and a page's path is spelt in lower case. The query string always travels with the redirect.
 */
export function redirectFor(url: string): string | undefined {
  // A bare path is pinned to a host first, so "//host/x" stays a path; the parser also turns "\\" into "/".
  const parsed = /^[a-z][a-z\d+.-]*:/i.test(url)
    ? URL.parse(url)
    : URL.parse(`http://localhost/${url.replace(/^\//, "")}`);
  if (!parsed) return undefined;
  const normal = normalisePath(parsed.pathname);
  const path = isPagePath(normal) ? lowerCase(decodeUnreserved(normal)) : normal;
  const target = newHome(path.toLowerCase()) ?? (path === parsed.pathname ? undefined : path);
  return target === undefined ? undefined : `${target}${parsed.search}`;
}
