import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapEntries, sitemapXml, staticPaths } from "../../server/http/seo.ts";
import type { ContentQuery } from "../../src/shared/content/types.ts";

const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", index: true, parentId: "root" },
  "routes/about": { id: "routes/about", path: "about", parentId: "root" },
  "routes/post": { id: "routes/post", path: "post/:slug", parentId: "root" },
  "routes/project": { id: "routes/project", path: "project/:slug", parentId: "root" },
  "routes/not-found": { id: "routes/not-found", path: "*", parentId: "root" },
} as unknown as ServerBuild["routes"];

describe("robots.txt and sitemap.xml", () => {
  it("lists the route table's pages without parameters or the catch-all", () => {
    expect(staticPaths(routes)).toEqual(["/", "/about"]);
  });

  it("adds one URL per content slug, with its date where it has one", async () => {
    const queries: ContentQuery[] = [];
    const content = {
      async getEntries(query: ContentQuery) {
        queries.push(query);
        const items =
          query.content_type === "blogPost"
            ? [{ sys: { id: "1" }, fields: { slug: "hello & goodbye", blogPostDate: "2026-10-14T09:00:00Z" } }]
            : [
                { sys: { id: "2" }, fields: { slug: "adidas" } },
                { sys: { id: "3" }, fields: {} },
              ];
        return { items } as never;
      },
    };
    const entries = await sitemapEntries(routes, content);
    expect(entries).toEqual([
      { path: "/" },
      { path: "/about" },
      { path: "/post/hello%20%26%20goodbye", lastModified: "2026-10-14" },
      { path: "/project/adidas", lastModified: undefined },
    ]);
    expect(queries.map((q) => q.select)).toEqual(["fields.slug,fields.blogPostDate", "fields.slug,fields.date"]);
    const xml = sitemapXml("https://www.example.co.uk", entries);
    expect(xml).toContain(
      "<loc>https://www.example.co.uk/post/hello%20%26%20goodbye</loc><lastmod>2026-10-14</lastmod>",
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it("points crawlers at the sitemap and away from operator pages", () => {
    const robots = robotsTxt("https://www.example.co.uk");
    expect(robots).toContain("User-agent: *\nAllow: /");
    expect(robots).toContain("Disallow: /metrics");
    expect(robots).toContain("Sitemap: https://www.example.co.uk/sitemap.xml");
  });
});
