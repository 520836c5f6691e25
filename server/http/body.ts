import { Readable, type Transform } from "node:stream";
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { sendFail } from "./refusals.ts";

// Every POST body is read here and nowhere else: cut at 32 kB decoded (Contentful's webhook: its own limit), whether
// declared, chunked or compressed.

export const bodyLimitBytes = 32 * 1024;
export const formFieldLimit = 1000;

const tooManyFields = `The form has too many fields (at most ${formFieldLimit}).`;

const formFields = (raw: Buffer) => new URLSearchParams(new TextDecoder().decode(raw));

const decoders: Record<string, (() => Transform) | undefined> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

export const readBody = bodyReader(bodyLimitBytes);

export function bodyReader(limitBytes: number): RequestHandler {
  const limit = limitBytes >= 1024 * 1024 ? `${limitBytes / (1024 * 1024)} MB` : `${limitBytes / 1024} kB`;
  const tooLarge = `The request is too large. The limit is ${limit}.`;
  return (req, res, next) => read(req, res, next, limitBytes, tooLarge);
}

async function read(req: Request, res: Response, next: NextFunction, limitBytes: number, tooLarge: string) {
  if (req.method !== "POST") return next();
  const encoding = (req.get("Content-Encoding") ?? "identity").trim().toLowerCase();
  let source: Readable = req;
  if (encoding !== "identity") {
    const decoder = decoders[encoding]?.();
    if (!decoder) {
      refuse(req, res, 415, "The request body's encoding is not supported. Send it plain, gzip, deflate or br.");
      return;
    }
    source = req.pipe(decoder);
  }
  try {
    const length = encoding === "identity" ? req.get("Content-Length") : undefined;
    // raw-body counts what it reads and stops at the limit (a declared length over it is refused unread).
    req.body = await getRawBody(source, { length, limit: limitBytes });
    next();
  } catch (error) {
    if (source !== req) source.destroy();
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") refuse(req, res, 413, tooLarge);
    else if (type === "request.aborted") res.destroy();
    else refuse(req, res, 400, "The request body could not be read (a broken length or compression).");
  }
}

/** A refusal that also closes the connection: the rest of the body is never read. */
function refuse(req: Request, res: Response, status: number, message: string) {
  res.set("Connection", "close");
  sendFail(req, res, status, message);
  req.unpipe();
}

export const bodyFields: RequestHandler = (req, res, next) => {
  res.set("Cache-Control", "no-store");
  const raw: unknown = req.body;
  const type = req.is(["application/json", "application/x-www-form-urlencoded"]);
  if (!Buffer.isBuffer(raw) || !type) {
    sendFail(req, res, 415, "Send the request as JSON or as a form (application/x-www-form-urlencoded), in UTF-8.");
    return;
  }
  const charset = /;\s*charset=("?)([^";\s]+)\1/i.exec(req.get("Content-Type") ?? "")?.[2]?.toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") {
    sendFail(req, res, 415, "The request body's character set is not supported. Send UTF-8.");
    return;
  }
  const text = new TextDecoder().decode(raw);
  if (type === "application/json") {
    try {
      req.body = JSON.parse(text) as unknown;
    } catch {
      sendFail(req, res, 400, "The request body is not valid JSON.");
      return;
    }
  } else {
    const fields = formFields(raw);
    if (fields.size > formFieldLimit) {
      sendFail(req, res, 413, tooManyFields);
      return;
    }
    req.body = Object.fromEntries(fields);
  }
  next();
};

/** Anything but a URL-encoded form within the field limit would fail in React Router's action as a 500. */
export function pageFormProblem(req: Request): { status: number; message: string } | undefined {
  if (req.method !== "POST") return undefined;
  if (!req.is("application/x-www-form-urlencoded")) {
    return { status: 415, message: "Send the form as application/x-www-form-urlencoded." };
  }
  const raw: unknown = req.body;
  if (Buffer.isBuffer(raw) && formFields(raw).size > formFieldLimit) return { status: 413, message: tooManyFields };
  return undefined;
}

/** The adapter would wait on the already-read stream, so it gets a view that replays the checked body. */
export function replayBody(req: Request): Request {
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body)) return req;
  const replay = Readable.from([body]);
  const headers = { ...req.headers, "content-length": String(body.length) };
  delete headers["content-encoding"];
  delete headers["transfer-encoding"];
  const view = Object.create(req) as Request;
  const stream = ["on", "once", "off", "pause", "resume", "destroy"] as const;
  for (const name of stream) Object.defineProperty(view, name, { value: replay[name].bind(replay) });
  return Object.defineProperties(view, {
    headers: { value: headers },
    readable: { get: () => replay.readable },
    readableHighWaterMark: { value: replay.readableHighWaterMark },
  });
}
