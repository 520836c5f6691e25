import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitBytes } from "../../server/http/body.ts";
import { buildTestApp } from "../support/app.ts";
import { listen, postStream as post, repeatedBytes, type StreamedAnswer } from "../support/raw-http.ts";

/**
 * One body limit for every POST, however the body is sent. 100 MB streamed to each POST route
 * (generated on the fly, never held) is cut at the limit and answered 413, and the process hosting the server
 * grows by less than 20 MB while it happens.
 */

const mb = 1024 * 1024;
const total = 100 * mb;
const hundredMegabytes = (sent: { bytes: number }) => repeatedBytes(total, sent);

/** The highest RSS of this process (which hosts the server) while `work` runs. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

const form = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
const json = { "Content-Type": "application/json" };

const uploads: { name: string; path: string; headers: Record<string, string>; gzip?: boolean }[] = [
  { name: "chunked JSON to the enquiry API", path: "/emails/contact-form", headers: json },
  { name: "a chunked form to the enquiry API", path: "/emails/contact-form", headers: form },
  { name: "gzip-compressed JSON to the enquiry API", path: "/emails/contact-form", headers: json, gzip: true },
  { name: "chunked JSON to the content proxy", path: "/contentful/posts", headers: json },
  { name: "a chunked form to the contact page", path: "/contact", headers: form },
  { name: "a chunked form to the contact page's data URL", path: "/contact.data", headers: form },
  { name: "a gzip-compressed form to the contact page", path: "/contact", headers: form, gzip: true },
  { name: "a chunked form to another page", path: "/about", headers: form },
];

describe("a 100 MB POST", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const { app } = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1000", CONTENT_RATE_LIMIT: "1000" } });
    server = await listen(app);
  });
  afterAll(() => server?.close());

  it("is cut at the limit and answered 413 on every POST route, with the server's memory flat", async () => {
    // Warm every path first, so the numbers measure the uploads rather than code loading.
    for (const upload of uploads) {
      const sent = { bytes: 0 };
      await post(server.port, upload.path, upload.headers, Readable.from([Buffer.from("a=1")]), sent);
    }
    const before = process.memoryUsage.rss();
    const { result: answers, peak } = await peakRss(async () => {
      const results: (StreamedAnswer & { name: string; gzip?: boolean })[] = [];
      for (const upload of uploads) {
        const sent = { bytes: 0 };
        const source = hundredMegabytes(sent);
        const body = upload.gzip ? source.pipe(createGzip()) : source;
        const headers = upload.gzip ? { ...upload.headers, "Content-Encoding": "gzip" } : upload.headers;
        results.push({
          name: upload.name,
          gzip: upload.gzip,
          ...(await post(server.port, upload.path, headers, body, sent)),
        });
      }
      return results;
    });

    for (const answer of answers) {
      expect(answer.status, answer.name).toBe(413);
      expect(JSON.parse(answer.body), answer.name).toEqual({
        status: "fail",
        message: `The request is too large. The limit is ${bodyLimitBytes / 1024} kB.`,
      });
      // The server stopped reading: most of the 100 MB never left the client (compressed, it all fits in ~100 kB).
      if (!answer.gzip) expect(answer.sentBytes, answer.name).toBeLessThan(total / 2);
    }
    const growth = (peak - before) / mb;
    console.log(`RSS before ${(before / mb).toFixed(1)} MB, peak ${(peak / mb).toFixed(1)} MB (+${growth.toFixed(1)})`);
    expect(growth).toBeLessThan(20);
  }, 120_000);

  it("declared up front is refused before a byte of it is read", async () => {
    const sent = { bytes: 0 };
    const answer = await post(
      server.port,
      "/emails/contact-form",
      { ...json, "Content-Length": String(total) },
      hundredMegabytes(sent),
      sent,
    );
    expect(answer.status).toBe(413);
    expect(answer.sentBytes).toBeLessThan(total / 2);
  });

  it("to the Contentful webhook, which never reads a body, is answered without holding it", async () => {
    const before = process.memoryUsage.rss();
    const sent = { bytes: 0 };
    const { result: answer, peak } = await peakRss(() =>
      post(server.port, "/contentful/webhook", json, hundredMegabytes(sent), sent),
    );
    expect(answer.status).toBe(401);
    expect((peak - before) / mb).toBeLessThan(20);
  }, 60_000);
});
