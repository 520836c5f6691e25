import { canonicalPath } from "../../src/lib/redirects.ts";
import { cspReportPath, vitalsPath } from "../../src/lib/report-paths.ts";

/**
 * What each path accepts, in one table: read by the method check (request-line.ts, which also applies the page form's
 * body check of body.ts), the rate limits (rate-limits.ts), the Origin check (app.ts) and the refusals
 * (refusals.ts). A path not in the table is a page: GET and HEAD only.
 */

/** How a POST's body is read. */
export type BodyKind =
  /** A page's form, read by React Router's action: URL-encoded, 32 kB, the field limit (body.ts, pageFormProblem). */
  | "page form"
  /** The JSON endpoints: JSON or a URL-encoded form, 32 kB (body.ts, bodyFields). */
  | "json or form"
  /** A browser's own report (Core Web Vitals, CSP violations): JSON, 32 kB, read by the endpoint. */
  | "report"
  /** Contentful's webhook: signed JSON with a limit of its own, read by the webhook before the other POSTs' reader. */
  | "signed webhook"
  /** Takes no body. */
  | "none";

/** The rate limit a POST counts against (rate-limits.ts). */
export type RateTier = "contact" | "content" | "reports" | "webhook" | "other";

export interface Endpoint {
  methods: readonly string[];
  body: BodyKind;
  rateTier: RateTier;
  /**
   * What a refusal of a path that takes POST looks like (refusals.ts): "page or JSON" answers a browser's form post
   * with a small page whose link goes back to `back`, and everything else with the JSON `{status: "fail", message}`;
   * "JSON" is always JSON. A path that takes no POST refuses another method with a plain-text line.
   */
  refusal: "page or JSON" | "JSON";
  /** A browser posting from another site is refused (security.ts, sameOrigin). Browsers' own reports are not. */
  sameOrigin: boolean;
  /** A page the visitor sees, or an endpoint read by programs. */
  kind: "page" | "api";
  /** Where a refusal page's "Go back" link leads. */
  back: string;
}

/** Every page, and every path not in the table. */
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

/** The paths that take more (or other) than a page's GET and HEAD, by canonical path. */
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

/**
 * The endpoint a request path reaches, whatever its spelling (case, trailing slash, React Router's `.data`): the
 * canonical path decides, so a limit cannot be dodged by spelling the path differently.
 */
export function endpointOf(path: string): Endpoint {
  return endpoints[canonicalPath(path)] ?? pageEndpoint;
}
