import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { formatWithOptions } from "node:util";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { redacted, redactSecrets } from "../lib/redact.ts";
import { operatorPaths } from "./endpoints.ts";

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * Headers that carry a credential, where a logged object may hold them: given as `headers`, or on a library's error
 * (its request, its response). The req and res serializers keep no headers at all. Paths are named: a wildcard
 * would be walked on every request line.
 */
const secretHeaders = [
  "cookie",
  "set-cookie",
  "authorization",
  "proxy-authorization",
  "x-webhook-secret",
  "x-contentful-signature",
];
const headersAt = ["headers", "err.headers", "err.config.headers", "err.request.headers", "err.response.headers"];
const secretHeaderPaths = headersAt.flatMap((at) =>
  secretHeaders.flatMap((name) => [`${at}["${name}"]`, `${at}["${capitalised(name)}"]`]),
);

function capitalised(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * Only id, method, URL and address of a request are logged, so its headers never reach the logs. Every line is
 * written with the credentials in URLs and secret query values cut, whichever field or message holds them.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: secretHeaderPaths, censor: redacted },
      hooks: { streamWrite: redactSecrets },
      serializers: {
        req(req: IncomingMessage & { id?: string; originalUrl?: string }) {
          const url = req.originalUrl ?? req.url ?? "";
          return { id: req.id, method: req.method, url, remoteAddress: req.socket?.remoteAddress };
        },
        res(res: ServerResponse) {
          return { statusCode: res.statusCode };
        },
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}

/** Bodies are never logged, so enquiry fields stay out of the logs. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    // Probes and scrapes arrive every few seconds from every watcher; a line each would bury the visitors'.
    autoLogging: { ignore: (req) => operatorPaths.has((req.url ?? "").split("?")[0] ?? "") },
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers["x-request-id"];
      const id = typeof given === "string" && requestIdPattern.test(given) ? given : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // A visitor's 4xx is theirs, not the site's. Refusals for load are logged once per burst by render-limit.ts.
    customLogLevel(_req, res, error) {
      if ((res as ServerResponse & { locals?: { refusedForLoad?: boolean } }).locals?.refusedForLoad) return "silent";
      if (error || res.statusCode >= 500) return "error";
      return "info";
    },
    // A 5xx the app answered on purpose has no error of its own: no stack made up for it.
    customErrorObject(_req, res, error, value) {
      const madeUp = error.message === `failed with status code ${res.statusCode}`;
      return madeUp ? { ...value, err: undefined } : value;
    },
    // createLogger's serializers read the request; pino-http's wrapping would first copy every header.
    wrapSerializers: false,
  });
}

// Libraries' console output goes through the logger, so stdout holds only JSON lines. Called at start, not at import.
export function captureConsole(logger: Logger) {
  const log = logger.child({ module: "console" });
  const forward =
    (level: "error" | "warn" | "info" | "debug") =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const words = args.filter((arg) => arg !== error);
      const message = formatWithOptions({ breakLength: Number.POSITIVE_INFINITY }, ...words);
      if (error) log[level]({ err: error }, message || error.message);
      else log[level](message);
    };
  console.error = forward("error");
  console.warn = forward("warn");
  console.info = forward("info");
  console.log = forward("info");
  console.debug = forward("debug");
}
