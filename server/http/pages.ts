import type { RequestListener } from "node:http";
import { createRequestHandler } from "@react-router/express";
import type express from "express";
import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { SiteServices } from "../../src/services.ts";
import type { Config } from "../config.ts";
import type { MeasureStep } from "../ops/metrics.ts";
import type { Services } from "../services.ts";
import { replayBody } from "./body.ts";
import { knownPages } from "./page-cache/known-pages.ts";
import { sharedRender } from "./page-cache/render.ts";
import type { RouteLabeler } from "./page-cache/routes.ts";
import { planTags } from "./page-cache/tags.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import type { RenderLimit } from "./render-limit.ts";
import { requestLineFine, type TrustProxy } from "./request-line.ts";
import { sitemapPaths } from "./seo.ts";

/** The React Router server build; in development a loader that asks Vite for the current one. */
export type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * The anonymous-page cache, in production only (development renders every request, so edits show at once);
 * its pages live as long as the content they show (CONTENT_TTL_SECONDS, 0 meaning no cache) and PAGE_CACHE_MB
 * bounds its memory. A purge reaches it and the list of pages it knows.
 */
export function pageCache(
  { config, logger, services, build }: { config: Config; logger: Logger; services: Services; build: Build },
  routes: RouteLabeler,
  site: SiteServices,
  renders: RenderLimit,
): PageCache | undefined {
  if (typeof build === "function" || !config.isProduction) return undefined;
  if (config.CONTENT_TTL_SECONDS === 0 || config.PAGE_CACHE_MB === 0) return undefined;
  const pages = knownPages({
    load: () => sitemapPaths(build.routes, site.content),
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
    pageExists: pages.exists,
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

/**
 * In front of the Express app: a request the page cache holds a copy for now, and that the request-line check would
 * pass as it is, takes the measure steps (metrics, the log line) and is answered from the copy before Express sees
 * it, as the app's first two phases would answer it; everything else goes to the app. A hit then costs no more than
 * those phases, without Express's per-request setup and router.
 */
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

/** React Router's request handler, given the POST body already read, with the load context for each request. */
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
