import type { RequestHandler } from "express";
import { redirectFor } from "../../src/shared/redirects.ts";
import { isRouterRequest } from "../../src/shared/router-protocol.ts";

// Data requests pass through: React Router's catch-all answers them with a replace redirect for client navigations.
export const legacyRedirects: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  if (isRouterRequest(req.path)) return next();
  const target = redirectFor(req.originalUrl);
  if (!target) return next();
  res.set("Cache-Control", "public, max-age=86400");
  res.redirect(301, target);
};
