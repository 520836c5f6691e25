import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitBytes, formFieldLimit } from "../../server/http/body.ts";
import { buildTestApp, loadBuild } from "../support/app.ts";
import { listen, type RawResponse, rawRequest } from "../support/raw-http.ts";

/**
 * Every request anyone can send is answered with less than 500 and no stack trace. A corpus of raw
 * requests over every route family, method, body shape and header oddity, sent on a real socket (most of them no
 * HTTP client would send), each with the defect it guards where there is one.
 */

interface Case {
  name: string;
  request: string | Buffer;
  /** The exact status this case must get, when it is not just "a 4xx or better". */
  status?: number;
  allow?: string;
  /** The answer is one of the POST endpoints' refusals: `{"status":"fail","message":…}` with no-store. */
  failJson?: boolean;
}

interface RequestShape {
  method?: string;
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  chunked?: boolean;
  /** null: no Host header at all. */
  host?: string | null;
  version?: string;
}

let clientNumber = 0;
/** One request's bytes; each from its own client address (X-Forwarded-For), so no case meets another's limit. */
function http({
  method = "GET",
  target,
  headers = {},
  body,
  chunked,
  host = "127.0.0.1",
  version = "1.1",
}: RequestShape) {
  clientNumber += 1;
  const lines = [`${method} ${target} HTTP/${version}`];
  if (host !== null) lines.push(`Host: ${host}`);
  lines.push("Connection: close", `X-Forwarded-For: 10.11.${clientNumber >> 8}.${clientNumber & 255}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? undefined : Buffer.from(body);
  if (payload && chunked) lines.push("Transfer-Encoding: chunked");
  else if (payload && !Object.keys(headers).some((name) => name.toLowerCase() === "content-length")) {
    lines.push(`Content-Length: ${payload.length}`);
  }
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  if (!payload) return head;
  if (!chunked) return Buffer.concat([head, payload]);
  const pieces: Buffer[] = [head];
  for (let at = 0; at < payload.length; at += 8192) {
    const piece = payload.subarray(at, at + 8192);
    pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(pieces);
}

const form = "application/x-www-form-urlencoded";
const json = "application/json";
const longSlug = "a".repeat(201);
const manyFields = Array.from({ length: formFieldLimit + 1 }, (_, i) => `f${i}=1`).join("&");
const enquiryForm = "name=Jane&email=jane%40example.com&need=Branding&brief=A+logo&challenge=x&answer=1";
const oversized = `message=${"x".repeat(bodyLimitBytes + 1)}`;

/** Body shapes a POST can arrive in: content type, encoding, framing and size. */
const bodies: { name: string; headers: Record<string, string>; body: string | Buffer; chunked?: boolean }[] = [
  { name: "no body", headers: {}, body: "" },
  { name: "a form", headers: { "Content-Type": form }, body: enquiryForm },
  { name: "an empty form", headers: { "Content-Type": form }, body: "" },
  { name: "a JSON object", headers: { "Content-Type": json }, body: '{"name":"Jane"}' },
  { name: "a JSON array", headers: { "Content-Type": json }, body: "[1,2,3]" },
  { name: "a JSON string", headers: { "Content-Type": json }, body: '"hello"' },
  { name: "JSON null", headers: { "Content-Type": json }, body: "null" },
  { name: "broken JSON", headers: { "Content-Type": json }, body: '{"name":' },
  { name: "deep JSON", headers: { "Content-Type": json }, body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
  { name: "plain text", headers: { "Content-Type": "text/plain" }, body: "hello" },
  { name: "XML", headers: { "Content-Type": "application/xml" }, body: "<a>1</a>" },
  { name: "no content type", headers: {}, body: "name=Jane" },
  { name: "a garbage content type", headers: { "Content-Type": ";;;==" }, body: "x=1" },
  { name: "multipart without boundary", headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\n" },
  {
    name: "multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=b" },
    body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\r\n--b--\r\n',
  },
  { name: "Latin-1 JSON", headers: { "Content-Type": `${json}; charset=latin1` }, body: '{"a":1}' },
  { name: "UTF-16 form", headers: { "Content-Type": `${form}; charset=utf-16` }, body: "a=1" },
  { name: `${formFieldLimit + 1} form fields`, headers: { "Content-Type": form }, body: manyFields },
  { name: "a form over the limit", headers: { "Content-Type": form }, body: oversized },
  { name: "a chunked form over the limit", headers: { "Content-Type": form }, body: oversized, chunked: true },
  { name: "a chunked form", headers: { "Content-Type": form }, body: enquiryForm, chunked: true },
  {
    name: "a gzip form",
    headers: { "Content-Type": form, "Content-Encoding": "gzip" },
    body: gzipSync(enquiryForm),
  },
  {
    name: "a gzip form that inflates over the limit",
    headers: { "Content-Type": form, "Content-Encoding": "gzip" },
    body: gzipSync(oversized),
    chunked: true,
  },
  {
    name: "a corrupt gzip body",
    headers: { "Content-Type": json, "Content-Encoding": "gzip" },
    body: Buffer.from("definitely not gzip"),
  },
  {
    name: "a truncated gzip body",
    headers: { "Content-Type": form, "Content-Encoding": "gzip" },
    body: gzipSync(enquiryForm).subarray(0, 12),
  },
  { name: "a deflate JSON", headers: { "Content-Type": json, "Content-Encoding": "deflate" }, body: deflateSync("{}") },
  {
    name: "a brotli JSON",
    headers: { "Content-Type": json, "Content-Encoding": "br" },
    body: brotliCompressSync("{}"),
  },
  { name: "an unknown encoding", headers: { "Content-Type": json, "Content-Encoding": "zstd-9" }, body: "{}" },
  { name: "a double encoding", headers: { "Content-Type": json, "Content-Encoding": "gzip, gzip" }, body: "{}" },
  {
    name: "a declared length over the limit",
    headers: { "Content-Type": form, "Content-Length": "99999999" },
    body: "a=1",
  },
  { name: "binary noise", headers: { "Content-Type": form }, body: Buffer.from([0, 255, 254, 0, 13, 10, 37, 37]) },
  { name: "an invalid UTF-8 form", headers: { "Content-Type": form }, body: Buffer.from("name=%C3%28&email=%FF") },
];

/** Every route family of the site, as spelt by the spec. */
const families = [
  "/",
  "/about",
  "/services",
  "/service/branding",
  "/news",
  "/news?category=Branding",
  "/post/accessibility-checklist-small-business-websites",
  "/projects",
  "/project/adidas",
  "/contact",
  "/terms",
  "/privacy-policy",
  "/status",
  "/status.json",
  "/healthz",
  "/readyz",
  "/metrics",
  "/emails/contact-form",
  "/emails/contact-form/challenge",
  "/contentful/posts",
  "/contentful/webhook",
  "/content/images/posts/accessibility-checklist-small-business-websites/hero.webp?w=320",
  "/robots.txt",
  "/sitemap.xml",
  "/news/rss.xml",
  "/accessibility",
  "/preview?secret=wrong&path=/news",
  "/preview?secret=hostile-preview-secret-0123&path=//evil.example/",
  "/preview?secret=hostile-preview-secret-0123&path=%2F%2Fevil.example",
  "/preview?path=/news",
  "/preview/exit?path=https://evil.example/",
  "/favicon.svg",
  "/blog",
  "/portfolio/adidas",
  "/no-such-page",
];

const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];
const postEndpoints = ["/emails/contact-form", "/contentful/posts", "/contact", "/contact.data"];

function corpus(manifestVersion: string): Case[] {
  const cases: Case[] = [];
  for (const target of families) {
    for (const method of methods) {
      const body = method === "POST" || method === "PUT" || method === "PATCH" ? "a=1" : undefined;
      const headers: Record<string, string> = body ? { "Content-Type": form } : {};
      const trace = method === "TRACE" || method === "PROPFIND";
      cases.push({
        name: `${method} ${target}`,
        request: http({ method, target, headers, body }),
        ...(trace && !target.startsWith("/content/images") ? { status: 405 } : {}),
        // OPTIONS on any path says what it takes (endpoints.test.ts checks the Allow of each).
        ...(method === "OPTIONS" ? { status: 204 } : {}),
      });
    }
  }
  for (const target of postEndpoints) {
    for (const shape of bodies) {
      const accept: Record<string, string> = target.startsWith("/contact") ? { Accept: json } : {};
      const refusal = refusalFor(target, shape.name);
      cases.push({
        name: `POST ${target} with ${shape.name}`,
        request: http({
          method: "POST",
          target,
          headers: { ...accept, ...shape.headers },
          body: shape.body,
          chunked: shape.chunked,
        }),
        ...refusal,
      });
    }
  }
  // A slug the content query refuses is a page that does not exist.
  for (const family of ["post", "project", "service"]) {
    for (const target of [`/${family}/${longSlug}`, `/${family}/${longSlug}.data`, `/${family}/${"é".repeat(150)}`]) {
      cases.push({ name: `GET ${target.slice(0, 40)}…`, request: http({ target: encodeURI(target) }), status: 404 });
    }
  }
  // The contact page takes GET, HEAD and POST, nothing else.
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    for (const target of ["/contact", "/contact.data", "/CONTACT/"]) {
      cases.push({
        name: `${method} ${target} with a form`,
        request: http({ method, target, headers: { "Content-Type": form, Accept: json }, body: enquiryForm }),
        status: 405,
        allow: "GET, HEAD, POST",
        failJson: true,
      });
    }
  }
  // TRACE on any page.
  for (const target of ["/", "/about", "/post/accessibility-checklist-small-business-websites", "/about.data"]) {
    cases.push({
      name: `TRACE ${target}`,
      request: http({ method: "TRACE", target }),
      status: 405,
      allow: "GET, HEAD",
    });
  }
  // Malformed Host headers, HTTP/1.0 without one, absolute-form request lines.
  const hosts = [
    "exa mple.com",
    "[::1",
    "127.0.0.1:99999",
    "127.0.0.1:abc",
    "user@127.0.0.1",
    "a/b",
    "",
    "a\\b",
    "%00",
  ];
  for (const host of hosts) {
    for (const target of ["/", "/contact", "/post/accessibility-checklist-small-business-websites"]) {
      cases.push({ name: `GET ${target} with Host "${host}"`, request: http({ target, host }), status: 400 });
    }
  }
  for (const target of ["/", "/about", "/contact"]) {
    cases.push({
      name: `HTTP/1.0 GET ${target} without Host`,
      request: http({ target, host: null, version: "1.0" }),
      status: 400,
    });
    cases.push({
      name: `GET ${target} with two Hosts`,
      request: Buffer.from(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      ),
      status: 400,
    });
  }
  const absolute = [
    ["http://127.0.0.1:99999/about", 400],
    ["http://127.0.0.1:99999/about/", 400],
    ["ftp://127.0.0.1/about", 400],
    ["*", 400],
    ["about", 400],
    ["http://127.0.0.1/about", 200],
    ["http://127.0.0.1/About/", 301],
    ["https://127.0.0.1/blog", 301],
  ] as const;
  for (const [target, status] of absolute) {
    cases.push({ name: `GET ${target} (request target)`, request: http({ target }), status });
  }
  // Express's router finds no path in this one at all: its answer is a 404.
  cases.push({ name: "GET http://[::1/about (request target)", request: http({ target: "http://[::1/about" }) });
  // /assets and /assets/ do not send a browser round in circles (checked further in its own test).
  cases.push({ name: "GET /assets", request: http({ target: "/assets" }), status: 404 });
  cases.push({ name: "GET /assets/", request: http({ target: "/assets/" }), status: 301 });
  // A cross-site form post to the enquiry API (and to the contact page's own action).
  for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example", "garbage"]) {
    for (const target of ["/emails/contact-form", "/contact", "/contact.data", "/EMAILS/Contact-Form/"]) {
      cases.push({
        name: `POST ${target} from Origin ${origin}`,
        request: http({
          method: "POST",
          target,
          headers: { "Content-Type": form, Accept: json, Origin: origin },
          body: enquiryForm,
        }),
        status: 403,
        failJson: true,
      });
    }
  }
  // A same-site post is not refused for how its host is written (case, a default port).
  const sameSite: [string, string][] = [
    ["127.0.0.1:80", "http://127.0.0.1"],
    ["LOCALHOST", "http://localhost:80"],
  ];
  for (const [host, origin] of sameSite) {
    cases.push({
      name: `POST /contentful/posts from Origin ${origin} to Host ${host}`,
      request: http({
        method: "POST",
        target: "/contentful/posts",
        host,
        headers: { "Content-Type": json, Origin: origin },
        body: '{"content_type":"blogPost","limit":1}',
      }),
      status: 200,
    });
  }
  // More header oddities on every kind of answer.
  const oddHeaders: Record<string, string>[] = [
    { Cookie: `consent=${"x".repeat(6000)}` },
    { Cookie: "consent=%E0%A4%A; a=\u00ff" },
    { Accept: "*/*;q=abc, text/html;q=2" },
    { "Accept-Encoding": "gzip;q=nope, br, x-unknown" },
    { "Accept-Language": "🦊" },
    { Range: "bytes=999999999-" },
    { Range: "bytes=abc" },
    { "If-None-Match": '"', "If-Modified-Since": "yesterday" },
    { "X-Forwarded-For": "not-an-ip, ::ffff:999.1.1.1" },
    { "X-Forwarded-Host": "evil.example:99999" },
    { "X-Forwarded-Proto": "gopher" },
    { "X-Forwarded-Proto": "ht tp" },
    { "X-Forwarded-Proto": "https, http" },
    { "X-Forwarded-Host": "a b" },
    { "X-Forwarded-Host": "127.0.0.1, evil.example" },
    { "User-Agent": "" },
    { "Content-Type": "text/html", "Content-Length": "0" },
    { Authorization: "Bearer \u0001" },
  ];
  const oddTargets = ["/", "/contact", "/news", "/favicon.svg", "/metrics", "/content/images/logos/nope.png?w=320"];
  for (const headers of oddHeaders) {
    for (const target of oddTargets) {
      cases.push({ name: `GET ${target} with ${Object.keys(headers).join(", ")}`, request: http({ target, headers }) });
    }
  }
  // Odd paths and queries.
  const oddPaths = [
    "/%ZZ",
    "/post/%ZZ",
    "/post/%ZZ.data",
    "/post/%00",
    "/post/..%2F..%2Fetc%2Fpasswd",
    "/content/images/..%2F..%2Fpackage.json",
    "/assets/..%2F..%2Fserver%2Fmain.ts",
    "/news?category=%ZZ",
    `/news?category=${"x".repeat(5000)}`,
    "/about?%ZZ=1",
    "/_root.data",
    "/about.data?_routes=%ZZ",
    "/__manifest?p=%ZZ&version=x",
    // Route discovery reads `paths` (a comma-separated list) and, with this build's `version`, matches each one.
    `/__manifest?paths=%ZZ&version=${manifestVersion}`,
    `/__manifest?paths=%2Fpost%2F%00,%2F..%2F..,%2F%2F%2Fx,%2Fproject%2F%ZZ&version=${manifestVersion}`,
    `/__manifest?paths=${"%2Fpost%2Fx,".repeat(2000)}&version=${manifestVersion}`,
    `/__manifest?paths=${"a".repeat(2000)}&version=${manifestVersion}`,
    `/__manifest?paths=&version=${manifestVersion}`,
    "/__manifest?paths=%2Fabout&version=",
    "/__manifest",
    "/content/images/posts/x.webp?w=-1",
    "/content/images/posts/x.webp?w=99999999999999999999",
    `/${"a/".repeat(2000)}`,
    "//evil.example/",
    "/\\evil.example/",
    "/%2e%2e/%2e%2e/",
  ];
  for (const target of oddPaths) cases.push({ name: `GET ${target.slice(0, 60)}`, request: http({ target }) });
  return cases;
}

/** The refusals for a body shape on a POST endpoint. */
function refusalFor(target: string, shape: string): Partial<Case> {
  const api = !target.startsWith("/contact");
  if (shape.includes("over the limit")) return { status: 413, failJson: true };
  if (shape === `${formFieldLimit + 1} form fields`) return { status: 413, failJson: true };
  if (shape === "a corrupt gzip body" || shape === "a truncated gzip body") return { status: 400, failJson: true };
  if (shape === "an unknown encoding" || shape === "a double encoding") return { status: 415, failJson: true };
  const notForms = ["plain text", "XML", "a JSON object", "broken JSON", "no content type", "no body", "multipart"];
  if (!api && notForms.includes(shape)) {
    return { status: 415, failJson: true };
  }
  if (api && ["plain text", "XML", "no content type", "no body"].includes(shape))
    return { status: 415, failJson: true };
  if (api && shape === "broken JSON") return { status: 400, failJson: true };
  return api ? { failJson: true } : {};
}

const stackTrace = /\n\s+at [^\n]+:\d+:\d+|\b(?:TypeError|ReferenceError|RangeError|SyntaxError)\b/;

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size)
    results.push(...(await Promise.all(items.slice(at, at + size).map(run))));
  return results;
}

describe("hostile input on a real socket", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const { app } = await buildTestApp({
      env: { TRUST_PROXY: "loopback", CONTACT_RATE_LIMIT: "100000", PREVIEW_SECRET: "hostile-preview-secret-0123" },
    });
    server = await listen(app);
  });
  afterAll(() => server?.close());

  it("answers every request of the corpus below 500, with no stack trace, and each defect with its 4xx", async () => {
    const cases = corpus((await loadBuild()).assets.version);
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const answers = await inBatches(cases, 6, async (c) => ({ c, res: await rawRequest(server.port, c.request) }));
    const wrong: string[] = [];
    for (const { c, res } of answers) {
      const problem = check(c, res);
      if (problem) wrong.push(`${c.name}: ${problem}`);
    }
    expect(wrong).toEqual([]);

    // What an operator sees: not one 5xx in the request metrics.
    const metrics = await rawRequest(server.port, http({ target: "/metrics" }));
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain("http_request_duration_seconds_count");
    expect(metrics.body).not.toMatch(/http_request_duration_seconds_count\{[^}]*status_code="5\d\d"/);
  }, 240_000);

  it("sends /assets and /assets/ to one place, not round each other", async () => {
    let target = "/assets/";
    const seen: string[] = [];
    for (let hop = 0; hop < 5; hop += 1) {
      const res = await rawRequest(server.port, http({ target }));
      seen.push(`${res.status} ${target}`);
      if (res.status < 300 || res.status >= 400) break;
      target = res.headers.location ?? "";
    }
    expect(seen).toEqual(["301 /assets/", "404 /assets"]);
  });

  it("refuses a path whose percent-encoding does not decode with a 400, a page, its data and a file alike", async () => {
    for (const target of [
      "/%E0%A4%A",
      "/about/%E0%A4%A",
      "/about/%E0%A4%A.data",
      "/post/%ZZ",
      "/100%",
      "/assets/%C3",
    ]) {
      const res = await rawRequest(server.port, http({ target }));
      expect(`${target} ${res.status} ${res.body}`).toBe(
        `${target} 400 Bad request: the path's percent-encoding is malformed.`,
      );
    }
    // Encoded text that decodes is a page's path as ever: a 404 page here, not a refusal.
    const decodes = await rawRequest(server.port, http({ target: "/post/caf%C3%A9" }));
    expect(decodes.status).toBe(404);
    expect(decodes.body).toContain("<html");
  });
});

function check(c: Case, res: RawResponse): string | undefined {
  if (res.status === 0) return "no answer";
  if (res.status >= 500) return `status ${res.status}`;
  if (stackTrace.test(res.body)) return "a stack trace in the body";
  if (c.status !== undefined && res.status !== c.status) return `status ${res.status}, expected ${c.status}`;
  if (c.allow !== undefined && res.headers.allow !== c.allow) return `Allow "${res.headers.allow}"`;
  if (c.failJson && res.status >= 400) {
    if (!/no-store/.test(res.headers["cache-control"] ?? "")) return `Cache-Control "${res.headers["cache-control"]}"`;
    const body = jsonBody(res);
    if (body?.status !== "fail" || typeof body.message !== "string" || !body.message) {
      return `not the documented JSON: ${res.body.slice(0, 120)}`;
    }
  }
  return undefined;
}

function jsonBody(res: RawResponse): { status?: unknown; message?: unknown } | undefined {
  // Chunked answers carry their framing; the JSON object is the part between the outer braces.
  const text =
    res.headers["transfer-encoding"] === "chunked"
      ? res.body.slice(res.body.indexOf("{"), res.body.lastIndexOf("}") + 1)
      : res.body;
  try {
    return JSON.parse(text) as { status?: unknown; message?: unknown };
  } catch {
    return undefined;
  }
}
