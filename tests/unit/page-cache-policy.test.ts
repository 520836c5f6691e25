import { describe, expect, it } from "vitest";
import { cachePolicy, graceSeconds, type PageRequest } from "../../server/http/page-cache/policy.ts";

/** The page cache's policy as a table: what comes in (method, path, query, cookies; status and headers) and what it decides. */

const routes: Record<string, string> = {
  "/": "/",
  "/about": "/about",
  "/about.data": "/about",
  "/_.data": "/",
  "/news": "/news",
  "/post/bright-ideas": "/post/:slug",
  "/post/never-written": "/post/:slug",
  "/post/never-written.data": "/post/:slug",
};
const now = Date.UTC(2026, 10, 26, 12);
/** The preview session's check, as a table: only "signed" and "expired" were signed by the site. */
const preview = {
  valid: (cookie: string | undefined) => {
    const value = /(?:^|;\s*)site_preview=([^;]*)/.exec(cookie ?? "")?.[1];
    return value === undefined ? undefined : value === "signed";
  },
  cleared: "site_preview=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly",
};
const categories = new Set(["", "category=Branding"]);
const options = {
  consentVaries: false,
  ttlSeconds: 60,
  routeOf: (path: string) => routes[path] ?? "unmatched",
  routeIds: (path: string) => (path === "/about.data" ? ["root", "routes/about"] : ["root"]),
  pageExists: (path: string, route: string, query: string) =>
    route === "/post/:slug" ? path === "/post/bright-ideas" : route === "/news" ? categories.has(query) : undefined,
  preview,
  tagHeader: "xkey" as const,
  now: () => now,
};
const policy = cachePolicy(options);

const request = (method: string, url: string, cookie?: string) =>
  ({ method, url, headers: cookie ? { cookie } : {} }) as PageRequest;

describe("keyFor: which requests pass, and the key of the rest", () => {
  it.each([
    // method, url, cookie → key (undefined: passes the cache), status a copy under it has
    ["GET", "/", undefined, "2026 - /?", 200],
    ["HEAD", "/about", undefined, "2026 - /about?", 200],
    ["GET", "/about?utm_source=mail&gclid=x", undefined, "2026 - /about?", 200],
    ["GET", "/news?category=Branding&utm_campaign=x", undefined, "2026 - /news?category=Branding", 200],
    // As the page reads it: the first value, trimmed. A category the filter does not offer is the route's one 404.
    ["GET", "/news?category=%20Branding%20&category=x", undefined, "2026 - /news?category=Branding", 200],
    ["GET", "/news?category=", undefined, "2026 - /news?", 200],
    ["GET", "/news?category=made-up-1", undefined, "2026 - 404 /news", 404],
    ["GET", "/news?category=branding", undefined, "2026 - 404 /news", 404],
    ["GET", "/about.data?_routes=routes%2Fabout&ref=x", undefined, "2026 - /about.data?_routes=routes%2Fabout", 200],
    // React Router reads the first `_routes` and loads only the matched routes it names: the rest change nothing.
    [
      "GET",
      "/about.data?_routes=made-up,routes%2Fabout,root",
      undefined,
      "2026 - /about.data?_routes=root%2Croutes%2Fabout",
      200,
    ],
    [
      "GET",
      "/about.data?_routes=routes%2Fabout&_routes=x",
      undefined,
      "2026 - /about.data?_routes=routes%2Fabout",
      200,
    ],
    ["GET", "/about.data?_routes=", undefined, "2026 - /about.data?", 200],
    ["GET", "/about.data?_routes=made-up-2", undefined, undefined, undefined],
    ["GET", "/_.data", undefined, "2026 - /_.data?", 200],
    ["GET", "/post/bright-ideas", undefined, "2026 - /post/bright-ideas?", 200],
    ["GET", "/post/never-written", undefined, "2026 - 404 /post/:slug", 404],
    ["GET", "/post/never-written.data", undefined, "2026 - /post/never-written.data?", 200],
    ["GET", "/wp-login.php", undefined, "2026 - 404", 404],
    ["GET", "/about", "analytics_consent=granted", "2026 - /about?", 200],
    ["GET", "/about", "site_preview=signed", undefined, undefined],
    // A preview cookie the session's check refuses is any other cookie: the stored page.
    ["GET", "/about", "site_preview=x", "2026 - /about?", 200],
    ["GET", "/about", "a=1; site_preview=expired", "2026 - /about?", 200],
    ["GET", "/about", "a=1; _ga=GA1.2.3; analytics_consent=granted", "2026 - /about?", 200],
    ["GET", "/about", "preview=signed", "2026 - /about?", 200],
    ["POST", "/about", undefined, undefined, undefined],
    ["GET", "/nope.data", undefined, undefined, undefined],
    ["GET", "/__manifest?p=%2Fabout", undefined, undefined, undefined],
    ["GET", `/about?${"a".repeat(1100)}`, undefined, undefined, undefined],
  ])("%s %s (cookie %s) → key %s, status %s", (method, url, cookie, key, status) => {
    const found = policy.keyFor(request(method, url, cookie));
    expect(found?.id).toBe(key);
    expect(found?.status).toBe(status);
  });

  it("keys on the consent choice only when analytics is on", () => {
    const varying = cachePolicy({ ...options, consentVaries: true, routeOf: () => "/about" });
    expect(varying.keyFor(request("GET", "/about"))?.id).toBe("2026 unset /about?");
    expect(varying.keyFor(request("GET", "/about", "analytics_consent=granted"))?.id).toBe("2026 granted /about?");
  });
});

describe("backend_response: what may be stored", () => {
  const page = policy.keyFor(request("GET", "/about"));
  const data = policy.keyFor(request("GET", "/about.data"));
  const missing = policy.keyFor(request("GET", "/post/never-written"));
  const headers = (given: Record<string, string>) => (name: string) => given[name];
  const html = { "content-type": "text/html; charset=utf-8" };
  it.each([
    ["a page's 200 document", page, 200, html, true],
    ["a visitor's own render (private, no-cache)", page, 200, { ...html, "cache-control": "private, no-cache" }, true],
    ["a page that asks not to be kept", page, 200, { ...html, "cache-control": "no-store" }, false],
    ["a page that sets a cookie", page, 200, { ...html, "set-cookie": "a=1" }, false],
    ["a page's 500", page, 500, html, false],
    ["a page's 404 under its own key", page, 404, html, false],
    ["a route's 404 under the route's 404 key", missing, 404, html, true],
    ["a data request's turbo-stream", data, 200, { "content-type": "text/x-script; charset=utf-8" }, true],
    ["a document's JSON", page, 200, { "content-type": "application/json" }, false],
  ])("%s → %s", (_what, target, status, given, stored) => {
    expect(target && policy.mayStore(target, status, headers(given as Record<string, string>))).toBe(stored);
  });
});

describe("freshness, grace and the answer's headers", () => {
  it.each([
    [0, "fresh"],
    [59, "fresh"],
    [60, "stale"],
    [60 + graceSeconds - 1, "stale"],
    [60 + graceSeconds, "expired"],
  ])("a copy %s s old is %s", (seconds, age) => {
    expect(policy.age(now - seconds * 1000)).toBe(age);
  });

  it("lets a CDN keep a fresh copy for the TTL and a stale one not at all; a prefetched one stays in the browser", () => {
    expect(policy.answerHeaders).toMatchObject({
      fresh: "public, max-age=0, s-maxage=60, stale-while-revalidate=60",
      stale: "public, max-age=0",
      prefetched: "private, max-age=60",
      vary: "Accept-Encoding",
    });
    const asked = (purpose?: string) =>
      ({ method: "GET", url: "/about.data", headers: purpose ? { "sec-purpose": purpose } : {} }) as PageRequest;
    expect(policy.answerHeaders.isPrefetch(asked("prefetch"))).toBe(true);
    expect(policy.answerHeaders.isPrefetch(asked("prefetch;prerender"))).toBe(true);
    expect(policy.answerHeaders.isPrefetch(asked())).toBe(false);
  });

  it("clears a preview cookie the session's check refuses, and only that one", () => {
    const visitor = (cookie?: string) =>
      ({ method: "GET", url: "/about", headers: cookie ? { cookie } : {} }) as PageRequest;
    expect(policy.answerHeaders.clearCookie(visitor("a=1; site_preview=x"))).toBe(preview.cleared);
    for (const cookie of [undefined, "a=1", "site_preview=signed", "preview=x"]) {
      expect(policy.answerHeaders.clearCookie(visitor(cookie)), cookie).toBeUndefined();
    }
    expect(policy.answerHeaders.cleared).toMatch(/^private/);
  });
});
