import type { ErrorRequestHandler, Request, Response } from "express";
import type { Logger } from "pino";
import { site, siteIcons } from "../../src/shared/site.ts";
import { escapeMarkup } from "../lib/markup.ts";
import { endpointOf } from "./endpoints.ts";

/** The shape both POST endpoints use: the form shows `message` with `status` as its class. */
export function fail(message: string) {
  return { status: "fail", message };
}

/** A form posted without JavaScript gets a small page: the browser would otherwise show raw JSON. */
export function sendFail(req: Request, res: Response, status: number, message: string) {
  res.set("Cache-Control", "no-store");
  const endpoint = endpointOf(req.path);
  if (endpoint.refusal === "page or JSON" && req.accepts(["json", "html"]) === "html") {
    res
      .status(status)
      .type("html")
      .send(failPage(message, endpoint.back, res.locals.cspNonce as string | undefined));
  } else {
    res.status(status).json(fail(message));
  }
}

export function sendBusy(res: Response, retryAfterSeconds: number, message: string) {
  res
    .status(503)
    .set({ "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" })
    .type("text/plain")
    .send(message);
}

// A style element with the nonce: the CSP allows no style attributes.
const failPageCss =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#141414;background:#f6f1e8}.fail{color:#b3261e;font-weight:600}";

const icons = siteIcons
  .map((icon) => `<link rel="icon" href="${icon.href}" type="${icon.type}" sizes="${icon.sizes}">`)
  .join("");

function failPage(message: string, back: string, nonce: string | undefined) {
  const text = escapeMarkup(message);
  const style = `<style${nonce ? ` nonce="${escapeMarkup(nonce)}"` : ""}>${failPageCss}</style>`;
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${site.name}</title>${icons}${style}</head><body><p class="fail" role="alert">${text}</p><p><a href="${back}">Go back</a></p></body></html>`;
}

/** A library's 4xx (an unreadable body) is the client's; anything else is logged and answered 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = Number((error as { status?: number }).status ?? (error as { statusCode?: number }).statusCode);
    // Static files answer a path that climbs out of their folder with 403: say 404, as for any missing file.
    if (status === 404 || status === 403) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (status >= 400 && status < 500 && !res.headersSent) {
      if (req.method === "POST")
        sendFail(req, res, status, "The request could not be read. Please check it and try again.");
      else res.status(status).set("Cache-Control", "no-store").type("text/plain").send("Bad request");
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, "unhandled error");
    if (res.headersSent) {
      res.end();
      return;
    }
    if (req.method === "POST") {
      res.status(500).json(fail("Something went wrong on our side. Please try again in a moment."));
    } else {
      res.status(500).type("text/plain").send("Something went wrong on our side. Please try again in a moment.");
    }
  };
}
