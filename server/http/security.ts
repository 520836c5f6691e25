import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { cspReportGroup, cspReportPath } from "../../src/lib/report-paths.ts";
import { sendFail } from "./refusals.ts";

export interface SecurityOptions {
  isProduction: boolean;
  /** The site's public address (SITE_URL): where browsers send their CSP reports. */
  siteUrl: string;
  /** Extra origins pages load images from (the Contentful image host when that source is on). */
  imageOrigins?: string[];
  /** The analytics host, allowed for scripts and beacons only on responses where `allowed` says so. */
  analytics?: { origins: string[]; allowed: (req: IncomingMessage) => boolean };
  /** Sites allowed to frame the answers where `allowed` says so (draft preview in Contentful); otherwise none. */
  framing?: { origins: readonly string[]; allowed: (res: ServerResponse) => boolean };
}

/** A fresh CSP nonce for every response, kept in res.locals for the document renderer. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Powerful features the site never uses, turned off for it and anything it embeds (helmet sets no
 * Permissions-Policy). The site uses none of them: no camera, location, payments or sensors.
 */
export const permissionsPolicy = [
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

/**
 * Every POST (the enquiry API, the contact form, the content proxy) a browser sends from another site (its Origin
 * names another host, or is `null`) is refused with 403: a page elsewhere must not be able to send enquiries in a
 * visitor's name. Clients that send no Origin (API clients, curl) are not browsers posting across sites and pass.
 */
export const sameOrigin: RequestHandler = (req, res, next) => {
  const origin = req.get("Origin");
  // Both sides parsed, so case and a default port (Host: example.com:443) compare equal.
  if (origin === undefined || URL.parse(origin)?.host === URL.parse(`${req.protocol}://${req.host}`)?.host) {
    return next();
  }
  sendFail(req, res, 403, "This form can only be sent from this website's own pages.");
};

export function securityHeaders({ isProduction, siteUrl, imageOrigins = [], analytics, framing }: SecurityOptions) {
  // The Reporting API takes an absolute URL: the site's own (SITE_URL), never one built from the Host header,
  // which a stored page would then hand to every visitor.
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
        // No 'unsafe-inline' (decision 0201): the head's style elements carry the nonce (a stored copy lists their
        // hashes), and no page has a style attribute; scripts set styles through the CSSOM, which this allows.
        // Vite's dev server injects its styles inline.
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
        // What the policy blocks is reported to the site itself (decision 0195): the Reporting API where the
        // browser has it, report-uri where not.
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
