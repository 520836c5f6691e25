import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Response as ExpressResponse } from "express";
import type { CacheKey } from "./policy.ts";

/**
 * Making a stored copy (Varnish's vcl_backend_response): a render's document without its nonce, the hashes of the
 * inline scripts and styles that carried it (decisions 0120 and 0201), the policy that lists them, and the
 * document compressed once in every encoding the cache answers in.
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

/** The headers of the visitor's response that a stored copy replays, and its policy with the nonce source. */
export interface HeaderTemplate {
  headers: [string, number | string | string[]][];
  policy: string;
  /** `'nonce-…'` as the policy names it: in script-src, style-src or both, and nowhere else. */
  nonceSource: string;
}

/** The hashes a stored copy's policy lists in place of its render's nonce, by directive. */
export interface InlineHashes {
  "script-src": string[];
  "style-src": string[];
}

const hashedDirectives = new Set(["script-src", "style-src"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Brotli 6: ~3 ms per home copy (117 kB), 1 % more bytes than 9, which takes ~105 ms, and a publish's first visitor
 * waits for the copy (docs/performance.md, "A publish under load"). Copies are made at every publish and refresh.
 */
const brotliQuality = 6;

/**
 * The headers of the render that a stored copy replays: what the page is and the site's security headers. Anything
 * else the render's response carried (its caching, cookies, transfer, request id) belongs to that one answer.
 */
const replayedHeaders = new Set([
  "content-type",
  "content-language",
  "link",
  "x-robots-tag",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "reporting-endpoints",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
]);

/**
 * What a stored copy of this response replays, or undefined when its policy names the nonce anywhere but once in
 * script-src and at most once in style-src (a copy could not say what else the nonce allowed).
 */
export function headerTemplate(res: ExpressResponse): HeaderTemplate | undefined {
  const policy = res.getHeader("Content-Security-Policy");
  const nonceSource = `'nonce-${res.locals.cspNonce as string}'`;
  if (typeof policy !== "string") return undefined;
  const naming = directivesOf(policy).filter(({ sources }) => sources.includes(nonceSource));
  const once = naming.every(({ sources }) => sources.filter((source) => source === nonceSource).length === 1);
  if (!once || !naming.some(({ name }) => name === "script-src")) return undefined;
  if (naming.some(({ name }) => !hashedDirectives.has(name))) return undefined;
  const headers = Object.entries(res.getHeaders()).filter(
    (header): header is [string, number | string | string[]] =>
      header[1] !== undefined && replayedHeaders.has(header[0].toLowerCase()),
  );
  return { headers, policy, nonceSource };
}

function directivesOf(policy: string) {
  return policy.split(";").map((directive) => {
    const [name = "", ...sources] = directive.trim().split(/\s+/);
    return { name: name.toLowerCase(), sources };
  });
}

/** The copy's policy: each directive that named the render's nonce names the hashes of its own elements instead. */
export function policyWithHashes(template: HeaderTemplate, hashes: InlineHashes): string {
  return template.policy
    .split(";")
    .map((directive) => {
      const [name = ""] = directive.trim().split(/\s+/);
      const own = hashes[name.toLowerCase() as keyof InlineHashes];
      if (!own) return directive;
      const sources = directive.split(" ").filter((source) => source !== template.nonceSource);
      return [...sources, ...own].join(" ");
    })
    .join(";");
}

/**
 * Strips a render's nonce from its document and hashes the inline scripts and style elements that carried it.
 * Only elements with the render's own 128-bit nonce are trusted, so a script or style that reached the HTML any
 * other way stays refused.
 */
export function hashAuthorisedInline(html: string, nonce: string): { html: string; hashes: InlineHashes } {
  const attribute = ` nonce="${nonce}"`;
  const found = { "script-src": new Set<string>(), "style-src": new Set<string>() };
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, at + attribute.length)) {
    const tagStart = html.lastIndexOf("<", at);
    const tagEnd = html.indexOf(">", at);
    const tag = html.slice(tagStart, tagEnd + 1);
    const element = /^<(script|style)[\s>]/i.exec(tag)?.[1]?.toLowerCase();
    if (element === "script") {
      if (/\ssrc=/i.test(tag)) continue;
      const type = /\stype="([^"]*)"/i.exec(tag)?.[1]?.toLowerCase();
      if (type !== undefined && type !== "module" && type !== "text/javascript") continue;
    } else if (element !== "style") {
      continue;
    }
    const end = html.indexOf(`</${element}>`, tagEnd);
    if (end === -1) continue;
    // Browsers hash the element's text after the parser's newline normalisation, encoded as UTF-8.
    const text = html.slice(tagEnd + 1, end).replace(/\r\n?/g, "\n");
    found[element === "script" ? "script-src" : "style-src"].add(
      `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
    );
  }
  return {
    html: html.replaceAll(attribute, ""),
    hashes: { "script-src": [...found["script-src"]], "style-src": [...found["style-src"]] },
  };
}

/**
 * A render as a stored copy: its policy, its validator and its bodies. A render the same as one already held
 * (same key, policy and document) is that one, not compressed again.
 */
export async function makeVariant(
  key: string,
  template: HeaderTemplate,
  document: { html: string; hashes: InlineHashes },
  held: readonly Variant[] = [],
): Promise<Variant> {
  const { html } = document;
  const policy = policyWithHashes(template, document.hashes);
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

/** What the cache did to answer a request. */
export type CacheResult = "HIT" | "MISS" | "STALE";

/** A stored page: its key, the headers it is answered with and its renders (one, or several when they differ). */

export interface Entry {
  /** The key it is stored under, with the path that renders it. */
  key: CacheKey;
  storedAt: number;
  template: HeaderTemplate;
  /** What its renders show (tags.ts): what a purge names, and what a tier in front is told. */
  tags: string[];
  variants: Variant[];
  /** Index of the variant served last, so the next answer can pick another. */
  last: number;
  bytes: number;
  /** Whether its renders differ (the home page's client strip): unknown until a second render is compared. */
  varies?: boolean;
  /** Dropped by a purge of its path: never answered again; the next request waits for the fetch that replaces it. */
  purged?: boolean;
  /** Outdated by a purge of everything: answered stale while it is refreshed in the background. */
  outdated?: boolean;
}

/** A stored copy found for a request, and what the cache did to find it. */
export interface Found {
  entry: Entry;
  result: CacheResult;
  /** Past its freshness: answered while one fetch refreshes it. */
  stale: boolean;
}
