import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dataAhead } from "../../src/lib/data-ahead.ts";

/** A page's data as a server sends it, counting what it is asked. */
let server: Server;
let origin = "";
const asked: string[] = [];
/** The Purpose header of each request (a read ahead of need says "prefetch"). */
const purposes: string[] = [];
let version = 1;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    purposes.push(String(req.headers.purpose ?? ""));
    if (req.url?.startsWith("/gone")) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/x-script", "X-Remix-Response": "yes" });
    res.end(`[{"page":"${req.url}","version":${version}}]`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
  purposes.length = 0;
  version = 1;
});

function subject(clock = { now: 0 }, maxEntries = 3) {
  return dataAhead({
    fetch: globalThis.fetch,
    base: () => `${origin}/news`,
    maxAgeMs: 60_000,
    maxEntries,
    now: () => clock.now,
  });
}

describe("page data kept in memory for the move that asks for it", () => {
  it("answers the router's fetch for a kept URL with the bytes, status and headers the server sent, without asking it", async () => {
    const ahead = subject();
    await ahead.keep("/about.data?_routes=routes%2Fabout");
    version = 2;
    const response = await ahead.fetch(new URL(`${origin}/about.data?_routes=routes%2Fabout`), {
      signal: new AbortController().signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Remix-Response")).toBe("yes");
    expect(await response.text()).toBe('[{"page":"/about.data?_routes=routes%2Fabout","version":1}]');
    expect(asked).toEqual(["GET /about.data?_routes=routes%2Fabout"]);
    expect(purposes).toEqual(["prefetch"]);
  });

  it("answers once: the next visit to that page asks the server, and sees what changed", async () => {
    const ahead = subject();
    await ahead.keep("/about.data");
    await (await ahead.fetch(`${origin}/about.data`)).text();
    version = 2;
    expect(await (await ahead.fetch(`${origin}/about.data`)).text()).toContain('"version":2');
    expect(asked).toEqual(["GET /about.data", "GET /about.data"]);
  });

  it("passes on other URLs, and the same page with another set of routes", async () => {
    const ahead = subject();
    await ahead.keep("/about.data?_routes=routes%2Fabout");
    await (await ahead.fetch(`${origin}/about.data`)).text();
    await (await ahead.fetch(`${origin}/services.data`)).text();
    expect(asked).toEqual(["GET /about.data?_routes=routes%2Fabout", "GET /about.data", "GET /services.data"]);
    expect(ahead.kept()).toEqual([`${origin}/about.data?_routes=routes%2Fabout`]);
  });

  it("forgets everything on a form post, which may change what the pages show", async () => {
    const ahead = subject();
    await ahead.keep("/about.data");
    await ahead.keep("/services.data");
    const post = await ahead.fetch(`${origin}/contact.data`, { method: "POST", body: "name=A" });
    expect(post.status).toBe(200);
    expect(ahead.kept()).toEqual([]);
    await (await ahead.fetch(`${origin}/about.data`)).text();
    expect(asked.at(-1)).toBe("GET /about.data");
  });

  it("lets a copy older than its freshness go to the server", async () => {
    const clock = { now: 0 };
    const ahead = subject(clock);
    await ahead.keep("/about.data");
    clock.now = 60_001;
    version = 2;
    expect(await (await ahead.fetch(`${origin}/about.data`)).text()).toContain('"version":2');
    expect(asked).toHaveLength(2);
  });

  it("keeps only answers that succeeded, and only the newest few", async () => {
    const ahead = subject({ now: 0 }, 2);
    await ahead.keep("/gone.data");
    for (const page of ["/a.data", "/b.data", "/c.data"]) await ahead.keep(page);
    expect(ahead.kept()).toEqual([`${origin}/b.data`, `${origin}/c.data`]);
  });

  it("passes on a request already aborted, which the network refuses as the router expects", async () => {
    const ahead = subject();
    await ahead.keep("/about.data");
    const controller = new AbortController();
    controller.abort();
    await expect(ahead.fetch(`${origin}/about.data`, { signal: controller.signal })).rejects.toThrow();
    expect(ahead.kept()).toEqual([`${origin}/about.data`]);
  });

  it("fails as fetch does when the move is given up before the answer comes (the visitor tapped elsewhere)", async () => {
    const ahead = subject();
    await ahead.keep("/about.data");
    const controller = new AbortController();
    const answer = ahead.fetch(`${origin}/about.data`, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toThrow(/abort/i);
  });
});
