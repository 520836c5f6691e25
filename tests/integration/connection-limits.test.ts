import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestTimeouts, silentConnectionMs } from "../../server/http/server.ts";
import { maxPathBytes, maxPathSegments } from "../../server/lib/request-path.ts";
import { buildTestApp } from "../support/app.ts";
import { listen, rawRequest } from "../support/raw-http.ts";

/**
 * What the server does with connections and request lines no visitor sends, on the real HTTP
 * server main.ts runs, with real sockets: silent connections closed within seconds, the header timeout acting on
 * time, and paths past the limits refused with 414 before any routing.
 */

type Built = Awaited<ReturnType<typeof buildTestApp>>;
let built: Built;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  built = await buildTestApp();
  server = await listen(built.app);
});
afterAll(async () => {
  await server.close();
  await built.services.stop();
});

/** Opens a connection, writes `bytes` (if any), and resolves with how long until the server closed it and what it said. */
function holdOpen(bytes?: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = "";
    const socket = net.connect(server.port, "127.0.0.1", () => {
      if (bytes) socket.write(bytes);
    });
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ closedAfterMs: performance.now() - started, answer }));
  });
}

describe("connections that never finish a request", () => {
  it("closes a connection that sends nothing after a few seconds, and one that stops mid-headers at the header timeout", async () => {
    const [silent, partial] = await Promise.all([holdOpen(), holdOpen("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")]);
    expect(silent.answer).toBe("");
    expect(silent.closedAfterMs).toBeGreaterThanOrEqual(silentConnectionMs - 100);
    expect(silent.closedAfterMs).toBeLessThan(silentConnectionMs + 2_000);
    expect(partial.answer).toMatch(/^HTTP\/1\.1 408/);
    // Checked every second, not every 30 s: it acts within a second or two of the limit.
    expect(partial.closedAfterMs).toBeGreaterThanOrEqual(requestTimeouts.headersTimeout - 100);
    expect(partial.closedAfterMs).toBeLessThan(requestTimeouts.headersTimeout + 2_500);
  }, 20_000);

  it("keeps a connection that sent its request, however long the answer takes to read", async () => {
    const answer = await rawRequest(
      server.port,
      "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
  });
});

describe("paths past the limits", () => {
  const request = (path: string) =>
    rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

  it("refuses a path of 8,000 segments with 414, at once", async () => {
    const started = performance.now();
    const answer = await request(`/${"a/".repeat(8_000)}`);
    expect(answer.status).toBe(414);
    expect(answer.body).toContain(`at most ${maxPathBytes} bytes and ${maxPathSegments} segments`);
    // Not a timed assertion on speed: a refusal that had walked the routes would have taken seconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses more segments or bytes than the limits, and takes a path just within them", async () => {
    expect((await request(`/${"a/".repeat(maxPathSegments)}`)).status).toBe(414);
    expect((await request(`/${"a".repeat(maxPathBytes)}`)).status).toBe(414);
    expect((await request(`/${"a/".repeat(maxPathSegments - 2)}a`)).status).toBe(404);
    // The query string is not part of the path's limits.
    expect((await request(`/about?q=${"a/".repeat(200)}`)).status).toBe(200);
  });
});
