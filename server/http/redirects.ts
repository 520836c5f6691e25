import type { RequestHandler } from "express";
import { redirectFor } from "../../src/lib/redirects.ts";
import { isRouterRequest } from "../../src/lib/router-protocol.ts";

/**
 * Legacy paths answer 301 to their new home before React Router sees them (src/lib/redirects.ts is the table).
 * React Router's own data requests pass through: its catch-all route answers those with a replace redirect,
 * so a client-side navigation to an old path replaces the history entry.
 */
export const legacyRedirects: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  if (isRouterRequest(req.path)) return next();
  const target = redirectFor(req.originalUrl);
  if (!target) return next();
  res.set("Cache-Control", "public, max-age=86400");
  res.redirect(301, target);
};
