import express, { type RequestHandler, type Router } from "express";
import type { Registry } from "prom-client";
import type { MeasureStep } from "../http/pages.ts";
import type { RouteLabeler } from "../lib/route-labels.ts";
import { metricsEndpoint, requestMetrics } from "./metrics.ts";
import type { Ops } from "./ops.ts";

/** First in the app: once shutdown has begun, every client is asked to close its connection so the server can drain. */
export function opsMiddleware(ops: Ops, routes: RouteLabeler): MeasureStep[] {
  const closeWhenStopping: MeasureStep = (_req, res, next) => {
    if (ops.shuttingDown) res.setHeader("Connection", "close");
    next();
  };
  return [closeWhenStopping, requestMetrics(ops.httpMetrics, routes)];
}

/** The /status page itself is a route module. */
export function opsRoutes(ops: Ops, registry: Registry, options: { metricsToken?: string }): Router {
  const router = express.Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  };

  // Liveness: the process answers; nothing else (a failing dependency must not get it restarted).
  router.get("/healthz", noStore, (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/readyz", noStore, async (_req, res, next) => {
    try {
      const report = await ops.readiness.report();
      res.status(report.status === "ready" ? 200 : 503).json(report);
    } catch (error) {
      next(error);
    }
  });

  router.get("/metrics", metricsEndpoint(registry, options.metricsToken));

  router.get("/status.json", noStore, async (_req, res, next) => {
    try {
      res.json(await ops.status());
    } catch (error) {
      next(error);
    }
  });

  return router;
}
