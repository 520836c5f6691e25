import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { analyticsMayLoad, analyticsProvider } from "../src/lib/consent.ts";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";
import { contentImages, contentRoutes, contentWebhook } from "./content/routes.ts";
import { enquiryRoutes } from "./enquiries/routes.ts";
import { bodyErrors, fail, limitDeclaredBody, postRateLimit } from "./http/limits.ts";
import { requestLogger } from "./http/logging.ts";
import { legacyRedirects } from "./http/redirects.ts";
import { cspNonce, securityHeaders } from "./http/security.ts";
import { seoFiles } from "./http/seo.ts";
import { staticFiles } from "./http/static.ts";
import { RouteLabeler } from "./ops/route-label.ts";
import { opsMiddleware, opsRoutes } from "./ops/router.ts";
import { pageStylesheets } from "./page-styles.ts";
import type { Services } from "./services.ts";

type CreateLoadContext = (services: SiteServices, nonce: string) => RouterContextProvider;

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
  const site = deps.clientDir ? { ...services.site, pageStyles: pageStylesheets(deps.clientDir) } : services.site;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  // Request metrics first, so every answer below is timed and labelled by its route template.
  const routes = new RouteLabeler(typeof deps.build === "function" ? undefined : deps.build.routes);
  app.use(opsMiddleware(services.ops, routes));
  app.use(requestLogger(logger));
  app.use(
    cspNonce,
    securityHeaders({
      isProduction: config.isProduction,
      imageOrigins: [...services.content.imageOrigins],
      analytics: {
        origins: [analyticsProvider.origin],
        allowed: (req) => analyticsMayLoad(config.ANALYTICS_ID, req.headers.cookie),
      },
    }),
  );
  app.use(compression());
  app.use(legacyRedirects);

  app.use(opsRoutes(services.ops, services.metrics, { metricsToken: config.METRICS_TOKEN }));

  // Before the POST limits: Contentful's payload may exceed them, and the webhook never reads it.
  app.post(
    "/contentful/webhook",
    contentWebhook({ content: services.content, secret: config.CONTENTFUL_WEBHOOK_SECRET, logger }),
  );
  app.post(
    /.*/,
    postRateLimit({
      contactPer15Minutes: config.CONTACT_RATE_LIMIT,
      contentPerMinute: config.CONTENT_RATE_LIMIT,
      store: services.rateLimitStores,
    }),
    limitDeclaredBody,
  );
  app.use(contentRoutes(services.content));
  app.use(enquiryRoutes(services.site.enquiries));
  app.use(bodyErrors);
  app.use(contentImages(config.CONTENT_DIR, logger));

  if (deps.devMiddleware) app.use(deps.devMiddleware);
  if (deps.clientDir) app.use(staticFiles(deps.clientDir));
  app.use(seoFiles({ site: services.site, build: deps.build, logger }));

  app.all(
    /.*/,
    routerHandler(
      deps.build,
      routes,
      (build, res) => {
        const create = (build.entry.module as { createLoadContext?: CreateLoadContext }).createLoadContext;
        if (!create) throw new Error("The server build does not export createLoadContext from entry.server");
        return create(site, res.locals.cspNonce as string);
      },
      config.NODE_ENV,
    ),
  );

  app.use(errorHandler(logger));
  return app;
}

function routerHandler(
  build: AppDeps["build"],
  routes: RouteLabeler,
  loadContext: (build: ServerBuild, res: express.Response) => RouterContextProvider,
  mode: string,
): RequestHandler {
  if (typeof build !== "function") {
    return createRequestHandler({ build, mode, getLoadContext: (_req, res) => loadContext(build, res) });
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
      await handler(req, res, next);
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
      res.status(status).type("text/plain").send("Bad request");
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
