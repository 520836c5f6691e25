import type { Request, Response } from "express";
import { site } from "../../src/site.ts";
import { escapeMarkup } from "../lib/markup.ts";

/** A JSON answer in the shape both POST endpoints use: the form shows `message` with `status` as its class. */
export function fail(message: string) {
  return { status: "fail", message };
}

/**
 * A refusal in the shape the caller can read: the JSON answer for the API and for JavaScript, a small page for a
 * form posted without JavaScript (the browser would otherwise show raw JSON).
 */
export function sendFail(req: Request, res: Response, status: number, message: string) {
  res.set("Cache-Control", "no-store");
  if (req.accepts(["json", "html"]) === "html") {
    res
      .status(status)
      .type("html")
      .send(failPage(message, req.path === "/contact" ? "/contact" : "/", res.locals.cspNonce as string | undefined));
  } else {
    res.status(status).json(fail(message));
  }
}

/** The refusal page's look: a style element with the response's CSP nonce (no style attributes: decision 0201). */
const failPageCss =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#141414;background:#f6f1e8}.fail{color:#b3261e;font-weight:600}";

function failPage(message: string, back: string, nonce: string | undefined) {
  const text = escapeMarkup(message);
  const style = `<style${nonce ? ` nonce="${escapeMarkup(nonce)}"` : ""}>${failPageCss}</style>`;
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${site.name}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${style}</head><body><p class="fail" role="alert">${text}</p><p><a href="${back}">Go back</a></p></body></html>`;
}
