import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../support/system.ts";

const root = path.resolve(import.meta.dirname, "../..");
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The production server as `npm start` runs it (npm run build first), with its log lines as objects. */
function startServer(port: number) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-shutdown-")),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const seen: string[] = [];
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    const message = (JSON.parse(line) as { msg?: string }).msg ?? "";
    seen.push(message);
    for (const waiter of waiters.filter((w) => message.startsWith(w.text))) waiter.resolve();
  });
  const logged = (text: string) =>
    seen.some((message) => message.startsWith(text))
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { child, logged };
}

/**
 * A request in flight: on one connection the client sends a whole /healthz request and, in the same packet, the
 * first lines of the request under test. Once /healthz is answered, the server has begun reading the second
 * request; finish() sends the rest, and the answer is read until the server closes the connection.
 */
async function requestInFlight(port: number, target: string) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  const host = `Host: 127.0.0.1:${port}\r\n`;
  socket.write(`GET /healthz HTTP/1.1\r\n${host}\r\nGET ${target} HTTP/1.1\r\n${host}`);
  let received = Buffer.alloc(0);
  const firstAnswered = new Promise<void>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.includes('{"status":"ok"}')) resolve();
    });
  });
  const closed = once(socket, "close");
  await firstAnswered;
  return {
    async finish() {
      socket.write(`User-Agent: ${googlebot}\r\n\r\n`);
      await closed;
      const second = received.indexOf("HTTP/1.1", received.indexOf('{"status":"ok"}'));
      return parseResponse(received.subarray(second));
    },
  };
}

function parseResponse(raw: Buffer) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, split).toString("latin1");
  let body = raw.subarray(split + 4);
  if (/^transfer-encoding: chunked$/im.test(head)) {
    // Chunk sizes count bytes, so the body is taken apart as bytes.
    const parts: Buffer[] = [];
    let cursor = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", cursor);
      const size = Number.parseInt(body.subarray(cursor, lineEnd).toString("latin1"), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      cursor = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(head.split(" ")[1]), head, body: body.toString("utf8") };
}

describe("graceful shutdown of the production server", () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
  });

  it("on SIGTERM stops accepting, finishes requests in flight, and exits 0 within 10 s", async () => {
    const port = await freePort();
    const server = startServer(port);
    child = server.child;
    await server.logged("listening");

    const page = await requestInFlight(port, "/status");
    const probe = await requestInFlight(port, "/readyz");

    const signalledAt = performance.now();
    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    await server.logged("shutting down");

    const refused = new Promise<string>((resolve) => {
      const late = net.connect(port, "127.0.0.1");
      late.on("connect", () => resolve("connected"));
      late.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(await refused).toBe("ECONNREFUSED");

    // The clients take their time: the server must hold their connections open while it drains.
    await setTimeout(1_500);
    const [pageAnswer, probeAnswer] = await Promise.all([page.finish(), probe.finish()]);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.body).toContain("This instance is shutting down");
    expect(pageAnswer.body.trimEnd()).toMatch(/<\/html>$/);
    expect(probeAnswer.status).toBe(503);
    expect(JSON.parse(probeAnswer.body)).toMatchObject({ status: "shutting down" });

    const [code] = await exited;
    expect(code).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
  });
});
