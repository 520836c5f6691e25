// Shared with the server: the server's redirects and the endpoint table read canonical paths through it (server/http/).
import { normalisePath } from "./paths.ts";
import { dataRequestPage } from "./router-protocol.ts";
import { serviceSlugs } from "./services-catalogue.ts";

// Legacy paths of the old site, read by the server (a 301 before React Router) and by the catch-all route
// (a replace redirect on client-side navigation), so it stays pure enough for the browser bundle.

const movedPages: Readonly<Record<string, string>> = {
  "/about-us-agency": "/about",
  "/our-clients": "/about",
  "/contact-us": "/contact",
  "/arrange-a-callback": "/contact",
  "/blog": "/news",
  "/terms-conditions": "/terms",
  "/portfolio": "/projects",
};

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

/** Escapes of unreserved characters name the same path as the characters themselves (RFC 3986 §6.2.2.2). */
function decodeUnreserved(pathname: string): string {
  return pathname.replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[\w.~-]/.test(char) ? char : encoded;
  });
}

/** What a path names however spelt (routes ignore case); rate limits, allowed methods and redirects all key on it. */
export function canonicalPath(pathname: string): string {
  const path = normalisePath(decodeUnreserved(pathname)).toLowerCase();
  return normalisePath(dataRequestPage(path) || "/");
}

const isPagePath = (path: string) => !/\.[^/]*$/.test(path);

/** Percent-escapes keep their upper-case hex digits (RFC 3986 §6.2.2.1). */
const lowerCase = (path: string) => path.toLowerCase().replace(/%[0-9a-f]{2}/g, (encoded) => encoded.toUpperCase());

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
