import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { analyticsMayLoad, analyticsProvider } from "../src/shared/consent.ts";
import { isPrivatePage } from "../src/shared/page-prefetch.ts";
import { cspReportPath } from "../src/shared/report-paths.ts";
import { buildLoadContext } from "../src/shared/router-protocol.ts";
import type { SiteServices } from "../src/shared/services.ts";
import type { Config } from "./config.ts";
import { newsFeed } from "./content/feed.ts";
import { createPreview, isPreview } from "./content/preview.ts";
import { contentImages, contentRoutes } from "./content/routes.ts";
import { contentWebhook } from "./content/webhook.ts";
import { enquiryRoutes } from "./enquiries/routes.ts";
import { readBody } from "./http/body.ts";
import { endpointOf } from "./http/endpoints.ts";
import { requestLogger } from "./http/logging.ts";
import { type WarmOptions, warmPages } from "./http/page-cache/warm.ts";
import { noStoreForWrites } from "./http/page-cache.ts";
import { type Build, pageCache, routerHandler, storedPagesFirst } from "./http/pages.ts";
import { postRateLimit } from "./http/rate-limits.ts";
import { legacyRedirects } from "./http/redirects.ts";
import { errorHandler } from "./http/refusals.ts";
import { renderLimit } from "./http/render-limit.ts";
import { answerOptions, checkMethod, checkRequestLine } from "./http/request-line.ts";
import { cspNonce, sameOrigin, securityHeaders } from "./http/security.ts";
import { seoFiles, sitemapPaths } from "./http/seo.ts";
import { createHttpServer } from "./http/server.ts";
import { staticFiles } from "./http/static.ts";
import { previewCookieOf } from "./lib/preview-cookie.ts";
import { RouteLabeler, unmatchedRoute } from "./lib/route-labels.ts";
import { cspReportEndpoint } from "./ops/csp-reports.ts";
import { opsMiddleware, opsRoutes } from "./ops/router.ts";
import { vitalsEndpoint, vitalsPath } from "./ops/vitals.ts";
import { pageStylesheets } from "./page-styles.ts";
import type { Services } from "./services.ts";

export interface AppDeps {
  config: Config;
  logger: Logger;
  services: Services;
  build: Build;
  clientDir?: string;
  devMiddleware?: RequestHandler;
}

// The app is transport only; pages belong to React Router. A request meets the phases below in order (see
// docs/architecture.md); in production a stored copy is answered in front of them all, as phases 1 and 2 would.
export function createApp(deps: AppDeps) {
  const { config, logger, services } = deps;
  const { site, previewSite } = withPageStyles(deps);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  const routes = new RouteLabeler(typeof deps.build === "function" ? undefined : deps.build.routes);
  const renders = renderLimit({
    concurrency: config.PAGE_RENDER_CONCURRENCY,
    queue: config.PAGE_RENDER_QUEUE,
    metrics: services.metrics,
    logger,
    isPrivate: (req) => isPrivatePage(routes.page(req.path)),
  });
  const preview = previewOf(deps, routes);
  // Without preview no preview cookie is valid: a stray one is cleared and the visitor gets the stored page.
  const previewCookie = preview?.cookie ?? previewCookieOf({ secure: config.isProduction });
  const pages = pageCache(deps, routes, site, renders, previewCookie);

  // 1. measure: every answer below is timed and labelled by its route template, and logged.
  const measure = [...opsMiddleware(services.ops, routes), requestLogger(logger)];
  app.use(measure, checkRequestLine);

  // 2. stored page.
  if (pages) app.use(pages.hit);

  // 3. headers. Preview's session first: the security headers let Contentful frame a preview and nothing else.
  app.use(noStoreForWrites);
  if (preview) app.use(preview.session);
  app.use(cspNonce, securityHeadersOf(deps), compression());

  // 4. redirects and operators, and OPTIONS before any router can answer it.
  app.use(answerOptions, legacyRedirects);
  if (preview) app.use(preview.routes);
  app.use(opsRoutes(services.ops, services.metrics, { metricsToken: config.METRICS_TOKEN }));

  // 5. posts. The webhook reads its own payload (it may exceed the body limit), so it goes before the body reader.
  app.use(posts(deps));

  // 6. endpoints.
  app.post(vitalsPath, vitalsEndpoint(services.ops.vitals, routes));
  app.post(cspReportPath, cspReportEndpoint(services.ops.cspViolations, routes, logger));
  app.use(contentRoutes(services.content), enquiryRoutes(services.site.enquiries), images(deps));

  // 7. files.
  if (deps.devMiddleware) app.use(deps.devMiddleware);
  if (deps.clientDir) app.use(staticFiles(deps.clientDir));
  const tagHeader = config.CACHE_TAG_HEADER;
  app.use(newsFeed({ content: services.content, siteUrl: services.site.settings.siteUrl, logger, tagHeader }));
  app.use(seoFiles({ site: services.site, build: deps.build, logger, tagHeader }));

  // 8. pages.
  if (pages) app.use(pages.miss);
  app.all(/.*/, checkMethod, renders.middleware, renderPages(deps, routes, site, previewSite));

  // 9. errors.
  app.use(errorHandler(logger));
  // 0. in front of all of it: a stored copy, timed, logged and answered as phases 1 and 2 would.
  const listener = pages ? storedPagesFirst(app, pages, measure) : app;
  return Object.assign(listener, {
    listen: (port: number, host: string) => createHttpServer(listener).listen(port, host),
    /** Resolves at once without a page cache; the caller holds readiness until it settles. */
    warmPageCache: (get: WarmOptions["get"]) =>
      pages
        ? warmPages({
            paths: async () =>
              (await sitemapPaths((deps.build as ServerBuild).routes, site.content)).filter((path) =>
                pages.keeps(path),
              ),
            get,
            logger,
          })
        : Promise.resolve(),
  });
}

// Pages inline the production build's stylesheets, read once here.
function withPageStyles({ clientDir, services }: AppDeps) {
  const pageStyles = clientDir ? pageStylesheets(clientDir) : undefined;
  const withStyles = (site: SiteServices): SiteServices => (pageStyles ? { ...site, pageStyles } : site);
  return {
    site: withStyles(services.site),
    previewSite: services.preview ? withStyles(services.preview.site) : undefined,
  };
}

function securityHeadersOf({ config, services }: AppDeps) {
  return securityHeaders({
    isProduction: config.isProduction,
    siteUrl: config.SITE_URL,
    imageOrigins: [...services.content.imageOrigins],
    analytics: {
      origins: [analyticsProvider.origin],
      allowed: (req) => analyticsMayLoad(config.ANALYTICS_ID, req.headers.cookie),
    },
    framing: { origins: config.LIVE_PREVIEW_ORIGINS, allowed: (res) => isPreview(res as express.Response) },
  });
}

function renderPages(deps: AppDeps, routes: RouteLabeler, site: SiteServices, previewSite: SiteServices | undefined) {
  return routerHandler(
    deps.build,
    routes,
    (build, res) => {
      // A preview request's pages read drafts through the preview services, never the anonymous cache.
      const services = isPreview(res) && previewSite ? previewSite : site;
      return buildLoadContext(build)(services, res.locals.cspNonce as string);
    },
    deps.config.NODE_ENV,
  );
}

function posts({ config, logger, services }: AppDeps): express.Router {
  const router = express.Router();
  router.post(
    /.*/,
    postRateLimit({
      contactPer15Minutes: config.CONTACT_RATE_LIMIT,
      contentPerMinute: config.CONTENT_RATE_LIMIT,
      store: services.rateLimitStores,
    }),
  );
  router.post(
    "/contentful/webhook",
    contentWebhook({
      content: services.content,
      publishes: services.publishes,
      secret: config.CONTENTFUL_WEBHOOK_SECRET,
      signingSecret: config.CONTENTFUL_WEBHOOK_SIGNING_SECRET,
      signatures: services.claims("webhook-signature:"),
      logger,
    }),
  );
  router.post(/.*/, sameOriginWhereAsked, readBody);
  return router;
}

function images({ config, logger, services }: AppDeps) {
  return contentImages({
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
  });
}

/** Except where the endpoint table says otherwise (browsers' reports). */
const sameOriginWhereAsked: RequestHandler = (req, res, next) => {
  if (endpointOf(req.path).sameOrigin) sameOrigin(req, res, next);
  else next();
};

function previewOf({ config, logger, services, build }: AppDeps, routes: RouteLabeler) {
  if (!services.preview || !config.PREVIEW_SECRET) return undefined;
  return createPreview({
    secret: config.PREVIEW_SECRET,
    secure: config.isProduction,
    async isPage(pathname) {
      // In development the route table comes from the build Vite has now.
      if (typeof build === "function") routes.use((await build()).routes);
      return routes.page(pathname) !== unmatchedRoute;
    },
    logger,
  });
}
