import { createHmac } from "node:crypto";
import cookieParser from "cookie-parser";
import express, { type CookieOptions, type RequestHandler, type Response, type Router } from "express";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { isDataRequest } from "../../src/lib/router-protocol.ts";
import { secretMatches } from "../lib/secrets.ts";

// Draft preview (docs/editors.md): a signed, short-lived HttpOnly cookie marks a request, whose pages then get the
// preview services (drafts, never the anonymous caches) and answer `private, no-store` and `noindex`.

export const previewCookie = "site_preview";
const previewExitPath = "/preview/exit";
const previewMaxAgeMs = 2 * 60 * 60 * 1000;

const base = "http://site.invalid";

/** Undefined for another site, a protocol-relative or backslashed path, a data request or a file: no open redirect. */
async function previewTarget(value: unknown, isPage: PreviewOptions["isPage"]): Promise<string | undefined> {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2_000) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  const target = url.pathname + url.search;
  if (url.origin !== base || target.startsWith("//") || /[\\\s]/.test(value)) return undefined;
  if (isDataRequest(url.pathname) || !(await isPage(url.pathname))) return undefined;
  return target;
}

function isFile(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname) && !isDataRequest(pathname);
}

/** The page cache must never store or serve a preview request. */
export function isPreview(res: Response): boolean {
  return res.locals.preview === true;
}

export interface PreviewOptions {
  /** Also derives the key that signs the cookie. */
  secret: string;
  /** Production: Secure, SameSite=None and Partitioned, so the cookie works inside Contentful's pane. */
  secure: boolean;
  /** Asynchronous in development, where the build can change. */
  isPage: (pathname: string) => boolean | Promise<boolean>;
  logger: Logger;
  now?: () => number;
}

export interface Preview {
  /** Before the security headers: recognises the cookie and marks the request and its answer. */
  session: RequestHandler;
  routes: Router;
}

export function createPreview(options: PreviewOptions): Preview {
  const now = options.now ?? Date.now;
  // Its own key, so the cookie's signature says nothing about the secret in the link.
  const cookieKey = createHmac("sha256", options.secret).update("preview cookie").digest("base64url");
  const parseCookies = cookieParser(cookieKey);
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    path: "/",
    secure: options.secure,
    // Contentful shows the page in a frame of its own site: only SameSite=None (which needs Secure) reaches it.
    sameSite: options.secure ? "none" : "lax",
    partitioned: options.secure,
  };

  const session: RequestHandler = (req, res, next) => {
    // Files (scripts, styles, images, the feed, the sitemap) are the same in preview: they keep their own caching.
    if (isFile(req.path)) return next();
    parseCookies(req, res, () => {
      const value = (req.signedCookies as Record<string, unknown> | undefined)?.[previewCookie];
      // The cookie holds its own expiry, signed, so an old copy stops working even if a browser keeps it.
      const expires = typeof value === "string" ? Number(value) : Number.NaN;
      if (Number.isFinite(expires) && expires > now()) {
        res.locals.preview = true;
        onHeaders(res, () => {
          // Last word on the headers, whatever a route or the page cache set: never stored, never indexed.
          res.setHeader("Cache-Control", "private, no-store");
          res.setHeader("X-Robots-Tag", "noindex");
          res.removeHeader("X-Frame-Options");
        });
      }
      next();
    });
  };

  const routes = express.Router();
  routes.get("/preview", async (req, res) => {
    res.set({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    if (!secretMatches(typeof req.query.secret === "string" ? req.query.secret : undefined, options.secret)) {
      options.logger.warn("preview refused: missing or wrong secret");
      res.status(401).type("text/plain").send("The preview secret is missing or wrong.");
      return;
    }
    const target = await previewTarget(req.query.path ?? "/", options.isPage);
    if (!target) {
      res.status(400).type("text/plain").send("The path must be a page of this site, such as /post/some-slug.");
      return;
    }
    res.cookie(previewCookie, String(now() + previewMaxAgeMs), {
      ...cookieOptions,
      signed: true,
      maxAge: previewMaxAgeMs,
    });
    res.redirect(302, target);
  });
  routes.get(previewExitPath, async (req, res) => {
    res.set({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    res.clearCookie(previewCookie, cookieOptions);
    res.redirect(302, (await previewTarget(req.query.path, options.isPage)) ?? "/");
  });
  return { session, routes };
}
