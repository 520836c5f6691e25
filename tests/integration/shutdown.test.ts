import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { readdir } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendEnquiry } from "../support/site-process.ts";
import { parseMail, startSmtp } from "../support/smtp.ts";
import { freePort } from "../support/system.ts";

const root = path.resolve(import.meta.dirname, "../..");
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The production server as `npm start` runs it (npm run build first), with its log lines as objects. */
function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-shutdown-")),
      ...env,
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

/** A mail server that hangs: a TCP peer that accepts and never says a word (not even the SMTP greeting). */
async function silentPeer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Whether the site has a delivery open to it right now. */
    inFlight: () => sockets.size > 0,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A real SMTP server that takes the message, then never confirms it (hangs mid-delivery). */
async function stallingSmtp() {
  const smtp = await startSmtp();
  smtp.state.stalling = true;
  return { url: smtp.url, inFlight: () => smtp.state.stalled > 0, close: () => void smtp.close() };
}

describe("shutdown while the mail server hangs", () => {
  let child: ChildProcess | undefined;
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each([
    ["accepts and never answers", silentPeer],
    ["stalls after the message", stallingSmtp],
  ])(
    "SIGTERM exits 0 within 10 s when the mail server %s; the enquiry is delivered after restart",
    async (_name, hung) => {
      const peer = await hung();
      cleanups.push(() => peer.close());
      const dataDir = mkdtempSync(path.join(tmpdir(), "site-shutdown-mail-"));
      const env = {
        DATA_DIR: dataDir,
        MAIL_TO: "studio@gritstone.test",
        FORM_SECRET: "shutdown-test-secret-0123456789ab",
      };
      const port = await freePort();
      const first = startServer(port, { ...env, SMTP_URL: peer.url });
      child = first.child;
      await first.logged("listening");

      const base = `http://127.0.0.1:${port}`;
      const sent = await sendEnquiry(base, {
        name: "Hung Server",
        email: "hung@example.com",
        need: "Branding",
        brief: "A logo for a mill.",
      });
      expect(sent.status).toBe(200);
      await vi.waitFor(() => expect(peer.inFlight()).toBe(true), { timeout: 5_000, interval: 20 });

      const signalledAt = performance.now();
      const exited = once(first.child, "exit");
      first.child.kill("SIGTERM");
      const [code] = await exited;
      const took = performance.now() - signalledAt;
      expect(code).toBe(0);
      expect(took).toBeLessThan(10_000);
      await first.logged("delivery given up at the shutdown deadline");
      const pendingDir = path.join(dataDir, "outbox", "pending");
      expect((await readdir(pendingDir)).filter((name) => name.endsWith(".json"))).toHaveLength(1);

      // Back up, now with a mail server that works: the enquiry left in the outbox goes out.
      const working = await startSmtp();
      cleanups.push(() => working.close());
      const second = startServer(port, { ...env, SMTP_URL: working.url });
      child = second.child;
      await vi.waitFor(() => expect(working.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(parseMail(working.received[0]?.raw ?? "").header("subject")).toBe(
        "New enquiry: Branding from Hung Server",
      );
      await vi.waitFor(async () => expect(await readdir(pendingDir)).toEqual([]), { timeout: 5_000, interval: 50 });
      const stopped = once(second.child, "exit");
      second.child.kill("SIGTERM");
      expect((await stopped)[0]).toBe(0);
    },
    40_000,
  );
});
