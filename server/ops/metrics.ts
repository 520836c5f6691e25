import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Gauge, Histogram, type Registry } from "prom-client";
import type { RouteLabeler } from "./route-label.ts";
import type { BuildInfo, StatusSources } from "./status.ts";

/** Operator endpoints stay out of the request metrics: probes and scrapes would drown the visitors' figures. */
export const operatorPaths = new Set(["/metrics", "/healthz", "/readyz"]);

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface HttpMetrics {
  duration: Histogram<"method" | "route" | "status_code">;
  inFlight: Gauge;
}

/**
 * Registers this module's metrics once per registry: process defaults, request duration and in-flight, build
 * info, and gauges read from the services' own figures when the status page's sources are given.
 */
export function registerOpsMetrics(registry: Registry, build: BuildInfo, sources: StatusSources): HttpMetrics {
  collectDefaultMetrics({ register: registry });

  const buildInfo = new Gauge({
    name: "site_build_info",
    help: "The running build: version and commit; always 1.",
    labelNames: ["version", "commit"],
    registers: [registry],
  });
  buildInfo.set({ version: build.version, commit: build.commit ?? "unknown" }, 1);

  const { content, mail } = sources;
  if (content) {
    gaugeFrom(
      registry,
      "site_content_last_refresh_timestamp_seconds",
      "When the content source last answered a refresh (Unix seconds).",
      async () => {
        const at = (await content.stats()).lastRefreshAt;
        return at ? at.getTime() / 1000 : undefined;
      },
    );
  }
  if (mail) {
    gaugeFrom(
      registry,
      "site_outbox_pending_enquiries",
      "Enquiries in the outbox waiting to be delivered.",
      async () => (await mail.stats()).pending,
    );
    gaugeFrom(
      registry,
      "site_outbox_oldest_pending_seconds",
      "Age of the oldest enquiry waiting in the outbox (0 when none).",
      async () => (await mail.stats()).oldestPendingSeconds ?? 0,
    );
    gaugeFrom(
      registry,
      "site_mail_last_delivery_timestamp_seconds",
      "When an enquiry was last handed to the mail server (Unix seconds).",
      async () => {
        const at = (await mail.stats()).lastDeliveryAt;
        return at ? at.getTime() / 1000 : undefined;
      },
    );
  }

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

/** A gauge read at scrape time; skipped when a service already registered the same name itself. */
function gaugeFrom(registry: Registry, name: string, help: string, read: () => Promise<number | undefined>) {
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        const value = await read();
        if (value === undefined) this.reset();
        else this.set(value);
      } catch {
        // The status page logs unavailable figures; a scrape just leaves the gauge out.
        this.reset();
      }
    },
  });
}

/** Times every request but the operator endpoints, labelled by route template once the response is done. */
export function requestMetrics(metrics: HttpMetrics, routes: RouteLabeler): RequestHandler {
  return (req, res, next) => {
    if (operatorPaths.has(req.path)) {
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
      const method = knownMethods.has(req.method) ? req.method : "OTHER";
      stopTimer({ method, route: routes.label(req, res), status_code: status });
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}

/** GET /metrics: Prometheus text; with a token configured, only for "Authorization: Bearer <token>". */
export function metricsEndpoint(registry: Registry, token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : undefined;
  return async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (expected) {
      const given = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim();
      if (!given || !timingSafeEqual(digest(given), expected)) {
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

// Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
function digest(value: string) {
  return createHash("sha256").update(value).digest();
}
