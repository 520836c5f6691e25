import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

export interface SecurityOptions {
  isProduction: boolean;
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

export function securityHeaders({ isProduction, imageOrigins = [], analytics, framing }: SecurityOptions) {
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
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: [scriptSrc],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
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
      },
    },
    // helmet's default no-referrer makes browsers send Origin: null on form posts, which React Router's
    // CSRF check refuses; this policy keeps same-origin posts working and still hides paths from others.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
}
