import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";
import type { TrustProxy } from "../config.ts";
import { maxPathBytes, maxPathSegments, pathTooLong, percentEncodingValid } from "../lib/request-path.ts";
import { pageFormProblem } from "./body.ts";
import { endpointOf } from "./endpoints.ts";
import { sendFail } from "./refusals.ts";

// What Node's parser lets through but no part of the app can answer is refused here with a 4xx.

function badRequest(res: Response, message: string) {
  res.status(400).set({ "Cache-Control": "no-store", Connection: "close" }).type("text/plain").send(message);
}

function validHost(host: string): boolean {
  if (host === lastValidHost) return true;
  if (!/^[^\s/?#@\\]+$/.test(host)) return false;
  const url = URL.parse(`http://${host}`);
  const valid = url !== null && url.pathname === "/" && url.username === "" && url.password === "";
  // Nearly every request names the same host: its check is not parsed again (one string, so nothing can grow).
  if (valid) lastValidHost = host;
  return valid;
}
let lastValidHost: string | undefined;

/** Counted without copying the header list: this runs on every hit. */
function hostHeaders(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

// `host` and `protocol` as Express reads them: X-Forwarded-* when the proxy is trusted, else Host and the connection's.
function lineProblem(url: string, rawHeaders: readonly string[], host: string | undefined, protocol: string) {
  if (!percentEncodingValid(url)) return "Bad request: the path's percent-encoding is malformed.";
  if (!host || hostHeaders(rawHeaders) > 1 || !validHost(host)) return "Bad request: a valid Host header is required.";
  if (protocol !== "http" && protocol !== "https") return "Bad request: X-Forwarded-Proto must be http or https.";
  return undefined;
}

// An absolute-form target (`GET http://host/path`) is answered as its path (RFC 9112 §3.2.2); any other target that
// is not a path is a 400.
export const checkRequestLine: RequestHandler = (req, res, next) => {
  if (pathTooLong(req.url)) {
    res
      .status(414)
      .set({ "Cache-Control": "no-store", Connection: "close" })
      .type("text/plain")
      .send(`URI too long: a path may have at most ${maxPathBytes} bytes and ${maxPathSegments} segments.`);
    return;
  }
  if (!req.url.startsWith("/")) {
    const url = URL.parse(req.url);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      badRequest(res, "Bad request: the request target must be a path.");
      return;
    }
    req.url = `${url.pathname}${url.search}`;
    req.originalUrl = req.url;
  }
  const problem = lineProblem(req.url, req.rawHeaders, req.host, req.protocol);
  if (problem) badRequest(res, problem);
  else next();
};

/** Whether `checkRequestLine` would pass this request on as it is, checked before Express. */
export function requestLineFine(req: IncomingMessage, trust: TrustProxy): boolean {
  const url = req.url ?? "";
  if (!url.startsWith("/") || pathTooLong(url)) return false;
  const trusted = trust(req.socket.remoteAddress ?? "", 0);
  // As Express 5's getters: the first of a proxy chain's values, the host trimmed at its end only.
  const forwardedHost = trusted ? req.headers["x-forwarded-host"] : undefined;
  const host = forwardedHost ? beforeComma(String(forwardedHost)).trimEnd() : req.headers.host || undefined;
  const connection = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwardedProto = trusted ? req.headers["x-forwarded-proto"] : undefined;
  const protocol = forwardedProto ? beforeComma(String(forwardedProto)).trim() : connection;
  return lineProblem(url, req.rawHeaders, host, protocol) === undefined;
}

function beforeComma(value: string): string {
  const comma = value.indexOf(",");
  return comma === -1 ? value : value.slice(0, comma);
}

// An Express router answers OPTIONS from its own routes (the posts' router said "Allow: POST" everywhere), so it is
// answered first, from the table the 405s read; OPTIONS is listed too, as every path takes it.
export const answerOptions: RequestHandler = (req, res, next) => {
  if (req.method !== "OPTIONS") {
    next();
    return;
  }
  res
    .status(204)
    .set("Allow", [...endpointOf(req.path).methods, "OPTIONS"].join(", "))
    .end();
};

// React Router would otherwise run the contact action for PUT or DELETE, and the Fetch API cannot even express TRACE.
export const checkMethod: RequestHandler = (req, res, next) => {
  const endpoint = endpointOf(req.path);
  const allowed = endpoint.methods;
  if (!allowed.includes(req.method)) {
    res.set("Allow", allowed.join(", "));
    if (allowed.includes("POST")) {
      sendFail(req, res, 405, `This address does not take ${req.method} requests. It takes ${allowed.join(", ")}.`);
    } else {
      res.status(405).set("Cache-Control", "no-store").type("text/plain").send("Method not allowed");
    }
    return;
  }
  const problem = endpoint.body === "page form" ? pageFormProblem(req) : undefined;
  if (problem) {
    sendFail(req, res, problem.status, problem.message);
    return;
  }
  next();
};
