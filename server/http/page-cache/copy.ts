import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Response as ExpressResponse } from "express";
import type { CacheKey } from "./policy.ts";

// A stored copy (Varnish's vcl_backend_response): the render without its nonce, and a policy listing the hashes of
// the inline scripts and styles that carried it.

export type Encoding = "br" | "gzip" | "identity";

export interface Variant {
  /** Strong validator of this render and key; each encoding adds a suffix. */
  tag: string;
  bodies: Record<Encoding, Buffer>;
  policy: string;
}

export interface HeaderTemplate {
  headers: [string, number | string | string[]][];
  policy: string;
  /** `'nonce-…'` as the policy names it: in script-src, style-src or both, and nowhere else. */
  nonceSource: string;
}

export interface InlineHashes {
  "script-src": string[];
  "style-src": string[];
}

const hashedDirectives = new Set(["script-src", "style-src"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Brotli 6: close to 9's size at a small part of its time. Copies are made at every publish and refresh, and a
// publish's first visitor waits for one (docs/performance.md, "A publish under load").
const brotliQuality = 6;

// What the page is, and the security headers; the rest (caching, cookies, request id) belonged to that one answer.
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

// Undefined when the policy names the nonce anywhere but once in script-src and at most once in style-src: a copy
// could not say what else the nonce allowed.
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

/** Only elements carrying the render's own nonce are hashed: anything injected otherwise stays refused. */
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

/** A render the same as one already held (same key, policy and document) is that one, not compressed again. */
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

type CacheResult = "HIT" | "MISS" | "STALE";

export interface Entry {
  key: CacheKey;
  storedAt: number;
  template: HeaderTemplate;
  /** What a purge names, and what a front cache is told. */
  tags: string[];
  variants: Variant[];
  last: number;
  bytes: number;
  /** Whether its renders differ (the home page's client strip): unknown until a second render is compared. */
  varies?: boolean;
  /** Purged by a tag or path: never answered again; the next request waits for its replacement. */
  purged?: boolean;
  /** Made stale by a purge of every page: answered as STALE, whatever its age, while refreshed in the background. */
  stale?: boolean;
}

export interface Found {
  entry: Entry;
  /** STALE: past its freshness, or made stale by a purge; answered with the stale Cache-Control. */
  result: CacheResult;
}
