import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";

/**
 * The sample site as a crawler meets it: from the home page, every internal link, image and stylesheet the
 * server-rendered HTML names answers (pages 200, redirects to a page that answers), so no page links to a slug
 * the store lacks. A store image is fetched at the first size a page asks of it (`?w=`), not at every size: the
 * resizer's own tests (tests/integration/image-sizes.test.ts) cover its sizes, and resizing each image at every
 * width one after another is most of a crawl's time.
 */

const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let app: Awaited<ReturnType<typeof buildTestApp>>["app"];

beforeAll(async () => {
  ({ app } = await buildTestApp({ env: { CONTENT_RATE_LIMIT: "100000" } }));
});

function decode(value: string) {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Same-site URLs in an HTML document: links, images (src and srcset), stylesheets, preloads. */
function internalUrls(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) found.add(decode(match[1] ?? ""));
  for (const match of html.matchAll(/\s(?:srcset|imageSrcSet|imagesrcset)="([^"]+)"/g)) {
    for (const candidate of decode(match[1] ?? "").split(",")) found.add(candidate.trim().split(/\s+/)[0] ?? "");
  }
  return [...found]
    .filter((url) => url.startsWith("/") && !url.startsWith("//"))
    .map((url) => url.replace(/#.*$/, ""))
    .filter((url) => url !== "");
}

describe("every internal link on the sample site", () => {
  it("answers, page after page, from the home page down", async () => {
    const pages = ["/"];
    const seen = new Set(pages);
    const broken: string[] = [];
    let crawled = 0;
    while (pages.length > 0) {
      const url = pages.shift() as string;
      let res = await request(app).get(url).set("User-Agent", crawler);
      if ([301, 302, 308].includes(res.status)) {
        res = await request(app)
          .get(res.headers.location as string)
          .set("User-Agent", crawler);
      }
      if (res.status !== 200) {
        broken.push(`${url} → ${res.status}`);
        continue;
      }
      if (!String(res.headers["content-type"]).startsWith("text/html")) continue;
      crawled++;
      for (const next of internalUrls(res.text)) {
        const stored = /^\/content\/images\/[^?]+/.exec(next)?.[0];
        if (seen.has(next) || (stored && seen.has(stored))) continue;
        seen.add(next);
        if (stored) seen.add(stored);
        pages.push(next);
      }
    }
    expect(broken).toEqual([]);
    // The spec's pages, the 14 projects, 13 services and 10 articles at least.
    expect(crawled).toBeGreaterThan(40);
  }, 240_000);

  it("includes every page of the sitemap, each answering 200", async () => {
    const sitemap = await request(app).get("/sitemap.xml").expect(200);
    const paths = [...sitemap.text.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1] || "/");
    expect(paths.filter((path) => path.startsWith("/post/"))).toHaveLength(10);
    expect(paths.filter((path) => path.startsWith("/project/"))).toHaveLength(14);
    expect(paths.filter((path) => path.startsWith("/service/"))).toHaveLength(13);
    for (const path of paths) {
      const res = await request(app).get(path).set("User-Agent", crawler);
      expect(`${path} ${res.status}`).toBe(`${path} 200`);
    }
  });
});
