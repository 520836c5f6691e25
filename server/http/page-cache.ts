import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";
import { consentCookieName, readConsent } from "../../src/lib/consent.ts";
import { readQuery } from "../../src/lib/page-queries.ts";
import { labelRoute } from "../ops/route-label.ts";

/**
 * The anonymous-page HTML cache (docs/decisions/0120-page-cache-and-csp-hashes.md).
 *
 * A page that rendered 200 for a visitor is rendered again for the cache, whole and with a throwaway nonce; the
 * stored copy keeps no nonce: its Content-Security-Policy lists the SHA-256 hashes of the inline scripts that
 * render authorised (those that carried its nonce), so one stored document and its policy suit every visitor, a
 * shared cache (CDN) may keep it, and it is compressed once (gzip and brotli) when stored. A page whose renders
 * differ (the home page shuffles its client strip on each render) is stored as several renders, and each answer
 * picks one other than the last one served.
 *
 * A stored page is answered before the security middleware runs: it replays the headers of the visitor's
 * response that led to it (helmet's, with that response's own nonce source replaced by the hashes), so a hit costs
 * no more than writing bytes.
 */

export type CacheResult = "HIT" | "MISS" | "STALE";
type Encoding = "br" | "gzip" | "identity";

/** Renders one document for the shared cache: the whole page at once, with the given nonce on its scripts. */
export type SharedRender = (request: Request, nonce: string) => Promise<Response>;

export interface PageCacheOptions {
  render: SharedRender;
  /** The canonical origin (SITE_URL): the address the shared render is asked for. */
  origin: string;
  /** Stored pages are fresh this long (the content cache's TTL); then served stale while one render refreshes. */
  ttlSeconds: number;
  /** The memory bound: the bytes of every stored copy (identity, gzip and brotli) together. */
  maxBytes: number;
  /** ANALYTICS_ID is set: the consent cookie changes the policy, so it is part of the key. */
  consentVaries: boolean;
  /** The route template of a path (request metrics label hits with it, as they label renders). */
  routeOf: (path: string) => string;
  metrics: Registry;
  logger: Logger;
  /** Renders kept of a page whose renders differ. */
  maxVariants?: number;
  /** Stored keys per route template (path and the query it reads): the rest are rendered, not stored. */
  maxKeysPerRoute?: number;
  /** How long a request waits for the render in flight for its page before rendering it itself. */
  coalesceWaitMs?: number;
  now?: () => number;
}

/** One stored render in every encoding. */
interface Variant {
  /** Strong validator of this render (and key); each encoding adds its own suffix. */
  tag: string;
  bodies: Record<Encoding, Buffer>;
  /** The script-src sources that replace the nonce: `'sha256-…'` for each authorised inline script. */
  hashes: string;
  /** The Content-Security-Policy this copy is served with. */
  policy: string;
}

/** The headers of the visitor's response that a stored copy replays; the policy split around its nonce source. */
interface HeaderTemplate {
  headers: [string, number | string | string[]][];
  policy: [before: string, after: string];
}

interface Entry {
  path: string;
  /** The route template, for the request metrics. */
  route: string;
  storedAt: number;
  template: HeaderTemplate;
  variants: Variant[];
  /** Index of the variant served last, so the next answer can pick another. */
  last: number;
  bytes: number;
  /** Whether its renders differ (the home page's client strip): unknown until a second render is compared. */
  varies?: boolean;
  /** Dropped by a purge: never served again; the next request waits for the one render that replaces it. */
  purged?: boolean;
}

interface CacheKey {
  key: string;
  path: string;
  /** The normalised query, without "?"; empty when none. */
  query: string;
  consent: string | undefined;
}

interface Fill {
  path: string;
  cancelled: boolean;
  /** Settles when the render is stored (or given up): requests for the same key wait on it. */
  done: Promise<void>;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface PageCache {
  /** Answers GET/HEAD for a stored page (HIT or STALE); goes before the security headers and compression. */
  serve: RequestHandler;
  /** Before the page renderer: marks rendered pages MISS and, once one answered 200, stores a shared copy. */
  observe: RequestHandler;
  /** Drops the stored copies of these paths (every query of each), or of every page when none are given. */
  purge(paths?: readonly string[]): void;
  stats(): PageCacheStats;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli 11 takes ~90 ms of CPU per home copy for 11 % fewer bytes than 9 (~20 ms); copies are made often enough. */
const brotliQuality = 9;
const maxKeyLength = 1024;
const sharedUserAgent = "gritstone-page-cache";
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
function headerTemplate(res: ExpressResponse): HeaderTemplate | undefined {
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

/** The encoding to answer in: the best-weighted of br, gzip and identity, br first among equals. */
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

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(",").some((given) => given.trim().replace(/^W\//, "") === etag);
}

const encodingSuffix: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

export function createPageCache(options: PageCacheOptions): PageCache {
  const { render, logger, consentVaries } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const origin = new URL(options.origin).origin;
  const now = options.now ?? Date.now;
  const maxVariants = options.maxVariants ?? 8;
  const maxKeysPerRoute = options.maxKeysPerRoute ?? 64;
  const coalesceWaitMs = options.coalesceWaitMs ?? 3_000;
  /** How many keys each route template holds now (the bound on keys per route). */
  const keysByRoute = new Map<string, number>();
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (entry, _key, reason) => {
      if (reason === "set") return;
      keysByRoute.set(entry.route, Math.max(0, (keysByRoute.get(entry.route) ?? 1) - 1));
    },
  });
  const filling = new Map<string, Fill>();
  const sharedCacheControl = `public, max-age=0, s-maxage=${options.ttlSeconds}, stale-while-revalidate=${options.ttlSeconds}`;
  const vary = consentVaries ? "Accept-Encoding, Cookie" : "Accept-Encoding";

  const requests = new Counter({
    name: "page_cache_requests_total",
    help: "Page requests by what the page cache did: HIT (stored copy), STALE (stored copy past its TTL), MISS (rendered)",
    labelNames: ["result"] as const,
    registers: [options.metrics],
  });
  const renders = new Counter({
    name: "page_cache_renders_total",
    help: "Renders made for the page cache, by reason: fill (a first copy, a refresh, a purge's replacement) or variant (one more of a page whose renders differ, in the background)",
    labelNames: ["reason"] as const,
    registers: [options.metrics],
  });
  const fills = new Counter({
    name: "page_cache_fills_total",
    help: "Shared renders for the page cache, by outcome: stored, refused (not storable) or failed",
    labelNames: ["outcome"] as const,
    registers: [options.metrics],
  });
  const gauges = [
    [
      "page_cache_bytes",
      "Bytes held by the page cache (every encoding of every stored page)",
      () => cache.calculatedSize,
    ],
    ["page_cache_entries", "Pages (path and query) held by the page cache", () => cache.size],
  ] as const;
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [options.metrics],
      collect() {
        this.set(read());
      },
    });
  }

  /** The key of a request the cache may answer, or undefined: a cookie it does not know (preview) bypasses it. */
  function keyOf(req: ExpressRequest): CacheKey | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const url = req.originalUrl;
    if (url.length > maxKeyLength) return undefined;
    const cookie = req.headers.cookie;
    if (cookie) {
      for (const part of cookie.split(";")) {
        const name = part.slice(0, part.indexOf("=")).trim();
        if (name !== "" && name !== consentCookieName) return undefined;
      }
    }
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    // Only what the page reads is in the key (decision 0197): a campaign link is a hit of the clean page's copy.
    const query = q === -1 ? "" : readQuery(options.routeOf(path), url.slice(q + 1));
    const consent = consentVaries ? (readConsent(cookie) ?? "unset") : undefined;
    // The footer shows the year: a new year is a new page.
    const year = new Date(now()).getFullYear();
    return { key: `${year} ${consent ?? "-"} ${path}?${query}`, path, query, consent };
  }

  async function renderOnce(target: CacheKey, reason: "fill" | "variant") {
    const nonce = randomBytes(16).toString("hex");
    const headers = new Headers({ accept: "text/html", "user-agent": sharedUserAgent });
    if (target.consent && target.consent !== "unset") headers.set("cookie", `${consentCookieName}=${target.consent}`);
    // Appended to the origin, never resolved against it: a path such as //elsewhere/x stays a path of this site.
    const url = new URL(`${origin}${target.path}${target.query ? `?${target.query}` : ""}`);
    renders.inc({ reason });
    const response = await render(new Request(url, { headers }), nonce);
    const cacheControl = response.headers.get("cache-control") ?? "";
    const storable =
      response.status === 200 &&
      (response.headers.get("content-type") ?? "").startsWith("text/html") &&
      !response.headers.has("set-cookie") &&
      !/no-store|private/i.test(cacheControl);
    if (!storable) {
      await response.body?.cancel();
      return undefined;
    }
    return hashAuthorisedScripts(await response.text(), nonce);
  }

  async function compress(
    target: CacheKey,
    template: HeaderTemplate,
    document: { html: string; hashes: string[] },
    previous: Entry | undefined,
  ): Promise<Variant> {
    const { html } = document;
    const hashes = document.hashes.join(" ");
    const policy = `${template.policy[0]}${hashes}${template.policy[1]}`;
    const tag = createHash("sha256").update(`${target.key}\n${policy}\n`).update(html).digest("base64url").slice(0, 27);
    const reused = previous?.variants.find((variant) => variant.tag === tag);
    if (reused) return reused;
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
    return { tag, bodies: { identity, br, gzip: gz }, hashes, policy };
  }

  /**
   * Renders the page for the cache once (decision 0197). Whether its renders differ is learnt afterwards, one
   * background render at a time (grow), so no request waits for more than one render.
   */
  async function build(
    target: CacheKey,
    template: HeaderTemplate,
    previous: Entry | undefined,
  ): Promise<Entry | undefined> {
    const document = await renderOnce(target, "fill");
    if (!document) return undefined;
    const variant = await compress(target, template, document, previous);
    const route = options.routeOf(target.path);
    return {
      path: target.path,
      route,
      storedAt: now(),
      template,
      variants: [variant],
      last: -1,
      bytes: sizeOf(variant),
      varies: previous?.varies,
    };
  }

  const sizeOf = (variant: Variant) =>
    variant.bodies.identity.length + variant.bodies.br.length + variant.bodies.gzip.length;

  /** Keeps an entry, unless its route already holds its share of keys (a new key only; a refresh always). */
  function store(key: string, entry: Entry) {
    if (!cache.has(key)) {
      const held = keysByRoute.get(entry.route) ?? 0;
      if (held >= maxKeysPerRoute) return;
      keysByRoute.set(entry.route, held + 1);
    }
    cache.set(key, entry);
  }

  /** Starts a job for a key, one at a time per key; a purge cancels it. */
  function job(target: CacheKey, work: (job: Fill) => Promise<void>): Fill {
    const running = filling.get(target.key);
    if (running) return running;
    const started: Fill = { path: target.path, cancelled: false, done: Promise.resolve() };
    filling.set(target.key, started);
    started.done = work(started).finally(() => {
      if (filling.get(target.key) === started) filling.delete(target.key);
    });
    return started;
  }

  /** Whether a stored page may still gain a variant: not known to render the same, and not full. */
  const mayGrow = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && !entry.purged && entry.varies !== false && entry.variants.length < maxVariants;

  /**
   * One more render of a stored page whose renders may differ, in the background after its fill, one at a time
   * until the page is known to render the same or holds maxVariants: a different render is kept as another
   * variant; the same as the only one says the page does not vary. Requests never wait for these.
   */
  function grow(target: CacheKey, entry: Entry) {
    const task = job(target, async (task) => {
      try {
        const document = await renderOnce(target, "variant");
        if (!document || task.cancelled || cache.get(target.key) !== entry) return;
        const variant = await compress(target, entry.template, document, entry);
        if (entry.variants.some((held) => held.tag === variant.tag)) {
          if (entry.variants.length === 1) entry.varies = false;
          return;
        }
        entry.varies = true;
        entry.variants.push(variant);
        entry.bytes += sizeOf(variant);
        cache.set(target.key, entry);
      } catch (error) {
        logger.warn({ err: error, path: target.path }, "page cache: another render of a stored page failed");
      }
    });
    void task.done.then(() => growLater(target));
  }

  /** After a fill or a variant: the next variant, if the page may have more. */
  function growLater(target: CacheKey) {
    const entry = cache.get(target.key);
    if (mayGrow(entry) && !filling.has(target.key)) setImmediate(() => grow(target, entry));
  }

  function fill(target: CacheKey, template: HeaderTemplate, previous: Entry | undefined): Fill {
    const running = filling.get(target.key);
    if (running) return running;
    const task = job(target, async (task) => {
      try {
        const entry = await build(target, template, previous);
        // A purge while this render ran: its content may be the old one, so it is not kept.
        if (task.cancelled) return;
        fills.inc({ outcome: entry ? "stored" : "refused" });
        if (entry) store(target.key, entry);
        else cache.delete(target.key);
      } catch (error) {
        fills.inc({ outcome: "failed" });
        logger.error({ err: error, path: target.path }, "page cache: the shared render failed");
        if (!task.cancelled) cache.delete(target.key);
      }
    });
    void task.done.then(() => growLater(target));
    return task;
  }

  const serve: RequestHandler = async (req, res, next) => {
    const target = keyOf(req);
    if (!target) {
      next();
      return;
    }
    let entry = cache.get(target.key);
    let result: CacheResult = "HIT";
    if (!entry || entry.purged) {
      // Coalescing (decision 0197): a render in flight for this page (a first fill, or the one a purge needs) is
      // waited for, for a short while, instead of starting another; a purged page starts its one render here.
      const running = filling.get(target.key) ?? (entry?.purged ? fill(target, entry.template, entry) : undefined);
      if (!running) {
        next();
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running.done, new Promise((resolve) => (timer = setTimeout(resolve, coalesceWaitMs)))]);
      clearTimeout(timer);
      entry = cache.get(target.key);
      if (!entry || entry.purged) {
        next();
        return;
      }
      // Answered with the render it waited for: a miss, as far as this request is concerned.
      result = "MISS";
    }
    const stale = now() - entry.storedAt >= ttlMs;
    if (stale && result === "HIT") {
      fill(target, entry.template, entry);
      result = "STALE";
    }
    labelRoute(res, entry.route);
    requests.inc({ result });

    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const suffix = encodingSuffix[encoding];
    // A page with one render has a validator, and a revalidation gets the policy of the copy it holds, never
    // another's. A page known to render differently has none: a reload is a new render (a new strip order).
    const single = entry.variants.length === 1 && entry.varies !== true;
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
    res.setHeader("Cache-Control", stale ? "public, max-age=0" : sharedCacheControl);
    res.setHeader("Vary", vary);
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
    res.statusCode = 200;
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };

  const observe: RequestHandler = (req, res, next) => {
    const target = keyOf(req);
    if (!target) {
      next();
      return;
    }
    onHeaders(res, function (this: typeof res) {
      if (!String(this.getHeader("Content-Type") ?? "").startsWith("text/html")) return;
      this.setHeader("X-Cache", "MISS");
      requests.inc({ result: "MISS" });
    });
    res.once("finish", () => {
      const cacheControl = String(res.getHeader("Cache-Control") ?? "");
      const worthStoring =
        res.statusCode === 200 &&
        String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
        !res.hasHeader("Set-Cookie") &&
        !/no-store/i.test(cacheControl);
      const template = worthStoring ? headerTemplate(res) : undefined;
      if (template && !filling.has(target.key)) fill(target, template, cache.get(target.key));
    });
    next();
  };

  return {
    serve,
    observe,
    purge(paths) {
      const only = paths ? new Set(paths) : undefined;
      for (const [key, job] of filling) {
        if (only && !only.has(job.path)) continue;
        job.cancelled = true;
        filling.delete(key);
      }
      // Marked, not deleted: the next request for each waits for the one render that replaces it, and no other
      // request renders it meanwhile (decision 0197).
      for (const entry of cache.values()) if (!only || only.has(entry.path)) entry.purged = true;
      logger.info({ paths: paths ?? "all" }, "page cache purged");
    },
    stats() {
      return { entries: cache.size, bytes: cache.calculatedSize, maxBytes: options.maxBytes };
    },
  };
}

/** Every answer to a POST (or any other write) says no-store, whoever answered it. */
export const noStoreForWrites: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    onHeaders(res, function (this: typeof res) {
      this.setHeader("Cache-Control", "no-store");
    });
  }
  next();
};
