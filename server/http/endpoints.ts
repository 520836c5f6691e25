import { canonicalPath } from "../../src/shared/redirects.ts";
import { cspReportPath, vitalsPath } from "../../src/shared/report-paths.ts";

// One table for the method check, rate limits, Origin check and refusals; a path not in it is a page (GET, HEAD).

type BodyKind =
  | "page form"
  | "json or form"
  | "report"
  /** Contentful's signed JSON, with a limit of its own, read before the other POSTs' reader. */
  | "signed webhook"
  | "none";

export type RateTier = "contact" | "content" | "reports" | "webhook" | "other";

export interface Endpoint {
  methods: readonly string[];
  body: BodyKind;
  rateTier: RateTier;
  /** "page or JSON": a browser's form post gets a page whose link goes back to `back`. */
  refusal: "page or JSON" | "JSON";
  /** A browser posting from another site is refused; browsers' own reports are not. */
  sameOrigin: boolean;
  kind: "page" | "api";
  back: string;
}

export const pageEndpoint: Endpoint = {
  methods: ["GET", "HEAD"],
  body: "none",
  rateTier: "other",
  refusal: "page or JSON",
  sameOrigin: true,
  kind: "page",
  back: "/",
};

const api = (methods: readonly string[], body: BodyKind, rateTier: RateTier): Endpoint => ({
  methods,
  body,
  rateTier,
  refusal: "page or JSON",
  sameOrigin: true,
  kind: "api",
  back: "/",
});

const report: Endpoint = { ...api(["POST"], "report", "reports"), refusal: "JSON", sameOrigin: false };

export const endpoints: Readonly<Record<string, Endpoint>> = {
  // The contact page's own form (with and without JavaScript) shares the enquiry API's budget.
  "/contact": {
    ...pageEndpoint,
    methods: ["GET", "HEAD", "POST"],
    body: "page form",
    rateTier: "contact",
    back: "/contact",
  },
  "/emails/contact-form": api(["POST"], "json or form", "contact"),
  "/emails/contact-form/challenge": api(["GET", "HEAD"], "none", "other"),
  "/contentful/posts": api(["POST"], "json or form", "content"),
  "/contentful/webhook": { ...api(["POST"], "signed webhook", "webhook"), refusal: "JSON", sameOrigin: false },
  [vitalsPath]: report,
  [cspReportPath]: report,
};

/** The operator's probes and scrape (server/ops/router.ts): out of the request log and metrics, which they would drown. */
export const operatorPaths = new Set(["/metrics", "/healthz", "/readyz"]);

/** By canonical path, so a limit cannot be dodged by spelling the path differently (case, slash, `.data`). */
export function endpointOf(path: string): Endpoint {
  return endpoints[canonicalPath(path)] ?? pageEndpoint;
}
