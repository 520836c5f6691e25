import type { Request, RequestHandler } from "express";
import { Histogram, type Registry } from "prom-client";
import { z } from "zod";
import { type VitalName, vitalNames } from "../../src/shared/status-report.ts";
import { sendFail } from "../http/refusals.ts";
import { type RouteLabeler, unmatchedRoute } from "../lib/route-labels.ts";

export { vitalsPath } from "../../src/shared/report-paths.ts";

/** In seconds (web-vitals reports milliseconds); buckets around web.dev's "good" and "poor" thresholds. */
export const vitalMetrics: Record<VitalName, { name: string; seconds: boolean; buckets: number[]; max: number }> = {
  LCP: { name: "web_vitals_lcp_seconds", seconds: true, buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10], max: 120_000 },
  INP: { name: "web_vitals_inp_seconds", seconds: true, buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2], max: 120_000 },
  CLS: { name: "web_vitals_cls", seconds: false, buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1], max: 100 },
  FCP: { name: "web_vitals_fcp_seconds", seconds: true, buckets: [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10], max: 120_000 },
  TTFB: { name: "web_vitals_ttfb_seconds", seconds: true, buckets: [0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 6], max: 120_000 },
};

/** Nothing personal and nothing free-form but the path, which is reduced to its route template and never kept. */
const vitalSample = z
  .object({
    metric: z.enum(vitalNames),
    value: z.number().finite().min(0),
    rating: z.enum(["good", "needs-improvement", "poor"]),
    path: z.string().startsWith("/").max(512),
  })
  .strict()
  .refine((sample) => sample.value <= vitalMetrics[sample.metric].max, { message: "value out of range" });

export type VitalHistograms = Record<VitalName, Histogram<"route">>;

export function registerVitals(registry: Registry): VitalHistograms {
  return Object.fromEntries(
    vitalNames.map((metric) => {
      const { name, seconds, buckets } = vitalMetrics[metric];
      const histogram = new Histogram({
        name,
        help: `Real visitors' ${metric} (web-vitals, from visitors who accepted analytics), by route template${seconds ? ", in seconds" : ""}.`,
        labelNames: ["route"],
        buckets,
        registers: [registry],
      });
      return [metric, histogram];
    }),
  ) as VitalHistograms;
}

/** A beacon's JSON comes as text/plain: a beacon may carry only the body types a form could send. */
function jsonBody(req: Request): { ok: true; value: unknown } | { ok: false; status: number; message: string } {
  const raw: unknown = req.body;
  if (!Buffer.isBuffer(raw) || !req.is(["application/json", "text/plain"])) {
    return { ok: false, status: 415, message: "Send the sample as JSON (application/json or text/plain)." };
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(raw)) as unknown };
  } catch {
    return { ok: false, status: 400, message: "The request body is not valid JSON." };
  }
}

/** Nothing of the visitor is read or kept: no address, user agent or cookie. */
export function vitalsEndpoint(histograms: VitalHistograms, routes: RouteLabeler): RequestHandler {
  return (req, res) => {
    res.set("Cache-Control", "no-store");
    const body = jsonBody(req);
    if (!body.ok) {
      sendFail(req, res, body.status, body.message);
      return;
    }
    const parsed = vitalSample.safeParse(body.value);
    if (!parsed.success) {
      sendFail(req, res, 400, "The sample is not a Core Web Vital this site records.");
      return;
    }
    const { metric, value, path } = parsed.data;
    const route = routes.page(path.split("?")[0] ?? path);
    if (route === unmatchedRoute) {
      sendFail(req, res, 422, "The sample names a page this site does not have.");
      return;
    }
    histograms[metric].observe({ route }, vitalMetrics[metric].seconds ? value / 1000 : value);
    res.status(204).end();
  };
}
