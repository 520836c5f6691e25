import type { ServerResponse } from "node:http";
import { isDataRequest } from "../../../src/shared/router-protocol.ts";
import { pathOf } from "../../lib/request-path.ts";
import type { Encoding, Found, Variant } from "./copy.ts";
import type { PageRequest } from "./policy.ts";
import { writeTags } from "./tags.ts";

export interface AnswerOptions {
  fresh: string;
  stale: string;
  prefetched: string;
  isPrefetch: (req: PageRequest) => boolean;
  vary: string;
  /** A front cache counts freshness from the copy's age, not from its own fetch. */
  age: (storedAt: number) => number;
  tagHeader: { name: string; separator: string };
  /** A Set-Cookie the answer must carry, if any. */
  clearCookie: (req: PageRequest) => string | undefined;
  /** The Cache-Control of an answer that carries one: no tier may keep it. */
  cleared: string;
}

const encodingSuffix: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? (name === "identity" ? 1 : 0);
  let best: Encoding = "identity";
  for (const name of ["gzip", "br"] as const) {
    if (weight(name) > 0 && weight(name) >= weight(best)) best = name;
  }
  return best;
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(",").some((given) => given.trim().replace(/^W\//, "") === etag);
}

/** Node's own request and response: a copy is answered the same before Express (`storedPagesFirst`) or inside it. */
export function answer(req: PageRequest, res: ServerResponse, { entry, result }: Found, options: AnswerOptions) {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const suffix = encodingSuffix[encoding];
  // A page with one render has a validator, and a revalidation gets the policy of the copy it holds, never
  // another's. A page known to render differently has none: a reload is a new render (a new strip order).
  const single = entry.key.status === 200 && entry.variants.length === 1 && entry.varies !== true;
  const ifNoneMatch = single ? req.headers["if-none-match"] : undefined;
  const held = ifNoneMatch ? entry.variants.find((v) => matchesEtag(ifNoneMatch, `"${v.tag}${suffix}"`)) : undefined;
  let variant = held;
  if (!variant) {
    const count = entry.variants.length;
    const pick = count === 1 ? 0 : (entry.last + 1 + Math.floor(Math.random() * (count - 1))) % count;
    entry.last = pick;
    variant = entry.variants[pick] as Variant;
  }

  for (const [name, value] of entry.template.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", variant.policy);
  const prefetched = isDataRequest(pathOf(req.url ?? "")) && options.isPrefetch(req);
  const clearing = options.clearCookie(req);
  if (clearing) res.setHeader("Set-Cookie", clearing);
  const cacheControl = prefetched ? options.prefetched : result === "STALE" ? options.stale : options.fresh;
  res.setHeader("Cache-Control", clearing ? options.cleared : cacheControl);
  res.setHeader("Vary", options.vary);
  // A private answer fetched ahead is fresh in that browser from now: the shared copy's age would cut it short.
  if (!prefetched) res.setHeader("Age", options.age(entry.storedAt));
  writeTags(res, options.tagHeader, entry.tags);
  if (single) res.setHeader("ETag", `"${variant.tag}${suffix}"`);
  res.setHeader("X-Cache", result);
  if (held) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = variant.bodies[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = entry.key.status;
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
