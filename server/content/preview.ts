import cookieParser from "cookie-parser";
import express, { type RequestHandler, type Response, type Router } from "express";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { isDataRequest } from "../../src/shared/router-protocol.ts";
import {
  cookieKeyOf,
  cookieOptionsOf,
  type PreviewCookie,
  type PreviewCookieOptions,
  previewCookie,
  previewCookieOf,
} from "../lib/preview-cookie.ts";
import { secretMatches } from "../lib/secrets.ts";

// Draft preview (docs/editors.md): a signed, short-lived HttpOnly cookie marks a request, whose pages then get the
// preview services (drafts, never the anonymous caches) and answer `private, no-store` and `noindex`.

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
