import { readFileSync } from "node:fs";
import path from "node:path";
import express from "express";
import proxyaddr from "proxy-addr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { loadConfig, type TrustProxy } from "../../server/config.ts";
import { vitalsPath } from "../../src/shared/report-paths.ts";
import { buildTestApp } from "../support/app.ts";
import { listen, rawRequest } from "../support/raw-http.ts";

/**
 * Whose address a request counts as: the connection's, or the one X-Forwarded-For names when the connection comes
 * from a proxy TRUST_PROXY lists. Every request here comes from 127.0.0.1, as from a proxy on the same machine.
 */

const root = path.resolve(import.meta.dirname, "../..");
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function site(trustProxy: string) {
  const built = await buildTestApp({ env: { TRUST_PROXY: trustProxy } });
  const server = await listen(built.app);
  closing.push(() => built.services.stop(), server.close);
  return server.port;
}

/** What is left of the budget of whoever this report is counted against (the RateLimit header's `r`). */
async function leftAfterReport(port: number, forwardedFor: string) {
  const res = await fetch(`http://127.0.0.1:${port}${vitalsPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: "[]",
  });
  const left = /;\s*r=(\d+)/.exec(res.headers.get("ratelimit") ?? "")?.[1];
  expect(left, `RateLimit: ${res.headers.get("ratelimit")}`).toBeDefined();
  return Number(left);
}

const page = (port: number, headers: string[]) =>
  rawRequest(port, `GET /about HTTP/1.1\r\n${headers.join("\r\n")}\r\nConnection: close\r\n\r\n`);

/** The same visitor twice, then another, all through the same connection's address. */
async function threeReports(port: number): Promise<[number, number, number]> {
  return [
    await leftAfterReport(port, "203.0.113.1"),
    await leftAfterReport(port, "203.0.113.1"),
    await leftAfterReport(port, "198.51.100.7, 203.0.113.2"),
  ];
}

describe("TRUST_PROXY as addresses and ranges", () => {
  it.each(["127.0.0.1/8", "loopback", "10.0.0.0/8, 127.0.0.1"])(
    "%s: a request from 127.0.0.1 counts against the forwarded address, and a stored page reads the forwarded Host",
    async (range) => {
      const port = await site(range);
      const [first, again, other] = await threeReports(port);
      expect(again).toBe(first - 1);
      expect(other).toBe(first);

      // The page's copy is made in the background: on a busy machine that can take a few seconds.
      await vi.waitFor(async () => expect((await page(port, ["Host: example.com"])).headers["x-cache"]).toBe("HIT"), {
        timeout: 15_000,
        interval: 100,
      });
      const stored = await page(port, ["Host: not a host", "X-Forwarded-Host: example.com"]);
      expect(stored.status).toBe(200);
      expect(stored.headers["x-cache"]).toBe("HIT");
    },
  );

  it.each(["10.0.0.0/8", "192.168.0.0/16, fd00::/8"])(
    "%s: a request from 127.0.0.1 counts against 127.0.0.1 whatever X-Forwarded-For says, and its Host is read",
    async (range) => {
      const port = await site(range);
      const [first, again, other] = await threeReports(port);
      expect([again, other]).toEqual([first - 1, first - 2]);

      expect((await page(port, ["Host: example.com"])).status).toBe(200);
      expect((await page(port, ["Host: not a host", "X-Forwarded-Host: example.com"])).status).toBe(400);
    },
  );
});

/** Whom Express takes a request for under this TRUST_PROXY value: from a connection, with an X-Forwarded-For. */
function clientAsTrusted(value: string) {
  const app = express();
  app.set("trust proxy", loadConfig({ TRUST_PROXY: value }).TRUST_PROXY);
  const trust = app.get("trust proxy fn") as TrustProxy;
  return (from: string, forwardedFor: string) =>
    proxyaddr(
      {
        socket: { remoteAddress: from },
        connection: { remoteAddress: from },
        headers: { "x-forwarded-for": forwardedFor },
      } as never,
      trust,
    );
}

describe("the pod's TRUST_PROXY (ops/kubernetes/deployment.yaml)", () => {
  it("believes X-Forwarded-For from the ingress's pods on the cluster network, and from no one else", () => {
    const deployment = parse(readFileSync(path.join(root, "ops/kubernetes/deployment.yaml"), "utf8")) as {
      spec: { template: { spec: { containers: { name: string; env: { name: string; value?: string }[] }[] } } };
    };
    const site = deployment.spec.template.spec.containers.find((container) => container.name === "site");
    const clientOf = clientAsTrusted(site?.env.find((variable) => variable.name === "TRUST_PROXY")?.value ?? "");
    // Through the ingress (a pod at 10.244.1.5): the visitor it names, not anything the visitor wrote before it.
    expect(clientOf("10.244.1.5", "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
    // Straight to the pod from outside: its own address, whatever it claims.
    expect(clientOf("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
  });
});

describe("the scale profile's TRUST_PROXY (docker-compose.yml)", () => {
  it("believes X-Forwarded-For from Varnish and nginx in front, and from no other service", () => {
    const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const clientOf = clientAsTrusted(compose.services["site-scaled"]?.environment?.TRUST_PROXY ?? "");
    // Through Varnish (10.231.43.10) then nginx (10.231.43.11): the visitor Varnish saw, not what it wrote before.
    expect(clientOf("10.231.43.11", "198.51.100.1, 203.0.113.9, 10.231.43.10")).toBe("203.0.113.9");
    // The published port's gateway is on the same network, and is the visitor, not a proxy.
    expect(clientOf("10.231.43.11", "198.51.100.1, 10.231.43.1, 10.231.43.10")).toBe("10.231.43.1");
    // Another service reaching a replica on the default network: its own address, whatever it claims.
    expect(clientOf("172.18.0.5", "198.51.100.1")).toBe("172.18.0.5");
  });
});
