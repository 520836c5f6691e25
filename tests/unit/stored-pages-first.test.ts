import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type TrustProxy } from "../../server/config.ts";
import { checkRequestLine, requestLineFine } from "../../server/http/request-line.ts";
import { listen, rawRequest } from "../support/raw-http.ts";

/**
 * `storedPagesFirst` (server/http/pages.ts) answers a copy before Express only for a request the request-line
 * check would pass as it is, reading Host and the protocol as Express's `req.host` and `req.protocol` do under the
 * app's "trust proxy" setting. Each request below goes through Express with that check; its verdict on the
 * same request is sent back in a header.
 */
async function site(trustProxy: string) {
  const app = express();
  app.set("trust proxy", loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY);
  const trust = app.get("trust proxy fn") as TrustProxy;
  app.use((req, res, next) => {
    res.setHeader("X-Door", String(requestLineFine(req, trust)));
    res.setHeader("X-Url", req.url);
    next();
  });
  app.use(checkRequestLine, (req, res) => {
    res.send(`passed ${req.host} ${req.protocol} ${req.url}`);
  });
  const server = await listen(app);
  closing.push(server.close);
  return server.port;
}

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.map((close) => close()));
  closing = [];
});

const request = (target: string, headers: string[]) =>
  `GET ${target} HTTP/1.1\r\n${headers.map((header) => `${header}\r\n`).join("")}Connection: close\r\n\r\n`;

const cases: [string, string, string[]][] = [
  ["a plain request", "/about", ["Host: example.com"]],
  ["a query", "/news?category=Branding&utm_source=x", ["Host: example.com:8080"]],
  ["no Host", "/about", []],
  ["an empty Host", "/about", ["Host: "]],
  ["two Host headers", "/about", ["Host: example.com", "Host: other.com"]],
  ["a Host with a user", "/about", ["Host: user@example.com"]],
  [
    "a forwarded host and protocol",
    "/about",
    ["Host: internal", "X-Forwarded-Host: example.com", "X-Forwarded-Proto: https"],
  ],
  ["a chain of forwarded hosts", "/about", ["Host: internal", "X-Forwarded-Host: example.com, proxy.local"]],
  ["a forwarded host that is no host", "/about", ["Host: example.com", "X-Forwarded-Host: not a host"]],
  ["an empty forwarded host", "/about", ["Host: example.com", "X-Forwarded-Host: "]],
  ["a forwarded protocol that names no URL", "/about", ["Host: example.com", "X-Forwarded-Proto: ftp"]],
  ["a chain of forwarded protocols", "/about", ["Host: example.com", "X-Forwarded-Proto: https , http"]],
  ["malformed percent-encoding", "/post/%E0%A4%A", ["Host: example.com"]],
  ["an absolute-form target", "http://example.com/about", ["Host: example.com"]],
  ["a path over the limit", `/${"a/".repeat(70)}`, ["Host: example.com"]],
];

describe("a stored page is answered before Express only for what the request-line check passes as it is", () => {
  // No proxy; the connection's range (or hop count), which the tests' 127.0.0.1 is in; a range it is not in.
  for (const trustProxy of ["false", "loopback", "127.0.0.1/8", "1", "10.0.0.0/8, fd00::/8"]) {
    it.each(cases)(`trust proxy ${trustProxy}: %s`, async (_name, target, headers) => {
      const port = await site(trustProxy);
      const answer = await rawRequest(port, request(target, headers));
      expect(answer.status).toBeGreaterThan(0);
      if (answer.headers["x-door"] === "true") {
        // Passed on unchanged, with the Host and protocol it read.
        expect(answer.status).toBe(200);
        expect(answer.headers["x-url"]).toBe(target);
        expect(answer.body).toMatch(/^passed /);
      } else if (answer.status === 200) {
        // Declined though it passed: only the absolute form, which the check passes once rewritten to its path.
        expect(target).toMatch(/^http:\/\//);
      } else {
        // Refused: the app answers it, with its log line.
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    });
  }

  it("takes the requests a visitor's browser sends, through a trusted proxy and without one", async () => {
    const direct = await site("false");
    const proxied = await site("loopback");
    const browser = ["Host: example.com", "Accept: text/html", "Accept-Encoding: gzip, br"];
    expect((await rawRequest(direct, request("/about?utm_source=x", browser))).headers["x-door"]).toBe("true");
    const forwarded = [
      ...browser,
      "X-Forwarded-Host: example.com",
      "X-Forwarded-Proto: https",
      "X-Forwarded-For: 1.2.3.4",
    ];
    expect((await rawRequest(proxied, request("/about", forwarded))).headers["x-door"]).toBe("true");
  });
});

describe("a forwarded Host is read before Express as Express reads it: from a proxy in TRUST_PROXY only", () => {
  const forwarded = ["Host: not a host", "X-Forwarded-Host: example.com", "X-Forwarded-Proto: https"];

  it.each(["loopback", "127.0.0.1/8", "127.0.0.0/24, 10.0.0.0/8"])("%s takes 127.0.0.1's word", async (range) => {
    const answer = await rawRequest(await site(range), request("/about", forwarded));
    expect(answer.headers["x-door"]).toBe("true");
    expect(answer.body).toBe("passed example.com https /about");
  });

  it.each(["10.0.0.0/8", "192.168.0.0/16, fd00::/8", "false"])("%s does not: its own Host is read", async (range) => {
    const answer = await rawRequest(await site(range), request("/about", forwarded));
    expect(answer.headers["x-door"]).toBe("false");
    expect(answer.status).toBe(400);
  });
});
