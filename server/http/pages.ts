import type { RequestListener, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import type express from "express";
import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { listingCategories, listingPages } from "../../src/shared/content/categories.ts";
import type { ContentReader } from "../../src/shared/content/types.ts";
import { categoryQuery, readQuery } from "../../src/shared/page-queries.ts";
import type { SiteServices } from "../../src/shared/services.ts";
import type { Config, TrustProxy } from "../config.ts";
import type { PreviewCookie } from "../lib/preview-cookie.ts";
import type { LabelledRequest, RouteLabeler } from "../lib/route-labels.ts";
import type { Services } from "../services.ts";
import { replayBody } from "./body.ts";
import { knownPages } from "./page-cache/known-pages.ts";
import { sharedRender } from "./page-cache/render.ts";
import { planTags } from "./page-cache/tags.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import type { RenderLimit } from "./render-limit.ts";
import { requestLineFine } from "./request-line.ts";
import { sitemapPaths } from "./seo.ts";

/** In development, a loader that asks Vite for the current build. */
export type Build = ServerBuild | (() => Promise<ServerBuild>);

/** Production only, so edits show at once in development. */
export function pageCache(
  { config, logger, services, build }: { config: Config; logger: Logger; services: Services; build: Build },
  routes: RouteLabeler,
  site: SiteServices,
  renders: RenderLimit,
  preview: PreviewCookie,
): PageCache | undefined {
  if (typeof build === "function" || !config.isProduction) return undefined;
  if (config.CONTENT_TTL_SECONDS === 0 || config.PAGE_CACHE_MB === 0) return undefined;
  const pages = knownPages({
    load: async () => [...(await sitemapPaths(build.routes, site.content)), ...(await categoryPaths(site.content))],
    routeOf: (path) => routes.page(path),
    logger,
  });
  const cache = createPageCache({
    render: sharedRender(build, site, renders, config.NODE_ENV),
    origin: config.SITE_URL,
    ttlSeconds: config.CONTENT_TTL_SECONDS,
    maxBytes: Math.round(config.PAGE_CACHE_MB * 1024 * 1024),
    consentVaries: Boolean(config.ANALYTICS_ID),
    routeOf: (path) => routes.page(path),
    routeIds: (path) => routes.ids(path),
    pageExists: pages.exists,
    preview,
    tagHeader: config.CACHE_TAG_HEADER,
    metrics: services.metrics,
    logger,
  });
  services.onPurge((plan) => {
    void pages.purged();
    return cache.purge(planTags(plan));
  });
  return cache;
}

/** Each list page with each category its filter offers, its query spelt as the page cache's key spells it. */
async function categoryPaths(content: ContentReader): Promise<string[]> {
  const lists = await Promise.all(
    Object.entries(listingPages).map(async ([path, listing]) =>
      (await listingCategories(content, listing)).map(
        (category) => `${path}?${readQuery(path, new URLSearchParams({ [categoryQuery]: category }).toString())}`,
      ),
    ),
  );
  return lists.flat();
}

/** On Node's own request and response, so a step runs the same in the app and before it, for a stored page. */
export type MeasureStep = (
  req: LabelledRequest,
  res: ServerResponse & { locals: Record<string, unknown> },
  next: () => void,
) => void;

// A copy held now is answered before Express sees it, after the same measure steps: a hit skips Express's per-request
// setup and router.
export function storedPagesFirst(app: Express, pages: PageCache, measure: readonly MeasureStep[]): RequestListener {
  const trust = app.get("trust proxy fn") as TrustProxy;
  return (req, res) => {
    const response = Object.assign(res, { locals: Object.create(null) as Record<string, unknown> });
    let found: ReturnType<PageCache["stored"]>;
    try {
      found = requestLineFine(req, trust) ? pages.stored(req, response) : undefined;
    } catch {
      // Outside Express nothing would catch it: the app asks again, and its error phase answers and logs it.
      found = undefined;
    }
    if (!found) {
      app(req, res);
      return;
    }
    for (const step of measure) step(req, response, noNext);
    pages.answer(req, response, found);
  };
}

const noNext = () => {};

export function routerHandler(
  build: Build,
  routes: RouteLabeler,
  loadContext: (build: ServerBuild, res: express.Response) => RouterContextProvider,
  mode: string,
): RequestHandler {
  if (typeof build !== "function") {
    const handler = createRequestHandler({ build, mode, getLoadContext: (_req, res) => loadContext(build, res) });
    return (req, res, next) => handler(replayBody(req), res, next);
  }
  return async (req, res, next) => {
    try {
      const current = await build();
      routes.use(current.routes);
      const handler = createRequestHandler({
        build: current,
        mode,
        getLoadContext: (_req, res) => loadContext(current, res),
      });
      await handler(replayBody(req), res, next);
    } catch (error) {
      next(error);
    }
  };
}
