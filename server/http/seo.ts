import express, { type Router } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ContentType } from "../../src/shared/content/types.ts";
import type { SiteServices } from "../../src/shared/services.ts";
import { escapeMarkup } from "../lib/markup.ts";
import { type TagHeaderName, tagFile } from "./page-cache/tags.ts";

const contentRoutes: Record<string, { contentType: ContentType; dateField?: string }> = {
  "service/:slug": { contentType: "singleServices" },
  "post/:slug": { contentType: "blogPost", dateField: "blogPostDate" },
  "project/:slug": { contentType: "singleProject", dateField: "date" },
};

const privatePaths = ["/status", "/status.json", "/metrics", "/healthz", "/readyz"];

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** Parameterless routes' pages, less the operators' pages robots.txt keeps out of search. */
export function staticPaths(routes: ServerBuild["routes"]): string[] {
  const paths: string[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.id === "root") continue;
    if (route.index) paths.push("/");
    else if (route.path && !route.path.includes(":") && !route.path.includes("*")) paths.push(`/${route.path}`);
  }
  return paths.filter((path) => !privatePaths.includes(path)).sort();
}

export async function sitemapEntries(routes: ServerBuild["routes"], content: SiteServices["content"]) {
  const entries: SitemapEntry[] = staticPaths(routes).map((path) => ({ path }));
  const templates = Object.values(routes).flatMap((route) => (route?.path ? [route.path] : []));
  for (const template of templates) {
    const source = contentRoutes[template];
    if (!source) continue;
    const select = ["fields.slug", source.dateField && `fields.${source.dateField}`].filter(Boolean).join(",");
    const result = await content.getEntries<Record<string, unknown>>({ content_type: source.contentType, select });
    for (const entry of result.items) {
      const slug = entry.fields.slug;
      if (typeof slug !== "string" || slug === "") continue;
      const date = source.dateField ? entry.fields[source.dateField] : undefined;
      entries.push({
        path: `/${template.replace(":slug", encodeURIComponent(slug))}`,
        lastModified: typeof date === "string" ? date.slice(0, 10) : undefined,
      });
    }
  }
  return entries;
}

/** The sitemap's paths alone: the pages the page cache warms and knows exist. */
export async function sitemapPaths(routes: ServerBuild["routes"], content: SiteServices["content"]) {
  return (await sitemapEntries(routes, content)).map((entry) => entry.path);
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${escapeMarkup(entry.lastModified)}</lastmod>` : "";
    return `  <url><loc>${escapeMarkup(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function seoFiles(deps: {
  site: SiteServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  logger: Logger;
  tagHeader: TagHeaderName;
}): Router {
  const router = express.Router();
  const origin = deps.site.settings.siteUrl;
  router.get("/robots.txt", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain").send(robotsTxt(origin));
  });
  router.get("/sitemap.xml", async (_req, res) => {
    try {
      const build = typeof deps.build === "function" ? await deps.build() : deps.build;
      const entries = await sitemapEntries(build.routes, deps.site.content);
      tagFile(res, deps.tagHeader, "/sitemap.xml");
      res.set("Cache-Control", "public, max-age=3600").type("application/xml").send(sitemapXml(origin, entries));
    } catch (error) {
      // A partial sitemap would tell crawlers less than the truth; ask them to come back instead.
      deps.logger.warn({ err: error }, "sitemap: content unavailable");
      res.set("Retry-After", "60").status(503).type("text/plain").send("The sitemap is unavailable; try again soon.");
    }
  });
  return router;
}
