import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { queueKeys } from "../../server/enquiries/redis-stream.ts";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, type RedisClient, redisReady } from "../../server/redis.ts";
import { buildTestApp } from "../support/app.ts";
import { enquiryRecord } from "../support/enquiry-record.ts";
import { redisServer, startRedis } from "../support/redis.ts";

/**
 * Undeliverable enquiries (dead letters) are deleted once older than DEAD_LETTER_RETENTION_DAYS (30 by default), in
 * this instance's outbox and in the Redis stream every instance shares: the sweep at start and every hour.
 */

const day = 24 * 60 * 60_000;
const daysAgo = (days: number) => Date.now() - days * day;

const deadLetter = (id: string, deadAt: number): OutboxRecord =>
  enquiryRecord(id, { attempts: 1, deadReason: "550 No such mailbox here", deadAt: new Date(deadAt).toISOString() });

describe.skipIf(!redisServer)("dead letters past their retention, with a real redis-server", () => {
  let server: ChildProcess;
  let url: string;
  let redis: RedisClient;
  beforeAll(async () => {
    const started = await startRedis();
    server = started.child;
    url = started.url;
    redis = openRedis(url, createLogger("silent"));
    await redisReady(redis);
  });
  afterAll(async () => {
    await redis?.close();
    server?.kill();
  });

  it("are deleted from the outbox and the shared stream at start; younger ones are kept", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-dead-letters-"));
    const deadDir = path.join(dataDir, "outbox", "dead");
    mkdirSync(deadDir, { recursive: true });
    for (const [id, at] of [
      ["disk-old", daysAgo(31)],
      ["disk-young", daysAgo(29)],
    ] as const) {
      writeFileSync(path.join(deadDir, `${id}.json`), JSON.stringify(deadLetter(id, at)));
    }
    // A dead letter's entry id is when it was dead-lettered: as an instance left them 31 and 29 days ago.
    const { deadStream } = queueKeys();
    for (const [id, at] of [
      ["redis-old", daysAgo(31)],
      ["redis-young", daysAgo(29)],
    ] as const) {
      await redis.xAdd(deadStream, `${at}-0`, { id, record: JSON.stringify(deadLetter(id, at)) });
    }

    const built = await buildTestApp({ env: { DATA_DIR: dataDir, REDIS_URL: url } });
    try {
      expect(readdirSync(deadDir)).toEqual(["disk-young.json"]);
      const left = ((await redis.xRange(deadStream, "-", "+")) ?? []).map((entry) => entry.message.id);
      expect(left).toEqual(["redis-young"]);
      expect((await built.services.enquiries.stats()).deadLetters).toBe(2);
    } finally {
      await built.services.stop();
    }
  });
});
