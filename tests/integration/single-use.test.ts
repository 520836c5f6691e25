import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { singleUse } from "../../server/lib/single-use.ts";
import { openRedis } from "../../server/redis.ts";
import { redisServer, startRedis } from "../support/redis.ts";

/** Ids accepted once, through a real redis-server, and on this instance alone while it is away. */

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill();
});

function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe.skipIf(!redisServer)("single-use ids", () => {
  it("are claimed once across instances, remembered for their time, and on this instance alone once Redis fails", async () => {
    const server = await startRedis(undefined, { persist: false });
    children.push(server.child);
    const { logger, lines } = capturedLogger();
    const redis = openRedis(server.url, logger);
    await new Promise((resolve) => redis.once("ready", resolve));
    const one = singleUse({ redis, prefix: "test:", logger });
    const other = singleUse({ redis, prefix: "test:", logger });
    expect(await one.claim("a", 60_000)).toBe(true);
    expect(await one.claim("a", 60_000)).toBe(false);
    expect(await other.claim("a", 60_000)).toBe(false);
    // Kept in Redis for the time given, no longer.
    expect(await redis.pTTL("test:a")).toBeGreaterThan(50_000);
    expect(await other.claim("b", 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await one.claim("b", 60_000)).toBe(true);

    server.child.kill();
    await once(server.child, "exit");
    // Still answered, never thrown: the ids this instance sees are refused the second time.
    expect(await one.claim("c", 60_000)).toBe(true);
    expect(await one.claim("c", 60_000)).toBe(false);
    expect(await one.claim("d", 60_000)).toBe(true);
    expect(await one.claim("a", 60_000)).toBe(false);
    const told = lines.filter((line) => line.msg.startsWith("single-use ids"));
    expect(told).toHaveLength(1);
    expect(told[0]?.msg).toBe("single-use ids: Redis failed, remembered on this instance");
    redis.destroy();
  });
});
