import { createHmac } from "node:crypto";
import cookieParser from "cookie-parser";
import express, { type CookieOptions, type Request, type RequestHandler, type Response, type Router } from "express";
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

export interface PreviewCookie {
  /** Undefined without the cookie; true only for one this site signed whose expiry has not passed. */
  valid(cookieHeader: string | undefined): boolean | undefined;
  /** A Set-Cookie that removes it, with the attributes it is set with (a browser matches on them). */
  cleared: string;
}

export interface PreviewCookieOptions {
  /** Derives the key that signs the cookie; without one (preview off) no cookie is valid. */
  secret?: string;
  /** Production: Secure, SameSite=None and Partitioned, so the cookie works inside Contentful's pane. */
  secure: boolean;
  now?: () => number;
}

function cookieOptionsOf(secure: boolean): CookieOptions {
  return {
    httpOnly: true,
    path: "/",
    secure,
    // Contentful shows the page in a frame of its own site: only SameSite=None (which needs Secure) reaches it.
    sameSite: secure ? "none" : "lax",
    partitioned: secure,
  };
}

function clearedCookie({ path, secure, sameSite, partitioned }: CookieOptions): string {
  const attributes = [`Path=${path}`, "Expires=Thu, 01 Jan 1970 00:00:00 GMT", "HttpOnly"];
  if (secure) attributes.push("Secure");
  if (typeof sameSite === "string") attributes.push(`SameSite=${sameSite[0]?.toUpperCase()}${sameSite.slice(1)}`);
  if (partitioned) attributes.push("Partitioned");
  return [`${previewCookie}=`, ...attributes].join("; ");
}

// The one check of the cookie, for the session and for the page cache in front of it (which meets the request before
// Express): cookie-parser's own reading of the header, run on the header alone.
export function previewCookieOf({ secret, secure, now = Date.now }: PreviewCookieOptions): PreviewCookie {
  const parse = cookieParser(secret === undefined ? undefined : cookieKeyOf(secret));
  return {
    valid(cookieHeader) {
      if (!cookieHeader?.includes(`${previewCookie}=`)) return undefined;
      const req = { headers: { cookie: cookieHeader } } as unknown as Request;
      parse(req, {} as Response, () => {});
      const signed = req.signedCookies as Record<string, unknown>;
      // Parsed: the name may have been spelt inside another cookie's value.
      if (!(previewCookie in req.cookies) && !(previewCookie in signed)) return undefined;
      // The cookie holds its own expiry, signed, so an old copy stops working even if a browser keeps it.
      const value = signed[previewCookie];
      const expires = typeof value === "string" ? Number(value) : Number.NaN;
      return Number.isFinite(expires) && expires > now();
    },
    cleared: clearedCookie(cookieOptionsOf(secure)),
  };
}

/** Its own key, so the cookie's signature says nothing about the secret in the link. */
function cookieKeyOf(secret: string): string {
  return createHmac("sha256", secret).update("preview cookie").digest("base64url");
}

export interface PreviewOptions extends PreviewCookieOptions {
  secret: string;
  /** Asynchronous in development, where the build can change. */
  isPage: (pathname: string) => boolean | Promise<boolean>;
  logger: Logger;
}

export interface Preview {
  /** Before the security headers: recognises the cookie and marks the request and its answer. */
  session: RequestHandler;
  routes: Router;
  cookie: PreviewCookie;
}

export function createPreview(options: PreviewOptions): Preview {
  const now = options.now ?? Date.now;
  const cookie = previewCookieOf(options);
  const cookieOptions = cookieOptionsOf(options.secure);
  // Signing the cookie needs the key on the request, where cookie-parser puts it.
  const signingKey = cookieParser(cookieKeyOf(options.secret));

  const session: RequestHandler = (req, res, next) => {
    // Files (scripts, styles, images, the feed, the sitemap) are the same in preview: they keep their own caching.
    if (isFile(req.path)) return next();
    if (cookie.valid(req.headers.cookie)) {
      res.locals.preview = true;
      onHeaders(res, () => {
        // Last word on the headers, whatever a route or the page cache set: never stored, never indexed.
        res.setHeader("Cache-Control", "private, no-store");
        res.setHeader("X-Robots-Tag", "noindex");
        res.removeHeader("X-Frame-Options");
      });
    }
    next();
  };

  const routes = express.Router();
  routes.get("/preview", signingKey, async (req, res) => {
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
    res.append("Set-Cookie", cookie.cleared);
    res.redirect(302, (await previewTarget(req.query.path, options.isPage)) ?? "/");
  });
  return { session, routes, cookie };
}
