import { createHmac } from "node:crypto";
import cookieParser from "cookie-parser";
import type { CookieOptions, Request, Response } from "express";

// The draft preview's cookie (server/content/preview.ts sets it): signed with a key of its own, holding its expiry.

export const previewCookie = "site_preview";

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

export function cookieOptionsOf(secure: boolean): CookieOptions {
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
export function cookieKeyOf(secret: string): string {
  return createHmac("sha256", secret).update("preview cookie").digest("base64url");
}
