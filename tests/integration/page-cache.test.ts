import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { previewCookie } from "../../server/lib/preview-cookie.ts";
import { distinctCategories } from "../../src/shared/content/categories.ts";
import { buildTestApp } from "../support/app.ts";
import { contentApps } from "../support/content-apps.ts";

/** The anonymous-page cache through the real app (production build) over the Contentful stand-in. */

const { fixture, secret, contentfulEnv } = contentApps();
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const servers: http.Server[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, still encoded. */
  raw: Buffer;
  /** The document, decoded. */
  text: string;
}

async function listen(env: Record<string, string> = {}) {
  const built = await buildTestApp({
    env: { ...contentfulEnv(), ...env },
  });
  const server = built.app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  /** A raw HTTP exchange (no client-side decoding or caching), as a browser or a CDN would see it. */
  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, method, path, headers: { "user-agent": browser, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers["content-encoding"];
            const decoded = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString("utf8") });
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }
  const get = (path: string, headers?: Record<string, string>) => send("GET", path, headers);

  /** Asks until the page cache answers from its store (the first visitor's render fills it in the background). */
  async function stored(path: string, headers?: Record<string, string>): Promise<Answer> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = await get(path, headers);
      if (answer.headers["x-cache"] === "HIT") return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${path} was never stored`);
  }
  return { ...built, send, get, stored };
}

/** The inline scripts a browser would run, and the hash the policy must list for each. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = "", text = ""] = match;
    if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes].sort();
}

/** The style elements a browser would apply, and the hash the policy must list for each. */
function inlineStyleHashes(html: string): string[] {
  const texts = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
  return [...new Set(texts.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`))];
}

function policyScriptSources(policy: string | string[] | undefined): string[] {
  const scriptSrc = String(policy ?? "")
    .split(";")
    .find((directive) => directive.startsWith("script-src "));
  return (scriptSrc ?? "").split(" ").slice(1);
}

const policyHashes = (policy: string | string[] | undefined) =>
  policyScriptSources(policy)
    .filter((source) => source.startsWith("'sha256-"))
    .sort();

const nonceOf = (policy: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(policy ?? ""))?.[1];

/** The client names of the "Proudly Trusted By" strip, in the order the document shows them. */
function trustedByOrder(html: string): string {
  const strip = (html.split('id="trusted-title"')[1] ?? "").split("</ul>")[0] ?? "";
  return [...strip.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]).join("|");
}

/** The categories a list page's filter offers, as the content API answers them. */
async function categoriesOf(site: Site, contentType: string, field: string): Promise<string[]> {
  const answer = await site.send(
    "POST",
    "/contentful/posts",
    { "content-type": "application/json" },
    JSON.stringify({ content_type: contentType, select: `sys.id,fields.${field}` }),
  );
  const items = JSON.parse(answer.text).items as { fields: Record<string, string[] | undefined> }[];
  return distinctCategories(items.map((item) => item.fields[field]));
}

type Site = Awaited<ReturnType<typeof listen>>;

const categoryPath = (list: string, category: string) => `${list}?${new URLSearchParams({ category })}`;

/** Contentful's webhook for publishing the post "bright-ideas": its page, /news and home are purged. */
function publishBrightIdeas(site: Awaited<ReturnType<typeof listen>>) {
  return site.send(
    "POST",
    "/contentful/webhook",
    {
      "x-webhook-secret": secret,
      "x-contentful-topic": "ContentManagement.Entry.publish",
      "content-type": "application/vnd.contentful.management.v1+json",
    },
    JSON.stringify({
      sys: { type: "Entry", id: "post-bright", contentType: { sys: { type: "Link", id: "blogPost" } } },
      fields: { slug: { "en-US": "bright-ideas" } },
    }),
  );
}

describe("the page cache", () => {
  it("renders for the first visitor with a nonce, then serves the stored page with the hashes of its own scripts", async () => {
    const site = await listen();
    const first = await site.get("/post/bright-ideas");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(first.headers.etag).toBeUndefined();
    expect(nonceOf(first.headers["content-security-policy"])).toBeDefined();

    const hit = await site.stored("/post/bright-ideas");
    const again = await site.get("/post/bright-ideas");
    expect(again.headers["x-cache"]).toBe("HIT");
    for (const answer of [hit, again]) {
      expect(answer.text).toContain("Bright ideas");
      expect(answer.text).not.toMatch(/\snonce=/);
      const policy = answer.headers["content-security-policy"];
      expect(nonceOf(policy)).toBeUndefined();
      expect(policy).not.toContain("unsafe-inline';script-src-attr");
      expect(policyScriptSources(policy)[0]).toBe("'self'");
      // Every inline script of the stored page is allowed by its hash, and nothing else is.
      expect(policyHashes(policy)).toEqual(inlineScriptHashes(answer.text));
      expect(policyHashes(policy).length).toBeGreaterThan(2);
      // And every style element, by the hash of its text in style-src.
      const styleSrc = String(policy)
        .split(";")
        .find((directive) => directive.startsWith("style-src "));
      expect(styleSrc?.split(" ").slice(1).sort()).toEqual(["'self'", ...inlineStyleHashes(answer.text)].sort());
      expect(policy).not.toContain("'unsafe-inline'");
    }
    expect(again.raw.equals(hit.raw)).toBe(true);
    // The stored copy replays the rendered answer's security headers; the request id stays per request.
    for (const header of [
      "x-frame-options",
      "strict-transport-security",
      "referrer-policy",
      "x-content-type-options",
      "cross-origin-opener-policy",
      "content-type",
    ]) {
      expect(hit.headers[header], header).toBeDefined();
      expect(hit.headers[header], header).toBe(first.headers[header]);
    }
    expect(hit.headers["x-request-id"]).not.toBe(again.headers["x-request-id"]);
    expect(hit.headers["cache-control"]).toBe("public, max-age=0, s-maxage=3600, stale-while-revalidate=3600");
    expect(hit.headers.vary).toBe("Accept-Encoding");

    // Two visitors who are rendered for never share a nonce.
    const other = await site.get("/post/alpha-launch");
    expect(nonceOf(other.headers["content-security-policy"])).not.toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
  });

  it("serves the stored page in the encoding asked for, the same document in each, HEAD without a body", async () => {
    const site = await listen();
    const identity = await site.stored("/post/alpha-launch");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(Number(identity.headers["content-length"])).toBe(identity.raw.length);
    const br = await site.get("/post/alpha-launch", { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await site.get("/post/alpha-launch", { "accept-encoding": "gzip;q=1, br;q=0.5" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const answer of [br, gzip]) {
      expect(answer.headers["x-cache"]).toBe("HIT");
      expect(answer.text).toBe(identity.text);
      expect(answer.raw.length).toBeLessThan(identity.raw.length / 3);
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
      expect(answer.headers["content-security-policy"]).toBe(identity.headers["content-security-policy"]);
    }
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const head = await site.send("HEAD", "/post/alpha-launch");
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-length"]).toBe(identity.headers["content-length"]);
  });

  it("a purge of everything answers the old copy while the new one is made, then the new content", async () => {
    const site = await listen();
    const before = await site.stored("/post/bright-ideas");
    expect(before.text).toContain("<h1>Bright ideas</h1>");
    fixture.cda.publish("post-bright", "blogTitle", "Brighter ideas");
    try {
      expect((await site.get("/post/bright-ideas")).text).toContain("<h1>Bright ideas</h1>");
      const hook = await site.send(
        "POST",
        "/contentful/webhook",
        { "x-webhook-secret": secret, "content-type": "application/json" },
        JSON.stringify({ sys: { id: "post-bright", type: "Entry" } }),
      );
      expect(hook.status).toBe(200);
      expect(hook.headers["cache-control"]).toBe("no-store");
      // A payload that names no content type purges everything: every copy is answered stale
      // while the copies are refreshed, and no visitor waits for a render.
      const after = await site.get("/post/bright-ideas");
      expect(after.headers["x-cache"]).toBe("STALE");
      expect(after.text).toContain("<h1>Bright ideas</h1>");
      let stored = await site.stored("/post/bright-ideas");
      for (let i = 0; i < 100 && !stored.text.includes("<h1>Brighter ideas</h1>"); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored = await site.stored("/post/bright-ideas");
      }
      expect(stored.text).toContain("<h1>Brighter ideas</h1>");
      expect(policyHashes(stored.headers["content-security-policy"])).toEqual(inlineScriptHashes(stored.text));
    } finally {
      fixture.cda.publish("post-bright", "blogTitle", "Bright ideas");
    }
  });

  it("a webhook for one post stores that post's page, /news and home again before it answers, and keeps an unrelated project's", async () => {
    const site = await listen();
    const pages = ["/post/bright-ideas", "/news", "/", "/project/warmies"];
    for (const page of pages) await site.stored(page);
    fixture.cda.publish("post-bright", "blogTitle", "Brighter ideas");
    fixture.cda.publish("project-warmies", "projectTitle", "Warmer Warmies");
    try {
      const hook = await publishBrightIdeas(site);
      expect(hook.status).toBe(200);
      // No visitor waits for a render after a publish: the purged pages were stored again with the new text.
      const after: Record<string, unknown> = {};
      for (const page of pages) after[page] = (await site.get(page)).headers["x-cache"];
      expect(after).toEqual({ "/post/bright-ideas": "HIT", "/news": "HIT", "/": "HIT", "/project/warmies": "HIT" });
      expect((await site.get("/post/bright-ideas")).text).toContain("<h1>Brighter ideas</h1>");
      expect((await site.get("/news")).text).toContain("Brighter ideas");
      // The project was not named by the publish: its copy stays, old title and all, until its own.
      const project = await site.get("/project/warmies");
      expect(project.text).toContain("Warmies");
      expect(project.text).not.toContain("Warmer Warmies");
    } finally {
      fixture.cda.publish("post-bright", "blogTitle", "Bright ideas");
      fixture.cda.publish("project-warmies", "projectTitle", "Warmies");
    }
  });

  it("a 304 carries the policy of the copy it validates, and a changed page is sent whole with its own", async () => {
    const site = await listen();
    const held = await site.stored("/post/bright-ideas", { "accept-encoding": "br" });
    const etag = String(held.headers.etag);
    const revalidated = await site.get("/post/bright-ideas", { "accept-encoding": "br", "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.raw.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["content-security-policy"]).toBe(held.headers["content-security-policy"]);
    expect(policyHashes(revalidated.headers["content-security-policy"])).toEqual(inlineScriptHashes(held.text));

    fixture.cda.publish("post-bright", "blogTitle", "Brighter ideas");
    try {
      await publishBrightIdeas(site);
      // After a purge of the post's page, the very next request gets the new content, stored again by the purge,
      // and a validator of the old copy is not a 304.
      const changed = await site.get("/post/bright-ideas", { "accept-encoding": "br", "if-none-match": etag });
      expect(changed.status).toBe(200);
      expect(changed.headers["x-cache"]).toBe("HIT");
      expect(changed.text).toContain("<h1>Brighter ideas</h1>");
      expect(changed.headers.etag).not.toBe(etag);
      expect(policyHashes(changed.headers["content-security-policy"])).toEqual(inlineScriptHashes(changed.text));
      expect(changed.headers["content-security-policy"]).not.toBe(held.headers["content-security-policy"]);
    } finally {
      fixture.cda.publish("post-bright", "blogTitle", "Bright ideas");
    }
  });

  it("serves a stale copy past the TTL while one render refreshes it", async () => {
    const site = await listen({ CONTENT_TTL_SECONDS: "1" });
    await site.stored("/post/alpha-launch");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await site.get("/post/alpha-launch");
    expect(stale.headers["x-cache"]).toBe("STALE");
    expect(stale.headers["cache-control"]).toBe("public, max-age=0");
    expect(stale.text).toContain("Alpha launch");
    await site.stored("/post/alpha-launch");
    const metrics = (await site.get("/metrics")).text;
    for (const result of ["HIT", "MISS", "STALE"]) {
      expect(metrics).toMatch(new RegExp(`^page_cache_requests_total\\{result="${result}"\\} [1-9]`, "m"));
    }
    expect(metrics).toMatch(/^page_cache_entries [1-9]/m);
  });

  it("never stores the status page, probes, metrics or any POST answer", async () => {
    const site = await listen();
    // Each is asked for twice, so a store after the first would show on the second.
    for (let round = 0; round < 2; round++) {
      const status = await site.get("/status");
      expect(status.status).toBe(200);
      expect(status.headers["cache-control"]).toBe("no-store");
      expect(status.headers["x-cache"]).toBe("MISS");
      expect(nonceOf(status.headers["content-security-policy"])).toBeDefined();
      for (const path of ["/status.json", "/healthz", "/readyz", "/metrics"]) {
        const answer = await site.get(path);
        expect(answer.headers["cache-control"], path).toBe("no-store");
        expect(answer.headers["x-cache"], path).toBeUndefined();
      }
      const posts = [
        await site.send(
          "POST",
          "/contentful/posts",
          { "content-type": "application/json" },
          '{"content_type":"blogPost"}',
        ),
        await site.send("POST", "/contentful/posts", { "content-type": "application/json" }, '{"content_type":"nope"}'),
        await site.send("POST", "/emails/contact-form", { "content-type": "application/json" }, "{}"),
        await site.send("POST", "/post/alpha-launch", { "content-type": "application/x-www-form-urlencoded" }, "a=1"),
        await site.send("POST", "/contentful/webhook", { "x-webhook-secret": "wrong" }),
      ];
      for (const answer of posts) expect(answer.headers["cache-control"]).toBe("no-store");
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect((await site.get("/status")).headers["x-cache"]).toBe("MISS");
  });

  it("answers a preview cookie the site did not sign from the stored page, and clears it", async () => {
    const site = await listen();
    const stored = await site.stored("/");
    await site.stored("/post/alpha-launch");
    const signedLooking = `${previewCookie}=${encodeURIComponent(`s:${Date.now() + 3_600_000}.forged-signature`)}`;
    for (const cookie of [
      `${previewCookie}=x`,
      `a=1; ${signedLooking}`,
      `${previewCookie}=${Date.now() + 3_600_000}`,
    ]) {
      for (const path of ["/", "/post/alpha-launch"]) {
        const answer = await site.get(path, { cookie });
        expect(answer.headers["x-cache"], `${path} ${cookie}`).toBe("HIT");
        // Expired at once, with the attributes it is set with, so the browser drops it; no tier keeps this answer.
        expect(answer.headers["set-cookie"], cookie).toEqual([
          `${previewCookie}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=None; Partitioned`,
        ]);
        expect(answer.headers["cache-control"], cookie).toBe("private, no-cache");
        if (path === "/") expect(answer.text).toBe(stored.text);
      }
    }
    // The stored page itself never carries the cookie's removal.
    const plain = await site.get("/");
    expect(plain.headers["x-cache"]).toBe("HIT");
    expect(plain.headers["set-cookie"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toMatch(/^public/);
    // A page not yet stored is rendered for the first such visitor, cleared too, and stored for everyone.
    const first = await site.get("/about", { cookie: `${previewCookie}=x` });
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["set-cookie"]).toEqual([
      expect.stringMatching(/^site_preview=; Path=\/; Expires=Thu, 01 Jan 1970/),
    ]);
    expect((await site.stored("/about")).headers["set-cookie"]).toBeUndefined();
  });

  it("answers a visitor carrying cookies it does not know from the stored page", async () => {
    const site = await listen();
    await site.stored("/post/alpha-launch");
    // Another app's cookie on the parent domain, an analytics tool's, a stale session: none changes the page.
    for (const cookie of ["a=1", "_ga=GA1.2.3.4; theme=dark", "session=abc; analytics_consent=granted"]) {
      const answer = await site.get("/post/alpha-launch", { cookie });
      expect(answer.headers["x-cache"], cookie).toBe("HIT");
      expect(answer.headers["cache-control"], cookie).toMatch(/^public/);
    }
  });

  it("keeps the visitor's analytics choice in the key: each gets the policy their choice allows", async () => {
    const site = await listen({ ANALYTICS_ID: "gritstone.example" });
    const asked = await site.stored("/post/alpha-launch");
    const refused = await site.stored("/post/alpha-launch", { cookie: "analytics_consent=denied" });
    expect(asked.headers["content-security-policy"]).toContain("https://plausible.io");
    expect(refused.headers["content-security-policy"]).not.toContain("plausible.io");
    expect(refused.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(refused.headers.etag).not.toBe(asked.headers.etag);
  });

  it("shows the trusted-by strip in more than one order over four requests for /", async () => {
    const site = await listen();
    await site.stored("/");
    // One render per fill: the other orders are added one render at a time after later visits.
    const answers = [];
    // Each is made when the process has room: on a busy machine that can take a few seconds.
    for (let i = 0; i < 60 && new Set(answers.map((answer) => trustedByOrder(answer.text))).size < 2; i++) {
      answers.push(await site.get("/", { "accept-encoding": "br" }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const answer of answers) {
      expect(answer.headers["x-cache"]).toBe("HIT");
      expect(policyHashes(answer.headers["content-security-policy"])).toEqual(inlineScriptHashes(answer.text));
    }
    const orders = answers.map((answer) => trustedByOrder(answer.text));
    expect(orders[0]?.split("|").length).toBeGreaterThan(3);
    expect(new Set(orders).size).toBeGreaterThan(1);
    // Known to render differently, it has no validator: a reload is a new order.
    expect((await site.get("/", { "accept-encoding": "br" })).headers.etag).toBeUndefined();
  });
});

describe("a stored page answered before Express", () => {
  it("is measured as any answer: counted under its route, its own request id, and Connection: close once stopping", async () => {
    const site = await listen();
    await site.stored("/about");
    const count = 'http_request_duration_seconds_count{method="GET",route="/about",status_code="200"}';
    const before = await metric(site, count);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const answer = await site.get("/about?utm_source=door", { "x-request-id": `door-${i}` });
      expect(answer.headers["x-cache"]).toBe("HIT");
      ids.add(String(answer.headers["x-request-id"]));
    }
    expect([...ids]).toEqual(["door-0", "door-1", "door-2", "door-3", "door-4"]);
    expect(await metric(site, count)).toBe(before + 5);
    // A request the request-line check refuses is refused as before, though a copy matches its key.
    const badHost = await site.get("/about", { host: "exa mple.com" });
    expect(badHost.status).toBe(400);
    expect(badHost.headers["x-cache"]).toBeUndefined();
    // An unknown post's path shares the stored 404 of /post/:slug, but malformed percent-encoding is a 400.
    expect((await site.stored("/post/never-written")).status).toBe(404);
    const malformed = await site.get("/post/%E0%A4%A");
    expect(malformed.status).toBe(400);
    expect(malformed.headers["x-cache"]).toBeUndefined();
    site.services.ops.beginShutdown();
    const draining = await site.get("/about");
    expect(draining.headers["x-cache"]).toBe("HIT");
    expect(draining.headers.connection).toBe("close");
  });
});

/** One sample of /metrics, as an operator's query would read it. */
async function metric(site: Awaited<ReturnType<typeof listen>>, line: string): Promise<number> {
  const text = (await site.get("/metrics")).text;
  const found = text.split("\n").find((entry) => entry.startsWith(`${line} `));
  return found ? Number(found.split(" ").at(-1)) : 0;
}

describe("the page cache under real traffic", () => {
  it("answers campaign links and parameters no page reads from the clean page's copy", async () => {
    const site = await listen();
    const clean = await site.stored("/about");
    const renders = await metric(site, 'page_cache_renders_total{reason="fill"}');
    for (const query of [
      "utm_source=newsletter&utm_medium=email&utm_campaign=spring-2027",
      "gclid=Cj0KCQiA-fresh-1",
      "fbclid=IwAR-fresh-2",
      "msclkid=fresh-3",
      "ref=fresh-4&v=fresh-5",
    ]) {
      const answer = await site.get(`/about?${query}`);
      expect(answer.headers["x-cache"]).toBe("HIT");
      expect(answer.text).toBe(clean.text);
    }
    // No fill for any of them: the clean page's copy answered them all.
    expect(await metric(site, 'page_cache_renders_total{reason="fill"}')).toBe(renders);
  });

  it("still filters by what a page reads, with a copy per category", async () => {
    const site = await listen();
    const all = await site.stored("/news");
    const filtered = await site.stored("/news?category=Branding&utm_source=x");
    expect(filtered.text).not.toBe(all.text);
    expect(filtered.text).toContain("Articles in Branding");
    const again = await site.get("/news?gclid=1&category=Branding");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.text).toBe(filtered.text);
    expect((await site.get("/projects?category=Branding&fbclid=2")).status).toBe(200);
  });

  it("answers made-up categories from one stored 404, so every real category stays stored", async () => {
    const site = await listen();
    const real = {
      "/news": await categoriesOf(site, "blogPost", "blogCategory"),
      "/projects": await categoriesOf(site, "singleProject", "category"),
    };
    expect(real["/news"].length).toBeGreaterThan(1);
    expect(real["/projects"].length).toBeGreaterThan(1);
    for (const [list, categories] of Object.entries(real)) {
      const madeUp: Answer[] = [];
      // More than a route's share of keys (64), before and after the real ones are asked for.
      for (let i = 0; i < 80; i++) {
        madeUp.push(await site.get(`${list}?category=${i % 2 ? "made-up" : "Made%20Up"}-${i}&utm_id=${i}`));
      }
      const stored = await Promise.all(categories.map((category) => site.stored(categoryPath(list, category))));
      for (let i = 80; i < 160; i++) madeUp.push(await site.get(`${list}?category=made-up-${i}`));
      for (const [i, answer] of madeUp.entries()) {
        expect(answer.status, `${list} made-up ${i}`).toBe(404);
        expect(answer.text).toContain("404, page not found.");
      }
      // After the first few (while the list of categories was read), all answered from the one stored 404.
      expect(madeUp.slice(-80).every((answer) => answer.headers["x-cache"] === "HIT")).toBe(true);
      for (const [i, category] of categories.entries()) {
        const again = await site.get(categoryPath(list, category));
        expect(again.headers["x-cache"], `${list} ${category}`).toBe("HIT");
        expect(again.status).toBe(200);
        expect(again.text).toBe(stored[i]?.text);
      }
    }
  });

  it("keys a category as the page reads it, and a data request on the routes it can load", async () => {
    const site = await listen();
    const stored = await site.stored("/news?category=Branding");
    for (const spelling of ["%20Branding%20", "Branding&category=made-up", "Branding&category=Branding"]) {
      const answer = await site.get(`/news?category=${spelling}`);
      expect(answer.headers["x-cache"], spelling).toBe("HIT");
      expect(answer.text, spelling).toBe(stored.text);
    }
    // React Router reads one `_routes` and loads only the page's own routes it names.
    const data = await site.stored("/news.data?_routes=routes%2Fnews");
    for (const routes of ["routes%2Fnews,made-up", "made-up,routes%2Fnews", "routes%2Fnews&_routes=made-up"]) {
      const answer = await site.get(`/news.data?_routes=${routes}`);
      expect(answer.headers["x-cache"], routes).toBe("HIT");
      expect(answer.text, routes).toBe(data.text);
    }
    // Naming none of them loads nothing: never stored, nothing taken from the route's share.
    for (let i = 0; i < 3; i++) {
      const nothing = await site.get(`/news.data?_routes=made-up-${i}`);
      expect(nothing.status).toBe(200);
      expect(nothing.headers["x-cache"]).toBeUndefined();
    }
  });

  it("fills the home page with one render, and renders a just-purged page once for 50 visitors at once", async () => {
    const site = await listen();
    const before = await metric(site, 'page_cache_renders_total{reason="fill"}');
    await site.get("/");
    await expect.poll(() => metric(site, 'page_cache_fills_total{outcome="stored"}'), { timeout: 10_000 }).toBe(1);
    // Its other orders are added afterwards in the background, one render at a time ("variant"), waited for by no one.
    expect(await metric(site, 'page_cache_renders_total{reason="fill"}')).toBe(before + 1);

    await site.stored("/post/bright-ideas");
    // Let the background render that learns whether the page varies finish first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beforePurge = await metric(site, 'page_cache_renders_total{reason="fill"}');
    await site.send("POST", "/contentful/webhook", { "x-webhook-secret": secret });
    const answers = await Promise.all(Array.from({ length: 50 }, () => site.get("/post/bright-ideas")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await metric(site, 'page_cache_renders_total{reason="fill"}')).toBe(beforePurge + 1);
  });

  it("answers every unknown path from one stored 404 whose body names no path; redirects and files stay", async () => {
    const site = await listen();
    const first = await site.get("/wp-login.php");
    expect(first.status).toBe(404);
    expect(first.headers["x-cache"]).toBe("MISS");
    // Once stored, scanners' fresh paths are all answered from it, with no render.
    await expect.poll(() => metric(site, 'page_cache_fills_total{outcome="stored"}'), { timeout: 10_000 }).toBe(1);
    const renders = await metric(site, 'page_cache_renders_total{reason="fill"}');
    const paths = ["/.env", "/wp-admin/setup-config.php", "/xmlrpc.php?rsd", "/cgi-bin/a%20b", "/nope/deeper/still"];
    const answers = [];
    for (const path of paths) {
      const answer = await site.get(path, { "accept-encoding": "br" });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["x-cache"], path).toBe("HIT");
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.text).toContain("Doh! This is awkward...");
      expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
      for (const named of [...paths, "/wp-login.php"]) expect(answer.text).not.toContain(named.split("?")[0]);
      // Its scripts run under the hashes of its own copy, as a stored page's do.
      expect(policyHashes(answer.headers["content-security-policy"]).sort()).toEqual(inlineScriptHashes(answer.text));
      answers.push(answer.text);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await metric(site, 'page_cache_renders_total{reason="fill"}')).toBe(renders);
    // What other handlers answer for paths no route matches is theirs, not the 404's.
    const legacy = await site.get("/blog");
    expect(legacy.status).toBe(301);
    for (const path of ["/robots.txt", "/sitemap.xml", "/news/rss.xml", "/healthz", "/favicon.svg"]) {
      const answer = await site.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["x-cache"], path).toBeUndefined();
    }
    // A client-side navigation's data request for an unknown path is the router's, never the stored document.
    const data = await site.get("/wp-login.php.data");
    expect(data.status).toBe(404);
    expect(data.headers["content-type"]).not.toContain("text/html");
    // Known routes keep their own 404s.
    expect((await site.get("/post/never-written")).headers["x-cache"]).not.toBe("HIT");
  });

  it("redirects a page spelt in capitals to its canonical path once its route's 404 is stored, as before", async () => {
    const site = await listen();
    // A slug no page has: its route's 404 is rendered, then stored and answered from the store.
    for (const path of ["/project/nope", "/post/nope"]) expect((await site.stored(path)).status).toBe(404);
    const spellings: [string, string][] = [
      ["/project/Warmies", "/project/warmies"],
      ["/project/WARMIES", "/project/warmies"],
      ["/post/Bright-Ideas", "/post/bright-ideas"],
      ["/Project/Nope", "/project/nope"],
    ];
    for (const [from, to] of spellings) {
      const answer = await site.get(from);
      expect(`${from} ${answer.status} ${answer.headers.location}`).toBe(`${from} 301 ${to}`);
    }
    const unknown = await site.get("/project/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.headers["x-cache"]).toBe("HIT");
  });

  it("keeps its bytes within the bound under a flood of distinct keys", { timeout: 60_000 }, async () => {
    const site = await listen({ PAGE_CACHE_MB: "1" });
    await Promise.all(Array.from({ length: 24 }, (_, i) => site.get(`/news?category=flood-${i}&utm_id=${i}`)));
    for (const path of ["/", "/about", "/services", "/news", "/projects"]) await site.get(path);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const bytes = await metric(site, "page_cache_bytes");
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe("what a stored copy tells a front cache", () => {
  it("names what the page shows in its tags, each tier's header its own way", async () => {
    const xkey = await (await listen()).stored("/post/bright-ideas");
    const tags = String(xkey.headers.xkey).split(" ");
    expect(tags).toEqual(
      expect.arrayContaining(["site", "path:/post/bright-ideas", "type:blogPost", "entry:post-bright"]),
    );
    // The data a move inside the site asks for goes with its page.
    const data = await (await listen()).stored("/post/bright-ideas.data");
    expect(String(data.headers.xkey).split(" ")).toContain("path:/post/bright-ideas");

    const cloudflare = await (await listen({ CACHE_TAG_HEADER: "Cache-Tag" })).stored("/post/bright-ideas");
    expect(cloudflare.headers.xkey).toBeUndefined();
    expect(String(cloudflare.headers["cache-tag"]).split(",")).toEqual(tags);
  });

  it("says how long it has held a copy, so a front cache counts freshness from there", async () => {
    const site = await listen();
    const first = await site.stored("/about");
    expect(Number(first.headers.age)).toBeLessThan(2);
    await site.stored("/about.data");
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const later = await site.get("/about");
    expect(later.headers["x-cache"]).toBe("HIT");
    expect(Number(later.headers.age)).toBeGreaterThanOrEqual(5);
    expect(later.headers.etag).toBe(first.headers.etag);
    // The same copy fetched ahead of a tap is kept by that browser alone, for its whole max-age from now: with the
    // copy's age it would be stale at the tap whenever the copy is nearly as old as the max-age.
    const ahead = await site.get("/about.data", { "Sec-Purpose": "prefetch" });
    expect(ahead.headers["x-cache"]).toBe("HIT");
    expect(ahead.headers["cache-control"]).toBe("private, max-age=60");
    expect(ahead.headers.age).toBeUndefined();
  });

  it.each([
    [401, "refusing the token"],
    [503, "down"],
  ])(
    "never stores nor sends as public a home page missing its content (the API %i: %s), and shows it once the API answers",
    async (failWith) => {
      fixture.cda.failWith = failWith;
      try {
        const site = await listen();
        // A store would show by the third ask (one render, then its fill, then the copy).
        for (let ask = 0; ask < 3; ask++) {
          const home = await site.get("/");
          expect(home.text).toContain("Loading our projects…");
          expect(home.headers["x-cache"]).toBe("MISS");
          expect(home.headers["cache-control"]).not.toMatch(/public/);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        fixture.cda.failWith = undefined;
        const back = await site.get("/");
        expect(back.text).not.toContain("Loading our projects…");
        expect(back.text).toContain('href="/project/warmies"');
        expect((await site.stored("/")).text).not.toContain("Loading our projects…");
      } finally {
        fixture.cda.failWith = undefined;
      }
    },
    60_000,
  );
});
