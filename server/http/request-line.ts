import type { Request, RequestHandler, Response } from "express";
import { canonicalPath } from "../../src/lib/redirects.ts";
import { pageFormProblem } from "./body.ts";
import { sendFail } from "./refusals.ts";

/**
 * What Node's HTTP parser lets through but no part of the app can answer is refused here with a 4xx
 * (docs/decisions/0105): a request target that is not a path, a missing or malformed Host, and methods a
 * resource does not take.
 */

function badRequest(res: Response, message: string) {
  res.status(400).set({ "Cache-Control": "no-store", Connection: "close" }).type("text/plain").send(message);
}

/** A Host header the URL parser takes as exactly a host and an optional port (no user, path or spaces). */
function validHost(host: string): boolean {
  if (!/^[^\s/?#@\\]+$/.test(host)) return false;
  const url = URL.parse(`http://${host}`);
  return url !== null && url.pathname === "/" && url.username === "" && url.password === "";
}

/**
 * First in the chain after logging: an absolute-form request line (`GET http://host/path`) is answered as its
 * path (RFC 9112 §3.2.2); anything else that is not a path, and a request without a usable Host, is a 400.
 */
export const checkRequestLine: RequestHandler = (req, res, next) => {
  if (!req.url.startsWith("/")) {
    const url = URL.parse(req.url);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      badRequest(res, "Bad request: the request target must be a path.");
      return;
    }
    req.url = `${url.pathname}${url.search}`;
    req.originalUrl = req.url;
  }
  // req.host is X-Forwarded-Host when the proxy is trusted, else Host: the one the pages' URLs are built from.
  const host = req.host;
  const hosts = req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === "host").length;
  if (!host || hosts > 1 || !validHost(host)) {
    badRequest(res, "Bad request: a valid Host header is required.");
    return;
  }
  // req.protocol is X-Forwarded-Proto when the proxy is trusted: anything but http or https names no URL.
  if (req.protocol !== "http" && req.protocol !== "https") {
    badRequest(res, "Bad request: X-Forwarded-Proto must be http or https.");
    return;
  }
  next();
};

/** The methods each resource takes, by canonical path; every other page takes GET and HEAD. */
const methodsByPath: Readonly<Record<string, readonly string[]>> = {
  "/contact": ["GET", "HEAD", "POST"],
  "/emails/contact-form": ["POST"],
  "/emails/contact-form/challenge": ["GET", "HEAD"],
  "/contentful/posts": ["POST"],
  "/contentful/webhook": ["POST"],
};
const pageMethods = ["GET", "HEAD"] as const;

export function allowedMethods(path: string): readonly string[] {
  return methodsByPath[canonicalPath(path)] ?? pageMethods;
}

function takesPosts(req: Request) {
  return allowedMethods(req.path).includes("POST");
}

/**
 * Before React Router: a method the resource does not take is a 405 with `Allow` (React Router would otherwise run
 * the contact action for PUT or DELETE, and the Fetch API cannot even express TRACE); a page's form post must
 * be a form.
 */
export const checkMethod: RequestHandler = (req, res, next) => {
  const allowed = allowedMethods(req.path);
  if (!allowed.includes(req.method)) {
    res.set("Allow", allowed.join(", "));
    if (takesPosts(req)) {
      sendFail(req, res, 405, `This address does not take ${req.method} requests. It takes ${allowed.join(", ")}.`);
    } else {
      res.status(405).set("Cache-Control", "no-store").type("text/plain").send("Method not allowed");
    }
    return;
  }
  const problem = pageFormProblem(req);
  if (problem) {
    sendFail(req, res, problem.status, problem.message);
    return;
  }
  next();
};
