import type { RequestHandler } from "express";
import { collectDefaultMetrics, Gauge, Histogram, type Registry } from "prom-client";
import { operatorPaths } from "../http/endpoints.ts";
import type { MeasureStep } from "../http/pages.ts";
import { pathOf } from "../lib/request-path.ts";
import type { RouteLabeler } from "../lib/route-labels.ts";
import { secretMatches } from "../lib/secrets.ts";
import type { BuildInfo } from "./status.ts";

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface HttpMetrics {
  duration: Histogram<"method" | "route" | "status_code">;
  inFlight: Gauge;
}

export function registerOpsMetrics(registry: Registry, build: BuildInfo): HttpMetrics {
  collectDefaultMetrics({ register: registry });

  const buildInfo = new Gauge({
    name: "site_build_info",
    help: "The running build: version and commit; always 1.",
    labelNames: ["version", "commit"],
    registers: [registry],
  });
  buildInfo.set({ version: build.version, commit: build.commit ?? "unknown" }, 1);

  return {
    duration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by method, route template and status code.",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: "http_requests_in_flight",
      help: "Requests being answered right now.",
      registers: [registry],
    }),
  };
}

/** Labelled by route template once the response is done. */
export function requestMetrics(metrics: HttpMetrics, routes: RouteLabeler): MeasureStep {
  return (req, res, next) => {
    if (operatorPaths.has(pathOf(req.url ?? ""))) {
      next();
      return;
    }
    const stopTimer = metrics.duration.startTimer();
    metrics.inFlight.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      metrics.inFlight.dec();
      // A response cut off before it finished (client gone, stream aborted) counts as 499, as nginx does.
      const status = res.writableFinished ? String(res.statusCode) : "499";
      const method = knownMethods.has(req.method ?? "") ? (req.method as string) : "OTHER";
      stopTimer({ method, route: routes.label(req, res), status_code: status });
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}

export function metricsEndpoint(registry: Registry, token: string | undefined): RequestHandler {
  return async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (token) {
      const given = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim();
      if (!secretMatches(given, token)) {
        res
          .status(401)
          .set("WWW-Authenticate", `Bearer realm="metrics"${given ? ', error="invalid_token"' : ""}`)
          .type("text/plain")
          .send("A bearer token is required for /metrics.");
        return;
      }
    }
    try {
      const body = await registry.metrics();
      res.type(registry.contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
