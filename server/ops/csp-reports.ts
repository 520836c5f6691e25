import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { Counter, type Registry } from "prom-client";
import { z } from "zod";
import { sendFail } from "../http/refusals.ts";
import { type RouteLabeler, unmatchedRoute } from "../lib/route-labels.ts";

/** The directives a violation is counted under; any other is refused, so the label set stays fixed. */
const cspDirectives = [
  "default-src",
  "script-src",
  "script-src-elem",
  "script-src-attr",
  "style-src",
  "style-src-elem",
  "style-src-attr",
  "img-src",
  "font-src",
  "connect-src",
  "media-src",
  "object-src",
  "frame-src",
  "child-src",
  "worker-src",
  "manifest-src",
  "frame-ancestors",
  "base-uri",
  "form-action",
] as const;

/** The most reports one request may carry (the Reporting API batches them). */
const maxReportsPerBody = 20;

export function registerCspViolations(registry: Registry): Counter<"directive" | "route"> {
  return new Counter({
    name: "csp_violations_total",
    help: "What browsers reported the Content Security Policy blocked, by directive and route template.",
    labelNames: ["directive", "route"],
    registers: [registry],
  });
}

/** `report-uri`'s older shape, which every browser still sends. */
const legacyReport = z.object({
  "csp-report": z.object({
    "document-uri": z.string().max(2048),
    "effective-directive": z.string().max(64).optional(),
    "violated-directive": z.string().max(256).optional(),
    "blocked-uri": z.string().max(2048).optional(),
  }),
});

const reportingReport = z.object({
  type: z.literal("csp-violation"),
  body: z.object({
    documentURL: z.string().max(2048),
    effectiveDirective: z.string().max(64),
    blockedURL: z.string().max(2048).optional(),
  }),
});

interface Violation {
  directive: string;
  documentUrl: string;
  blocked: string;
}

function violationsOf(contentType: string | false, value: unknown): Violation[] | undefined {
  if (contentType === "application/csp-report") {
    const parsed = legacyReport.safeParse(value);
    if (!parsed.success) return undefined;
    const report = parsed.data["csp-report"];
    const directive = report["effective-directive"] ?? report["violated-directive"]?.split(" ")[0] ?? "";
    return [{ directive, documentUrl: report["document-uri"], blocked: report["blocked-uri"] ?? "" }];
  }
  const list = z.array(z.unknown()).max(maxReportsPerBody).safeParse(value);
  if (!list.success || list.data.length === 0) return undefined;
  const violations: Violation[] = [];
  for (const item of list.data) {
    const parsed = reportingReport.safeParse(item);
    // Other report types (deprecations, interventions) are not for this endpoint; skipped, not refused.
    if (!parsed.success) continue;
    const { body } = parsed.data;
    violations.push({
      directive: body.effectiveDirective,
      documentUrl: body.documentURL,
      blocked: body.blockedURL ?? "",
    });
  }
  return violations;
}

/** Never the whole URL: "inline", "eval", or the origin. */
function blockedKind(blocked: string): string {
  if (blocked === "inline" || blocked === "eval" || blocked === "wasm-eval" || blocked === "")
    return blocked || "inline";
  return URL.parse(blocked)?.origin ?? "other";
}

// Counted by directive and route template, never raw URL, and logged once per kind, so a flood of one kind is one line.
export function cspReportEndpoint(
  violations: Counter<"directive" | "route">,
  routes: RouteLabeler,
  logger: Logger,
): RequestHandler {
  const seen = new LRUCache<string, true>({ max: 500 });
  const log = logger.child({ module: "csp-reports" });
  return (req, res) => {
    res.set("Cache-Control", "no-store");
    const raw: unknown = req.body;
    const type = req.is(["application/csp-report", "application/reports+json", "application/json"]);
    if (!Buffer.isBuffer(raw) || !type) {
      sendFail(req, res, 415, "Send CSP reports as application/csp-report or application/reports+json.");
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      sendFail(req, res, 400, "The report is not valid JSON.");
      return;
    }
    const found = violationsOf(type, value);
    if (!found) {
      sendFail(req, res, 400, "The body is not a CSP violation report.");
      return;
    }
    const counted = found.flatMap((violation) => {
      const directive = (cspDirectives as readonly string[]).includes(violation.directive) ? violation.directive : "";
      const path = URL.parse(violation.documentUrl)?.pathname;
      const route = path ? routes.page(path) : unmatchedRoute;
      if (!directive || route === unmatchedRoute) return [];
      return [{ directive, route, blocked: blockedKind(violation.blocked) }];
    });
    if (found.length > 0 && counted.length === 0) {
      sendFail(req, res, 422, "The report names a directive or a page this site does not have.");
      return;
    }
    for (const { directive, route, blocked } of counted) {
      violations.inc({ directive, route });
      const kind = `${directive}|${route}|${blocked}`;
      if (!seen.has(kind)) {
        seen.set(kind, true);
        log.warn({ directive, route, blocked }, "the Content Security Policy blocked something on a page");
      }
    }
    res.status(204).end();
  };
}
