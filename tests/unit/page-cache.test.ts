import { createHash } from "node:crypto";
import express from "express";
import { Registry } from "prom-client";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { chooseEncoding } from "../../server/http/page-cache/answer.ts";
import { hashAuthorisedInline, policyWithHashes } from "../../server/http/page-cache/copy.ts";
import { createPageCache } from "../../server/http/page-cache.ts";
import { cspNonce, securityHeaders } from "../../server/http/security.ts";
import { previewCookieOf } from "../../server/lib/preview-cookie.ts";
import { readQuery } from "../../src/shared/page-queries.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("hashAuthorisedInline", () => {
  const nonce = "0123456789abcdef0123456789abcdef";

  it("hashes the inline scripts that carry the render's nonce, and strips the nonce from the document", () => {
    const html = [
      `<html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"/>`,
      `<script type="application/ld+json" nonce="${nonce}">{"a":1}</script>`,
      `<script nonce="${nonce}">one()</script><script nonce="${nonce}" type="module" async="">two()</script>`,
      `<script src="/b.js" nonce="${nonce}"></script><script nonce="${nonce}">one()</script>`,
      `</head><body><p>nonce="${nonce}" as text</p></body></html>`,
    ].join("");
    const result = hashAuthorisedInline(html, nonce);
    expect(result.hashes["script-src"]).toEqual([sha("one()"), sha("two()")]);
    expect(result.hashes["style-src"]).toEqual([]);
    expect(result.html).not.toContain(` nonce="${nonce}"`);
    expect(result.html).toContain(`<script>one()</script>`);
    // Text that merely looks like the attribute (no leading space inside a tag) is left alone.
    expect(result.html).toContain(`<p>nonce="${nonce}" as text</p>`);
  });

  it("never trusts a script without the render's own nonce: injected, or carrying another value", () => {
    const html = `<script>evil()</script><script nonce="guess">evil2()</script><script nonce="${nonce}">ok()</script>`;
    expect(hashAuthorisedInline(html, nonce).hashes["script-src"]).toEqual([sha("ok()")]);
  });

  it("hashes the text as the browser sees it, newlines normalised", () => {
    expect(hashAuthorisedInline(`<script nonce="${nonce}">a()\r\nb()</script>`, nonce).hashes["script-src"]).toEqual([
      sha("a()\nb()"),
    ]);
  });

  it("hashes the style elements that carry the render's nonce into style-src, and no other", () => {
    const html = [
      `<head><style data-precedence="page" data-href="page-styles" nonce="${nonce}">body{color:red}</style>`,
      `<noscript><style nonce="${nonce}">[data-x]{height:auto}</style></noscript>`,
      `<style>injected{}</style><style nonce="guess">guessed{}</style></head>`,
    ].join("");
    const result = hashAuthorisedInline(html, nonce);
    expect(result.hashes["style-src"]).toEqual([sha("body{color:red}"), sha("[data-x]{height:auto}")]);
    expect(result.hashes["script-src"]).toEqual([]);
    expect(result.html).not.toContain(nonce);
  });
});

describe("policyWithHashes", () => {
  const nonceSource = "'nonce-abc'";
  it("puts each directive's own hashes where the nonce was, and leaves the others alone", () => {
    const template = {
      headers: [],
      nonceSource,
      policy: `default-src 'self';script-src 'self' ${nonceSource} https://a.example;style-src 'self' ${nonceSource};img-src 'self'`,
    };
    expect(
      policyWithHashes(template, { "script-src": ["'sha256-s'"], "style-src": ["'sha256-t'", "'sha256-u'"] }),
    ).toBe(
      "default-src 'self';script-src 'self' https://a.example 'sha256-s';style-src 'self' 'sha256-t' 'sha256-u';img-src 'self'",
    );
    expect(policyWithHashes(template, { "script-src": [], "style-src": [] })).toBe(
      "default-src 'self';script-src 'self' https://a.example;style-src 'self';img-src 'self'",
    );
  });
});

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["deflate", "identity"],
    ["identity;q=0.1, gzip;q=0.5", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("the part of a query a page reads (the page cache's key)", () => {
  it("keeps only the parameters the route declares, sorted and encoded one way", () => {
    expect(readQuery("/news", "utm_source=x&category=Web%20Design&gclid=1")).toBe("category=Web+Design");
    expect(readQuery("/news", "category=Web+Design")).toBe(readQuery("/news", "category=Web%20Design"));
    expect(readQuery("/projects", "fbclid=a&category=Branding&msclkid=b")).toBe("category=Branding");
  });
  it("keeps nothing for a page that reads no parameter, or an unknown route", () => {
    expect(readQuery("/about", "utm_campaign=spring&ref=a&v=2")).toBe("");
    expect(readQuery("/", "gclid=abc")).toBe("");
    expect(readQuery("unmatched", "a=1")).toBe("");
  });
});

/** A tiny site in front of the cache: each page shows its path and the year of the clock. */
function site(clock: { now: number; gate?: Promise<void> }) {
  const page = (path: string, nonce: string) =>
    `<!DOCTYPE html><html><body><p>${path}</p><footer>© ${new Date(clock.now).getFullYear()}</footer><script nonce="${nonce}">hydrate()</script></body></html>`;
  const pages = createPageCache({
    async render(req, nonce) {
      await clock.gate;
      const path = new URL(req.url).pathname;
      // A route may say its page is one visitor's own.
      const caching: Record<string, string> = path === "/account" ? { "cache-control": "private, max-age=0" } : {};
      const response = new Response(page(path, nonce), {
        headers: { "content-type": "text/html; charset=utf-8", ...caching },
      });
      return { response, reads: { types: new Set(), entries: new Set([`entry-of-${path}`]), failed: false } };
    },
    origin: "http://localhost",
    ttlSeconds: 60,
    maxBytes: 1024 * 1024,
    consentVaries: false,
    routeOf: (path) => path,
    routeIds: () => ["root"],
    preview: previewCookieOf({ secure: false }),
    metrics: new Registry(),
    logger: createLogger("silent"),
    now: () => clock.now,
  });
  const app = express();
  app.use(pages.hit, cspNonce, securityHeaders({ isProduction: true, siteUrl: "http://127.0.0.1" }), pages.miss);
  app.get(/.*/, (req, res) => {
    // Headers of this one answer, never of the page: a copy must not replay them.
    res.set({ "X-Debug-Trace": "visitor-1", "Server-Timing": "render;dur=12" });
    res.type("html").send(page(req.path, res.locals.cspNonce as string));
  });
  const stored = async (path: string) => {
    for (let i = 0; i < 100; i++) {
      const answer = await request(app).get(path);
      if (answer.headers["x-cache"] === "HIT") return answer;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${path} was never stored`);
  };
  return { app, pages, stored };
}

describe("createPageCache", () => {
  it("keys on the year, so the footer's year changes on 1 January", async () => {
    const clock = { now: Date.UTC(2026, 11, 31, 12) };
    const { app, stored } = site(clock);
    expect((await stored("/")).text).toContain("© 2026");
    clock.now = Date.UTC(2027, 0, 1, 12);
    const newYear = await request(app).get("/");
    expect(newYear.headers["x-cache"]).toBe("MISS");
    expect(newYear.text).toContain("© 2027");
    expect((await stored("/")).text).toContain("© 2027");
  });

  it("shares one copy between orderings of the same query, purges only the paths named, and answers stale while everything is refreshed", async () => {
    const { app, pages, stored } = site({ now: Date.UTC(2026, 5, 1) });
    const first = await stored("/news?b=2&a=1");
    expect((await request(app).get("/news?a=1&b=2")).text).toBe(first.text);
    await stored("/about");
    await pages.purge(["path:/news"]);
    // Stored again by the purge itself: answered from the new copy, with its age counted from then.
    const again = await request(app).get("/news?a=1&b=2");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers.age).toBe("0");
    expect((await request(app).get("/about")).headers["x-cache"]).toBe("HIT");
    void pages.purge();
    // A purge of everything: the copy is answered stale while the background refresh replaces it.
    expect((await request(app).get("/about")).headers["x-cache"]).toBe("STALE");
    expect((await stored("/about")).text).toContain("/about");
  });

  it("renders a path that looks like another host as a path of this site", async () => {
    const { stored } = site({ now: Date.UTC(2026, 5, 1) });
    const answer = await stored("//elsewhere.example/team");
    expect(answer.text).toContain("<p>//elsewhere.example/team</p>");
  });

  it("never keeps a render that was under way when a purge came", async () => {
    let release = () => {};
    const clock = { now: Date.UTC(2026, 5, 1), gate: new Promise<void>((resolve) => (release = resolve)) };
    const { app, pages, stored } = site(clock);
    expect((await request(app).get("/team")).headers["x-cache"]).toBe("MISS");
    void pages.purge(["path:/team"]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await request(app).get("/team")).headers["x-cache"]).toBe("MISS");
    // The render the purge did not cancel is kept as usual.
    expect((await stored("/team")).text).toContain("/team");
  });

  it("replays the page's own headers only, never what one visitor's answer carried", async () => {
    const { app, stored } = site({ now: Date.UTC(2026, 5, 1) });
    const first = await request(app).get("/about");
    expect(first.headers["x-debug-trace"]).toBe("visitor-1");
    const hit = await stored("/about");
    expect(hit.headers["x-debug-trace"]).toBeUndefined();
    expect(hit.headers["server-timing"]).toBeUndefined();
    expect(hit.headers["x-content-type-options"]).toBe("nosniff");
    expect(hit.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("keeps a page its route calls private out of the store", async () => {
    const { app } = site({ now: Date.UTC(2026, 5, 1) });
    for (let ask = 0; ask < 5; ask++) {
      expect((await request(app).get("/account")).headers["x-cache"]).toBe("MISS");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("purges exactly the copies carrying a tag, and stores them again before the purge resolves", async () => {
    const clock = { now: Date.UTC(2026, 5, 1) };
    const { app, pages, stored } = site(clock);
    await stored("/a");
    await stored("/b");
    clock.now += 3_000;
    await pages.purge(["entry:entry-of-/a"]);
    const a = await request(app).get("/a");
    const b = await request(app).get("/b");
    expect([a.headers["x-cache"], b.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    // /a was stored again just now; /b is the copy of three seconds ago.
    expect([a.headers.age, b.headers.age]).toEqual(["0", "3"]);
    expect(a.headers.xkey).toBe("site path:/a entry:entry-of-/a");
  });
});
