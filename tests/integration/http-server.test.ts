import { readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { pastThePageCache } from "../support/page-cache.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const clientDir = path.resolve(import.meta.dirname, "../../build/client");

describe("the server foundation", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>["app"];
  beforeAll(async () => {
    ({ app } = await buildTestApp());
  });

  it("streams the home page to a browser with the spec's title", async () => {
    const res = await request(app).get("/").set("User-Agent", browser);
    expect(res.status).toBe(200);
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(res.text).toMatch(/<title>Design Agency Derby \| [^|<]+ \| Web Design • Branding • UK<\/title>/);
  });

  it("gives a crawler the complete document", async () => {
    const res = await request(app).get("/").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Design Agency Derby");
    expect(res.text.trimEnd()).toMatch(/<\/html>$/);
  });

  it("answers an unknown page with the 404 page and status", async () => {
    const res = await request(app).get("/no-such-page").set("User-Agent", googlebot);
    expect(res.status).toBe(404);
    expect(res.text).toContain("404, page not found.");
    expect(res.text).toContain("Doh! This is awkward...");
    expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>Go Home<\/a>/);
  });

  it("reports liveness on /healthz", async () => {
    const res = await request(app).get("/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("sends security headers with a fresh nonce that every inline script carries", async () => {
    // Each visit past the page cache is rendered (a stored copy would be the same document each time).
    const first = await request(app).get(pastThePageCache("/")).set("User-Agent", googlebot);
    const second = await request(app).get(pastThePageCache("/")).set("User-Agent", googlebot);
    // Not the cache's answers at all: no X-Cache.
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual([undefined, undefined]);
    const csp = first.headers["content-security-policy"] as string;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers["content-security-policy"]).not.toContain(nonce);
    const scripts = [...first.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/\bsrc=/.test(attributes)) continue;
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(csp).toContain("frame-ancestors 'none'");
    // Styles too: the head's style elements carry the nonce, and the policy allows nothing else.
    expect(csp.split(";").find((d) => d.trim().startsWith("style-src "))).toBe(`style-src 'self' 'nonce-${nonce}'`);
    const styles = [...first.text.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(styles.length).toBeGreaterThan(0);
    for (const attributes of styles) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers["x-powered-by"]).toBeUndefined();
    expect(first.headers["strict-transport-security"]).toContain("max-age=");
    // The powerful features the site never uses are off for it and for anything it embeds.
    const features = (first.headers["permissions-policy"] as string).split(/,\s*/);
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"]) {
      expect(features).toContain(`${feature}=()`);
    }
    expect(features.every((feature) => /^[a-z-]+=\(\)$/.test(feature))).toBe(true);
  });

  it("allows no inline style but its own on any page: no 'unsafe-inline', no style attribute", async () => {
    const paths = ["/", "/about", "/services", "/projects", "/news", "/contact", "/status", "/no-such-page"];
    const sitemap = (await request(app).get("/sitemap.xml")).text;
    for (const kind of ["post", "project", "service"]) {
      const path = new RegExp(`/${kind}/[^<]+`).exec(sitemap)?.[0];
      if (path) paths.push(path);
    }
    expect(paths.length).toBe(11);
    for (const path of paths) {
      const res = await request(app).get(pastThePageCache(path)).set("User-Agent", googlebot);
      expect(res.headers["content-security-policy"], path).not.toContain("'unsafe-inline'");
      // A style attribute in the server's HTML would be refused by the browser, and hydration does not restore it.
      expect(res.text, path).not.toMatch(/<[a-z][^>]*\sstyle="/i);
    }
  });

  it("compresses HTML", async () => {
    const res = await request(app).get("/").set("User-Agent", googlebot).set("Accept-Encoding", "br, gzip");
    expect(["br", "gzip"]).toContain(res.headers["content-encoding"]);
  });

  it("caches hashed assets for a year as immutable", async () => {
    const page = await request(app).get("/").set("User-Agent", googlebot);
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(asset).toBeDefined();
    const res = await request(app).get(asset ?? "");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await request(app).get("/assets/nope-123.js");
    expect(missing.status).toBe(404);
  });

  it("sends hashed scripts as the build's brotli or gzip copy, byte for byte the file once decoded", async () => {
    const page = await request(app).get("/").set("User-Agent", googlebot);
    // The largest script the page preloads (the framework's), where compression has something to show.
    const scripts = [...page.text.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? "");
    const sizes = new Map(scripts.map((href) => [href, readFileSync(path.join(clientDir, href)).length]));
    const asset = scripts.reduce((largest, href) =>
      (sizes.get(href) ?? 0) > (sizes.get(largest) ?? 0) ? href : largest,
    );
    expect(sizes.get(asset)).toBeGreaterThan(100_000);
    const file = readFileSync(path.join(clientDir, asset));
    const raw = (encoding: string) =>
      request(app)
        .get(asset)
        .set("Accept-Encoding", encoding)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
          res.on("end", () => done(null, Buffer.concat(chunks)));
        });
    const br = await raw("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers["content-length"])).toBeLessThan(file.length / 3);
    // The test client decodes what it receives; Content-Length is what travelled.
    expect((br.body as Buffer).equals(file)).toBe(true);
    const gz = await raw("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBeLessThan(file.length / 3);
    expect(Number(gz.headers["content-length"])).toBeGreaterThan(Number(br.headers["content-length"]));
    expect((gz.body as Buffer).equals(file)).toBe(true);
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect((plain.body as Buffer).equals(file)).toBe(true);
  });

  it("echoes a sane X-Request-Id and makes one otherwise", async () => {
    const given = await request(app).get("/healthz").set("X-Request-Id", "abc-123");
    expect(given.headers["x-request-id"]).toBe("abc-123");
    const made = await request(app).get("/healthz").set("X-Request-Id", "bad id with spaces and {braces}");
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
