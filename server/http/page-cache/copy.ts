import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Response as ExpressResponse } from "express";

/**
 * Making a stored copy (Varnish's vcl_backend_response): a render's document without its nonce, the hashes of the
 * inline scripts that carried it (docs/decisions/0120-page-cache-and-csp-hashes.md), the policy that lists them,
 * and the document compressed once in every encoding the cache answers in.
 */

export type Encoding = "br" | "gzip" | "identity";

/** One stored render in every encoding. */
export interface Variant {
  /** Strong validator of this render (and key); each encoding adds its own suffix. */
  tag: string;
  bodies: Record<Encoding, Buffer>;
  /** The Content-Security-Policy this copy is served with. */
  policy: string;
}

/** The headers of the visitor's response that a stored copy replays; the policy split around its nonce source. */
export interface HeaderTemplate {
  headers: [string, number | string | string[]][];
  policy: [before: string, after: string];
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli 11 takes ~90 ms of CPU per home copy for 11 % fewer bytes than 9 (~20 ms); copies are made often enough. */
const brotliQuality = 9;

/** Headers of a response that belong to its transfer or its request, or that the cache sets itself. */
const transferHeaders = new Set([
  "cache-control",
  "connection",
  "content-security-policy",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-cache",
  "x-request-id",
]);

/** What a stored copy of this response replays, or undefined when its policy has not exactly one nonce source. */
export function headerTemplate(res: ExpressResponse): HeaderTemplate | undefined {
  const policy = res.getHeader("Content-Security-Policy");
  const nonceSource = `'nonce-${res.locals.cspNonce as string}'`;
  if (typeof policy !== "string") return undefined;
  const parts = policy.split(nonceSource);
  if (parts.length !== 2) return undefined;
  const headers = Object.entries(res.getHeaders()).filter(
    (header): header is [string, number | string | string[]] =>
      header[1] !== undefined && !transferHeaders.has(header[0].toLowerCase()),
  );
  return { headers, policy: parts as [string, string] };
}

/**
 * Strips a render's nonce from its document and hashes the inline scripts that carried it. Only elements with
 * the render's own 128-bit nonce are trusted, so a script that reached the HTML any other way stays refused.
 */
export function hashAuthorisedScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, at + attribute.length)) {
    const tagStart = html.lastIndexOf("<", at);
    const tagEnd = html.indexOf(">", at);
    const tag = html.slice(tagStart, tagEnd + 1);
    if (!/^<script[\s>]/i.test(tag) || /\ssrc=/i.test(tag)) continue;
    const type = /\stype="([^"]*)"/i.exec(tag)?.[1]?.toLowerCase();
    if (type !== undefined && type !== "module" && type !== "text/javascript") continue;
    const end = html.indexOf("</script>", tagEnd);
    if (end === -1) continue;
    // Browsers hash the script's text after the parser's newline normalisation, encoded as UTF-8.
    const text = html.slice(tagEnd + 1, end).replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}

/**
 * A render as a stored copy: its policy, its validator and its bodies. A render the same as one already held
 * (same key, policy and document) is that one, not compressed again.
 */
export async function makeVariant(
  key: string,
  template: HeaderTemplate,
  document: { html: string; hashes: string[] },
  held: readonly Variant[] = [],
): Promise<Variant> {
  const { html } = document;
  const policy = `${template.policy[0]}${document.hashes.join(" ")}${template.policy[1]}`;
  const tag = createHash("sha256").update(`${key}\n${policy}\n`).update(html).digest("base64url").slice(0, 27);
  const same = held.find((variant) => variant.tag === tag);
  if (same) return same;
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { tag, bodies: { identity, br, gzip: gz }, policy };
}

export const sizeOf = (variant: Variant) =>
  variant.bodies.identity.length + variant.bodies.br.length + variant.bodies.gzip.length;
