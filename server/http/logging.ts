import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { formatWithOptions } from "node:util";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { operatorPaths } from "../ops/metrics.ts";

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * The server's logger: JSON lines. A request is logged as four fields read from it (id, method, URL, client
 * address), never its headers, so cookies and authorization cannot reach the logs whoever logs a request; a preview
 * link's PREVIEW_SECRET is cut from the URL.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req(req: IncomingMessage & { id?: string; originalUrl?: string }) {
          const url = (req.originalUrl ?? req.url ?? "").replace(/([?&]secret=)[^&]*/gi, "$1[redacted]");
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

/**
 * One log line per request with a request id: the caller's X-Request-Id when it is sane, otherwise a new one,
 * echoed back in the response. Bodies are never logged, so enquiry fields stay out of the logs.
 */
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
    // A visitor's 4xx (a missing page, a refused form) is theirs, not the site's: info, as every answer. A render
    // refused for load is counted, not logged one by one (render-limit.ts logs each burst as one line).
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
    // The logger's own serializers read the request (createLogger): pino-http's wrapping would first copy every header
    // of every request into an object that is then thrown away.
    wrapSerializers: false,
  });
}

/**
 * Messages libraries print with console (React Router's "could not be decoded", a dependency's warning) go through
 * the logger, so every line on stdout is one JSON object and nothing reaches stderr as a raw, multi-line stack.
 * Called by server/main.ts at start, never at import.
 */
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
