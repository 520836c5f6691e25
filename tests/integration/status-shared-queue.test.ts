import type { ChildProcess } from "node:child_process";
import { hostname } from "node:os";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, type RedisClient, redisReady } from "../../server/redis.ts";
import { buildTestApp } from "../support/app.ts";
import { redisServer, startRedis } from "../support/redis.ts";

/**
 * /status with the shared queue on a real redis-server, every command Redis receives watched with MONITOR: the page
 * names no host or process, and a request reads the queue's numbers as the background last read them, never the
 * stream itself (a stranger reloading /status must not make Redis walk every waiting enquiry).
 */

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** What reads the queue's numbers, or walks the stream. */
const queueReads = /^(XRANGE|XREVRANGE|XPENDING|XINFO|XLEN)$/;

describe.skipIf(!redisServer)("/status with the shared queue", { timeout: 60_000 }, () => {
  let redisProcess: ChildProcess;
  let redis: RedisClient;
  let monitor: RedisClient;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const seen: { command: string; args: string }[] = [];

  beforeAll(async () => {
    const started = await startRedis();
    redisProcess = started.child;
    redis = openRedis(started.url, createLogger("silent"));
    await redisReady(redis);
    // An install that has run before: the stream and its group are there, so each reading of the numbers succeeds.
    await redis.xGroupCreate("enquiries:stream", "delivery", "0", { MKSTREAM: true });
    monitor = redis.duplicate();
    await monitor.connect();
    await monitor.monitor((line: string) => {
      const [, command = "", args = ""] = /\] "([A-Za-z]+)"(.*)$/.exec(line) ?? [];
      seen.push({ command: command.toUpperCase(), args });
    });
    app = await buildTestApp({
      env: { REDIS_URL: started.url },
      // Only the readings at start: any later one would be a request's.
      serviceOptions: { queueNumbersEveryMs: 60 * 60_000 },
    });
    // What start reads: the numbers as the queue starts and once its consumer has found its group, and the retention
    // sweep; each ends with an XRANGE.
    await vi.waitFor(() => expect(seen.filter(({ command }) => command === "XRANGE")).toHaveLength(3), {
      timeout: 10_000,
    });
  });

  afterAll(async () => {
    await app?.services.stop();
    await monitor?.close();
    await redis?.close();
    redisProcess?.kill();
  });

  it("answers from the numbers read in the background: no request reads the queue", async () => {
    const from = seen.length;
    for (let i = 0; i < 5; i++) {
      for (const path of ["/status", "/status.json", "/metrics"]) {
        expect((await request(app.app).get(path).set("User-Agent", googlebot)).status).toBe(200);
      }
    }
    // Everything the requests sent has reached MONITOR once this has.
    await redis.sendCommand(["ECHO", "requests-done"]);
    await vi.waitFor(() => expect(seen.slice(from).some(({ command }) => command === "ECHO")).toBe(true));
    const reads = seen.slice(from).filter(({ command }) => queueReads.test(command));
    expect(reads).toEqual([]);
    const report = (await request(app.app).get("/status.json")).body;
    expect(report.mail).toMatchObject({ queue: "redis", outboxDepth: 0, consumer: { holding: 0 }, deadLetters: 0 });
  });

  it("names no host and no process", async () => {
    const name = hostname().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const path of ["/status", "/status.json"]) {
      const text = (await request(app.app).get(path).set("User-Agent", googlebot)).text;
      expect(text, `${path} names this host`).not.toMatch(new RegExp(`(?<![\\w.-])${name}(?![\\w-])`, "i"));
      expect(text, `${path} names this process`).not.toMatch(new RegExp(`-${process.pid}-`));
      expect(text).not.toMatch(/consumer&#x27;s|"name":"[^"]*-\d+-[0-9a-f]{6}"/);
    }
  });
});
