import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * Holds every request to `url` at the network edge until the returned function is called, then lets them all
 * through: to see a page mid-flight (a form post, a navigation) or before a file arrives (a chunk, an image).
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Asks for a page until the page cache answers it from its store (the first visitor's render fills it). */
export async function warm(request: APIRequestContext, path: string) {
  await expect
    .poll(async () => (await request.get(path)).headers()["x-cache"], { timeout: 15_000 })
    .toMatch(/^(HIT|STALE)$/);
}

export interface SlowNetwork {
  /** Where the browser asks instead of the site: the same paths. */
  origin: string;
  close(): Promise<void>;
}

/**
 * A slow network in front of the site: every request goes through to `upstream`, and an HTML document comes in
 * pieces, a pause after each place `cuts` names in it (character offsets), as a stream from a busy server or a
 * slow link arrives. The browser parses, lays out and paints each piece on its own, in an order a fast local
 * server hardly ever shows.
 */
export async function slowNetwork(
  upstream: string,
  cuts: (html: string) => number[],
  pauseMs = 300,
): Promise<SlowNetwork> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: target.host, "accept-encoding": "identity" };
    const forward = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      async (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!String(answer.headers["content-type"] ?? "").startsWith("text/html")) {
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const html = Buffer.concat(chunks).toString("utf8");
        let from = 0;
        for (const at of cuts(html).sort((a, b) => a - b)) {
          res.write(html.slice(from, at));
          from = at;
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
        res.end(html.slice(from));
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
