import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

export interface SecurityOptions {
  isProduction: boolean;
  /** Extra origins pages load images from (the Contentful image host when that source is on). */
  imageOrigins?: string[];
  /** Extra script and connect origins, such as the analytics host once a visitor has consented. */
  analyticsOrigins?: string[];
}

/** A fresh CSP nonce for every response, kept in res.locals for the document renderer. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

export function securityHeaders({ isProduction, imageOrigins = [], analyticsOrigins = [] }: SecurityOptions) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  // Vite's dev server injects inline scripts without a nonce and talks to its HMR socket.
  const scriptSrc = isProduction ? ["'self'", nonce, ...analyticsOrigins] : ["'self'", "'unsafe-inline'"];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc,
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...imageOrigins, ...analyticsOrigins],
        fontSrc: ["'self'"],
        connectSrc: isProduction ? ["'self'", ...analyticsOrigins] : ["'self'", "ws:", "wss:"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
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
