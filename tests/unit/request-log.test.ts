import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, requestLogger } from "../../server/http/logging.ts";

/** An app with the request logger in front of a handler that answers `status`, its log lines collected. */
async function site(status: number) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("info", { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use(requestLogger(logger));
  app.use((req, res) => {
    // Any part of the server that logs the request gets the same four fields, never the headers.
    logger.info({ req }, "handled");
    res.status(status).send("answer");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return { origin: `http://127.0.0.1:${port}`, lines };
}

let closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.map((close) => close()));
  closing = [];
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the request log line", () => {
  it("names the request (its id as echoed back, method, path and query, client address) and the status", async () => {
    const { origin, lines } = await site(200);
    const res = await fetch(`${origin}/news?category=branding`, { headers: { "x-request-id": "trace-42" } });
    await settled();
    expect(res.headers.get("x-request-id")).toBe("trace-42");
    const line = lines.find((entry) => entry.msg === "request completed");
    expect(line).toMatchObject({
      level: 30,
      req: { id: "trace-42", method: "GET", url: "/news?category=branding", remoteAddress: "127.0.0.1" },
      res: { statusCode: 200 },
    });
    expect(typeof line?.responseTime).toBe("number");
  });

  it("never carries the preview secret, nor the headers (cookies, authorization)", async () => {
    const { origin, lines } = await site(200);
    await fetch(`${origin}/preview?secret=s3cr3t-value&path=%2Fabout`, {
      headers: { cookie: "session=abc", authorization: "Bearer token-value" },
    });
    await settled();
    const text = JSON.stringify(lines);
    expect(text).not.toContain("s3cr3t-value");
    expect(text).not.toContain("session=abc");
    expect(text).not.toContain("token-value");
    for (const msg of ["request completed", "handled"]) {
      expect(lines.find((entry) => entry.msg === msg)).toMatchObject({
        req: { url: "/preview?secret=[redacted]&path=%2Fabout" },
      });
    }
  });

  it("cuts a secret however its name is spelt, and the credentials in a URL, wherever the URL is logged", async () => {
    const { origin, lines } = await site(200);
    const spellings = [
      "secret=hunter2",
      "%73ecret=hunter2",
      "%73%65%63%72%65%74=hunter2",
      "%2573ecret=hunter2",
      "SeCrEt=hunter2",
      "sec+ret=hunter2",
      "sec%20ret=hunter2",
      "a[secret]=hunter2",
      "a%5Bsecret%5D=hunter2",
      "x=1&secret=hunter2&secret=hunter2",
      "x=1;secret=hunter2",
      "access_token=hunter2",
      "X-Amz-Signature=hunter2",
      "PassWord=hunter2",
      "%73ecret%ZZ=hunter2",
      "secret=hun%22ter2",
      "secret=hun\\ter2",
      "next=https%3A%2F%2Fuser%3Ahunter2%40example.com%2F",
    ];
    for (const query of spellings) await fetch(`${origin}/preview?${query}`);
    await settled();
    expect(JSON.stringify(lines)).not.toMatch(/hunter|ter2/);
    expect(lines.filter((entry) => entry.msg === "handled")).toHaveLength(spellings.length);
    expect(lines.filter((entry) => entry.msg === "handled").map((entry) => (entry.req as { url: string }).url)).toEqual(
      expect.arrayContaining(["/preview?a[secret]=[redacted]", "/preview?x=1&secret=[redacted]&secret=[redacted]"]),
    );
  });

  it("never writes credentials in a URL, nor credential headers, in any field or message", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    logger.error(
      { err: new Error("connect to redis://default:hunter2@redis:6379 failed"), url: "smtp://user:hunter2@mail/" },
      "mail via smtps://user:p@ss-hunter2@mail.example:465 refused",
    );
    logger.warn({ headers: { cookie: "site_preview=hunter2", "x-webhook-secret": "hunter2" } }, "a call");
    // A library's failed call, as an HTTP client's error carries it.
    const failed = Object.assign(new Error("Request failed with status code 401"), {
      config: { headers: { Authorization: "Bearer hunter2", "x-contentful-signature": "hunter2" } },
      request: { headers: { "proxy-authorization": "Basic hunter2" } },
      response: { status: 401, headers: { "set-cookie": "a=hunter2", "content-type": "application/json" } },
    });
    logger.error({ err: failed }, "a call failed");
    expect(lines.join("")).not.toContain("hunter2");
    expect(lines.join("")).toContain("smtps://[redacted]@mail.example:465");
    expect(JSON.parse(lines[1] ?? "{}")).toMatchObject({
      headers: { cookie: "[redacted]", "x-webhook-secret": "[redacted]" },
    });
    expect(JSON.parse(lines[2] ?? "{}")).toMatchObject({
      err: { response: { status: 401, headers: { "set-cookie": "[redacted]", "content-type": "application/json" } } },
    });
  });

  it("gives a request without a sane id a new one, and logs a 5xx as an error without a made-up stack", async () => {
    const { origin, lines } = await site(503);
    const res = await fetch(`${origin}/`, { headers: { "x-request-id": "not sane!" } });
    await settled();
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((entry) => entry.msg === "request errored");
    expect(line).toMatchObject({ level: 50, req: { id }, res: { statusCode: 503 } });
    expect(line?.err).toBeUndefined();
  });
});
