import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { renderLimit } from "../../server/http/render-limit.ts";

/** A page renderer behind the limit whose renders finish only when the test lets them. */
async function site(concurrency: number, queue: number) {
  const metrics = new Registry();
  const limit = renderLimit({ concurrency, queue, metrics, isPrivate: (req) => req.path === "/contact" });
  const gates: (() => void)[] = [];
  let started = 0;
  const paths: string[] = [];
  const app = express();
  app.all(/.*/, limit.middleware, (req, res) => {
    started++;
    paths.push(req.path);
    if (req.method === "POST") {
      res.send("posted");
      return;
    }
    gates.push(() => res.send(`page ${req.path}`));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const release = () => gates.shift()?.();
  return { server, url, release, limit, metrics, started: () => started, paths: () => paths };
}

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("the bound on page renders in flight", () => {
  it("renders up to its slots, queues up to its bound, then answers 503 with Retry-After at once", async () => {
    const s = await site(1, 1);
    servers.push(s.server);
    const first = fetch(s.url("/a"));
    await until(() => s.started() === 1);
    const second = fetch(s.url("/b"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The second waits for the slot: it has not started.
    expect(s.started()).toBe(1);
    const third = await fetch(s.url("/c"));
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("2");
    expect(third.headers.get("cache-control")).toBe("no-store");
    expect(await third.text()).toMatch(/busy/);
    // A form post (an action) is never refused for load.
    const post = await fetch(s.url("/contact"), { method: "POST" });
    expect(await post.text()).toBe("posted");
    s.release();
    expect(await (await first).text()).toBe("page /a");
    await until(() => s.started() === 3);
    s.release();
    expect(await (await second).text()).toBe("page /b");
    const refused = await (await s.metrics.getSingleMetric("page_renders_refused_total")?.get())?.values;
    expect(refused?.find((value) => value.labels.for === "visitor")?.value).toBe(1);
  });

  it("gives back the slot of a visitor who left, whether rendering or still waiting", async () => {
    const s = await site(1, 1);
    servers.push(s.server);
    const leaving = new AbortController();
    fetch(s.url("/a"), { signal: leaving.signal }).catch(() => {});
    await until(() => s.started() === 1);
    const waiting = new AbortController();
    fetch(s.url("/b"), { signal: waiting.signal }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    waiting.abort();
    leaving.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The slot is free again, and the visitor who left while waiting was never rendered for.
    const next = fetch(s.url("/c"));
    await until(() => s.started() === 2);
    expect(s.started()).toBe(2);
    s.release(); // /a's render, answered to no one
    s.release();
    expect(await (await next).text()).toBe("page /c");
  });

  it("gives a page never stored at most half the slots and half the queue, so a bot on it leaves room for the rest", async () => {
    const s = await site(4, 4);
    servers.push(s.server);
    const answers = [fetch(s.url("/contact")), fetch(s.url("/contact"))];
    await until(() => s.started() === 2);
    // Two more wait for the contact page's half, and one more than that is refused at once.
    answers.push(fetch(s.url("/contact")), fetch(s.url("/contact")));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fetch(s.url("/contact"))).status).toBe(503);
    // Every other page still gets a slot straight away.
    answers.push(fetch(s.url("/a")), fetch(s.url("/b")));
    await until(() => s.started() === 4);
    expect(s.paths()).toEqual(["/contact", "/contact", "/a", "/b"]);
    for (let i = 0; i < 6; i++) {
      await until(() => s.started() > i);
      s.release();
    }
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("refuses a render for the page cache, so nothing is stored, when full", async () => {
    const s = await site(1, 0);
    servers.push(s.server);
    const first = fetch(s.url("/a"));
    await until(() => s.started() === 1);
    expect(await s.limit.shared(async () => "rendered")).toBeUndefined();
    s.release();
    await first;
    expect(await s.limit.shared(async () => "rendered")).toBe("rendered");
  });
});
