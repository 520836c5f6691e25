import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { analyticsMayLoad, analyticsProvider } from "../src/lib/consent.ts";
import { buildLoadContext } from "../src/lib/router-protocol.ts";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";
import { newsFeed } from "./content/feed.ts";
import { createPreview, isPreview } from "./content/preview.ts";
import { contentImages, contentRoutes } from "./content/routes.ts";
import { contentWebhook } from "./content/webhook.ts";
import { enquiryRoutes } from "./enquiries/routes.ts";
import { readBody, replayBody } from "./http/body.ts";
import { requestLogger } from "./http/logging.ts";
import { knownPages } from "./http/page-cache/known-pages.ts";
import { sharedRender } from "./http/page-cache/render.ts";
import { RouteLabeler, unmatchedRoute } from "./http/page-cache/routes.ts";
import { type WarmOptions, warmPages } from "./http/page-cache/warm.ts";
import { createPageCache, noStoreForWrites, type PageCache } from "./http/page-cache.ts";
import { postRateLimit } from "./http/rate-limits.ts";
import { legacyRedirects } from "./http/redirects.ts";
import { fail, sendFail } from "./http/refusals.ts";
import { type RenderLimit, renderLimit } from "./http/render-limit.ts";
import { checkMethod, checkRequestLine } from "./http/request-line.ts";
import { cspNonce, sameOrigin, securityHeaders } from "./http/security.ts";
import { seoFiles, sitemapPaths } from "./http/seo.ts";
import { staticFiles } from "./http/static.ts";
import { cspReportEndpoint, cspReportPath } from "./ops/csp-reports.ts";
import { opsMiddleware, opsRoutes } from "./ops/router.ts";
import { vitalsEndpoint, vitalsPath } from "./ops/vitals.ts";
import { pageStylesheets } from "./page-styles.ts";
import type { Services } from "./services.ts";

export interface AppDeps {
  config: Config;
  logger: Logger;
  services: Services;
  /** The React Router server build; in development a loader that asks Vite for the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The production build's client folder (served as static files); absent in development. */
  clientDir?: string;
  /** Vite's middleware in development. */
  devMiddleware?: RequestHandler;
}

/** The Express app: transport only (logging, headers, limits, static files); pages belong to React Router. */
export function createApp(deps: AppDeps) {
  const { config, logger, services } = deps;
  // With a production build, documents carry their page's CSS inline (server/page-styles.ts).
  // Pages carry their stylesheets inline (decision 0125): the production build's, read once here.
  const pageStyles = deps.clientDir ? pageStylesheets(deps.clientDir) : undefined;
  const withStyles = (site: SiteServices): SiteServices => (pageStyles ? { ...site, pageStyles } : site);
  const site = withStyles(services.site);
  const previewSite = services.preview ? withStyles(services.preview.site) : undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  // Request metrics first, so every answer below is timed and labelled by its route template.
  const routes = new RouteLabeler(typeof deps.build === "function" ? undefined : deps.build.routes);
  app.use(opsMiddleware(services.ops, routes));
  app.use(requestLogger(logger));
  app.use(checkRequestLine);
  const renders = renderLimit({
    concurrency: config.PAGE_RENDER_CONCURRENCY,
    queue: config.PAGE_RENDER_QUEUE,
    metrics: services.metrics,
    logger,
  });
  const pages = pageCache(deps, routes, site, renders);
  // A stored page replays the headers of the response that rendered it (docs/decisions/0120), gzip and brotli
  // copies included, so it is answered before the security headers and compression.
  if (pages) app.use(pages.hit);
  app.use(noStoreForWrites);
  const preview =
    services.preview && config.PREVIEW_SECRET
      ? createPreview({
          secret: config.PREVIEW_SECRET,
          secure: config.isProduction,
          async isPage(pathname) {
            // In development the route table comes from the build Vite has now.
            if (typeof deps.build === "function") routes.use((await deps.build()).routes);
            return routes.page(pathname) !== unmatchedRoute;
          },
          logger,
        })
      : undefined;
  // Before the security headers, which let Contentful's web app (LIVE_PREVIEW_ORIGINS) frame a preview and nothing
  // else.
  if (preview) app.use(preview.session);
  app.use(
    cspNonce,
    securityHeaders({
      isProduction: config.isProduction,
      siteUrl: config.SITE_URL,
      imageOrigins: [...services.content.imageOrigins],
      analytics: {
        origins: [analyticsProvider.origin],
        allowed: (req) => analyticsMayLoad(config.ANALYTICS_ID, req.headers.cookie),
      },
      framing: { origins: config.LIVE_PREVIEW_ORIGINS, allowed: (res) => isPreview(res as express.Response) },
    }),
  );
  app.use(compression());
  app.use(legacyRedirects);
  if (preview) app.use(preview.routes);

  app.use(opsRoutes(services.ops, services.metrics, { metricsToken: config.METRICS_TOKEN }));

  // Before the POST limits: Contentful's payload may exceed them; the webhook reads it with a limit of its own.
  app.post(
    "/contentful/webhook",
    contentWebhook({
      content: services.content,
      purge: services.purge,
      secret: config.CONTENTFUL_WEBHOOK_SECRET,
      signingSecret: config.CONTENTFUL_WEBHOOK_SIGNING_SECRET,
      logger,
    }),
  );
  app.post(
    /.*/,
    postRateLimit({
      contactPer15Minutes: config.CONTACT_RATE_LIMIT,
      contentPerMinute: config.CONTENT_RATE_LIMIT,
      store: services.rateLimitStores,
    }),
  );
  // What browsers report (decision 0195): sent by the browser itself, so not held to the forms' Origin check.
  app.post(vitalsPath, readBody, vitalsEndpoint(services.ops.vitals, routes));
  app.post(cspReportPath, readBody, cspReportEndpoint(services.ops.cspViolations, routes, logger));
  app.post(/.*/, sameOrigin, readBody);
  app.use(contentRoutes(services.content));
  app.use(enquiryRoutes(services.site.enquiries));
  app.use(
    contentImages({
      contentDir: config.CONTENT_DIR,
      dataDir: config.DATA_DIR,
      logger,
      metrics: services.metrics,
      limits: {
        concurrency: config.IMAGE_RESIZE_CONCURRENCY,
        queue: config.IMAGE_RESIZE_QUEUE,
        memoryBytes: config.IMAGE_MEMORY_CACHE_MB * 1024 * 1024,
        diskBytes: config.IMAGE_DISK_CACHE_MB * 1024 * 1024,
      },
    }),
  );

  if (deps.devMiddleware) app.use(deps.devMiddleware);
  if (deps.clientDir) app.use(staticFiles(deps.clientDir));
  app.use(newsFeed({ content: services.content, siteUrl: services.site.settings.siteUrl, logger }));
  app.use(seoFiles({ site: services.site, build: deps.build, logger }));

  if (pages) app.use(pages.miss);
  app.all(
    /.*/,
    checkMethod,
    renders.middleware,
    routerHandler(
      deps.build,
      routes,
      (build, res) => {
        // A preview request's pages read drafts through the preview services, never the anonymous cache.
        const services = isPreview(res) && previewSite ? previewSite : site;
        return buildLoadContext(build)(services, res.locals.cspNonce as string);
      },
      config.NODE_ENV,
    ),
  );

  app.use(errorHandler(logger));
  return Object.assign(app, {
    /**
     * Stores every page of the sitemap (warm.ts), asking for each with `get`; resolves at once without a page
     * cache. The caller holds readiness until it settles.
     */
    warmPageCache: (get: WarmOptions["get"]) =>
      pages
        ? warmPages({
            paths: () => sitemapPaths((deps.build as ServerBuild).routes, site.content),
            get,
            logger,
          })
        : Promise.resolve(),
  });
}

/**
 * The anonymous-page cache, in production only (development renders every request, so edits show at once);
 * its pages live as long as the content they show (CONTENT_TTL_SECONDS, 0 meaning no cache) and PAGE_CACHE_MB
 * bounds its memory. A purge reaches it and the list of pages it knows.
 */
function pageCache(
  { config, logger, services, build }: AppDeps,
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
    metrics: services.metrics,
    logger,
  });
  services.onPurge((plan) => {
    void pages.purged();
    cache.purge(plan.paths);
  });
  return cache;
}

function routerHandler(
  build: AppDeps["build"],
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

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = Number((error as { status?: number }).status ?? (error as { statusCode?: number }).statusCode);
    // Static files answer a path that climbs out of their folder with 403: say 404, as for any missing file.
    if (status === 404 || status === 403) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (status >= 400 && status < 500 && !res.headersSent) {
      if (req.method === "POST")
        sendFail(req, res, status, "The request could not be read. Please check it and try again.");
      else res.status(status).set("Cache-Control", "no-store").type("text/plain").send("Bad request");
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, "unhandled error");
    if (res.headersSent) {
      res.end();
      return;
    }
    if (req.method === "POST") {
      res.status(500).json(fail("Something went wrong on our side. Please try again in a moment."));
    } else {
      res.status(500).type("text/plain").send("Something went wrong on our side. Please try again in a moment.");
    }
  };
}
