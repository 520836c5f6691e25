import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { cspReportGroup, cspReportPath } from "../../src/shared/report-paths.ts";
import { sendFail } from "./refusals.ts";

export interface SecurityOptions {
  isProduction: boolean;
  siteUrl: string;
  imageOrigins?: string[];
  analytics?: { origins: string[]; allowed: (req: IncomingMessage) => boolean };
  /** Draft preview in Contentful frames the site; otherwise no one may. */
  framing?: { origins: readonly string[]; allowed: (res: ServerResponse) => boolean };
}

export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

// helmet sets no Permissions-Policy; the site uses none of these, so nothing it embeds may either.
const permissionsPolicy = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

// A page elsewhere must not send enquiries in a visitor's name. A request without Origin (curl, API clients) is not
// a browser posting across sites, so it passes.
export const sameOrigin: RequestHandler = (req, res, next) => {
  const origin = req.get("Origin");
  // Both sides parsed, so case and a default port (Host: example.com:443) compare equal.
  if (origin === undefined || URL.parse(origin)?.host === URL.parse(`${req.protocol}://${req.host}`)?.host) {
    return next();
  }
  sendFail(req, res, 403, "This form can only be sent from this website's own pages.");
};

export function securityHeaders({ isProduction, siteUrl, imageOrigins = [], analytics, framing }: SecurityOptions) {
  // The site's own URL, never one from the Host header, which a stored page would then hand to every visitor.
  const reportingEndpoints = `${cspReportGroup}="${new URL(cspReportPath, siteUrl).href}"`;
  const nonce = (res: ServerResponse) =>
    `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  // One function per directive, so a visitor who refused analytics gets a policy without its host at all.
  const withAnalytics =
    (...sources: (string | ((res: ServerResponse) => string))[]) =>
    (req: IncomingMessage, res: ServerResponse) =>
      [
        ...sources.map((source) => (typeof source === "function" ? source(res) : source)),
        ...(analytics?.allowed(req) ? analytics.origins : []),
      ].join(" ");
  // Vite's dev server injects inline scripts without a nonce and talks to its HMR socket.
  const scriptSrc = isProduction ? withAnalytics("'self'", nonce) : withAnalytics("'self'", "'unsafe-inline'");
  const connectSrc = isProduction ? withAnalytics("'self'") : withAnalytics("'self'", "ws:", "wss:");
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        scriptSrc: [scriptSrc],
        scriptSrcAttr: ["'none'"],
        // The head's style elements carry the nonce (a stored copy lists their hashes) and no page has a style attribute;
        // styles set by scripts through the CSSOM are allowed. Vite's dev server injects its styles inline.
        styleSrc: isProduction
          ? ["'self'", (_req: IncomingMessage, res: ServerResponse) => nonce(res)]
          : ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: [connectSrc],
        formAction: ["'self'"],
        frameAncestors: [
          (_req: IncomingMessage, res: ServerResponse) =>
            framing?.allowed(res) ? framing.origins.join(" ") : "'none'",
        ],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        // Blocked loads are reported to the site itself: the Reporting API where the browser has it, report-uri where not.
        reportTo: [cspReportGroup],
        reportUri: [cspReportPath],
      },
    },
    // helmet's default no-referrer makes browsers send Origin: null on form posts, which React Router's
    // CSRF check refuses; this policy keeps same-origin posts working and still hides paths from others.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  const policy: RequestHandler = (_req, res, next) => {
    res.set("Permissions-Policy", permissionsPolicy);
    res.set("Reporting-Endpoints", reportingEndpoints);
    next();
  };
  return [headers, policy];
}
