import request from "supertest";
import { describe, expect, it } from "vitest";
import type { ContentQuery, ContentReader } from "../../src/shared/content/types.ts";
import { buildTestApp } from "../support/app.ts";
import { contentApps } from "../support/content-apps.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const { fixture, localApp, contentfulEnv, appWithSourceDown } = contentApps();

/** The content service's own "unavailable" failure: the source is down and nothing is cached. */
const unavailable = () => Object.assign(new Error("content source down"), { code: "CONTENT_UNAVAILABLE" });

/** The real app whose content fails for the queries `fails` picks (the network edge, not the pages). */
function appWhereContentFails(fails: (query: ContentQuery) => boolean) {
  return buildTestApp({
    services: (real) => {
      const content: ContentReader = {
        getEntries(query) {
          if (fails(query)) return Promise.reject(unavailable());
          return real.site.content.getEntries(query);
        },
      };
      return { ...real, site: { ...real.site, content } };
    },
  });
}

describe("content pages when the content source is down and nothing is cached", () => {
  it.each([
    "/news",
    "/news?category=Branding",
    "/projects",
    "/post/how-to-write-a-design-brief",
    "/project/adidas",
    "/service/web-design",
  ])("%s keeps its loading placeholder with 503 and Retry-After, never a 500", async (path) => {
    const { app } = await appWhereContentFails(() => true);
    for (const agent of [browser, googlebot]) {
      const page = await request(app).get(path).set("User-Agent", agent);
      expect(page.status).toBe(503);
      expect(page.headers["retry-after"]).toBeTruthy();
      expect(page.text).toContain('role="status"');
      expect(page.text).not.toContain("Unexpected Application Error!");
      expect(headOf(page.text).title).toBe("Gritstone");
      expect(headOf(page.text).robots).toBe("noindex");
    }
  });
});

describe("a page whose own content loads while a list on it cannot", () => {
  it("an article still renders; 'Other articles you may like...' keeps its placeholder", async () => {
    const { app } = await appWhereContentFails((query) => query.content_type === "blogPost" && !query["fields.slug"]);
    const page = await request(app).get("/post/how-to-write-a-design-brief").set("User-Agent", browser);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>How to write a design brief that gets you better work</h1>");
    const related = page.text.slice(page.text.indexOf("Other articles you may like..."));
    expect(related).toContain('role="status"');
    expect(related).not.toContain('href="/post/');
  });

  it("a service still renders; its latest projects keep their placeholder", async () => {
    const { app } = await appWhereContentFails((query) => query.content_type === "singleProject");
    const page = await request(app).get("/service/web-design").set("User-Agent", browser);
    expect(page.status).toBe(200);
    const latest = page.text.slice(page.text.indexOf("Latest projects"));
    expect(latest).toContain('role="status"');
    expect(latest).not.toContain('href="/project/');
  });
});

describe("content pages for crawlers", () => {
  it("carry the article's title, description, keywords, social image and BlogPosting data", async () => {
    const { app } = await buildTestApp();
    const page = await request(app).get("/post/how-to-write-a-design-brief").set("User-Agent", googlebot);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<title>[^<]+<\/title>/);
    expect(page.text).toMatch(/<meta name="description" content="[^"]+"/);
    expect(page.text).toMatch(/<meta name="keywords" content="[^"]+"/);
    expect(page.text).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
    const jsonLd = page.text.match(/<script type="application\/ld\+json">(.*?)<\/script>/g) ?? [];
    expect(jsonLd.some((script) => script.includes('"@type":"BlogPosting"'))).toBe(true);
  });
});

/** What a crawler reads of a page's head: its title, description and robots directive. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(head)?.[1],
    robots: /<meta name="robots" content="([^"]*)"/.exec(head)?.[1],
  };
}

describe("a 404 for an unknown slug", () => {
  it.each(["/post/nope", "/project/nope", "/service/nope"])(
    "%s has the catch-all 404 page's head: its title, description and noindex",
    async (path) => {
      const { app } = await buildTestApp();
      const catchAll = await request(app).get("/nope").set("User-Agent", googlebot);
      expect(catchAll.status).toBe(404);
      expect(headOf(catchAll.text)).toEqual({
        title: "Page not found | Gritstone",
        description: expect.stringMatching(/.+/),
        robots: "noindex",
      });
      for (const agent of [browser, googlebot]) {
        const page = await request(app).get(path).set("User-Agent", agent);
        expect(page.status).toBe(404);
        expect(page.text).toContain("404, page not found.");
        expect(headOf(page.text)).toEqual(headOf(catchAll.text));
        expect(page.text).not.toContain('rel="canonical"');
      }
    },
  );
});

describe("content pages and the source", () => {
  it("render an article from the store by slug, and the 404 page for an unknown slug", async () => {
    const { app } = await localApp();
    const res = await request(app).get("/post/alpha-launch").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h1>Alpha launch</h1>");
    const missing = await request(app).get("/post/no-such-post").set("User-Agent", googlebot);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("404, page not found.");
  });

  it("with the source down and nothing cached: the loading placeholder, 503 and Retry-After, never a 500", async () => {
    const { app } = await appWithSourceDown();
    const page = await request(app).get("/post/alpha-launch").set("User-Agent", googlebot);
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("30");
    expect(page.text).toContain('role="status"');
    expect(page.text).toContain("Loading...");
    expect(page.text).not.toContain("Unexpected Application Error!");
    const api = await request(app).post("/contentful/posts").send({ content_type: "homePage" });
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe("30");
    expect(api.body.status).toBe("fail");
  });

  it("with the source down and the answer cached: the stale page", async () => {
    const { app, services } = await buildTestApp({ env: { ...contentfulEnv(), CONTENT_TTL_SECONDS: "0" } });
    expect((await request(app).get("/post/alpha-launch").set("User-Agent", googlebot)).status).toBe(200);
    fixture.cda.failWith = 503;
    try {
      const res = await request(app).get("/post/alpha-launch").set("User-Agent", googlebot);
      expect(res.status).toBe(200);
      expect(res.text).toContain("<h1>Alpha launch</h1>");
      expect(services.content.stats().sourceErrors).toBeGreaterThan(0);
    } finally {
      fixture.cda.failWith = undefined;
    }
  }, 30_000);
});
