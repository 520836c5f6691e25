import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fallbackQueue } from "../../server/enquiries/fallback-queue.ts";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { diskQueue, type EnquiryQueue, localQueue } from "../../server/enquiries/queue.ts";
import { redisQueue } from "../../server/enquiries/redis-queue.ts";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, type RedisClient, redisReady } from "../../server/redis.ts";
import { enquirySchema } from "../../src/shared/enquiry.ts";
import { redisServer, startRedis } from "../support/redis.ts";

/**
 * One contract, two implementations: what the enquiry service relies on from its queue, checked against the
 * disk outbox and against the Redis Stream on a real redis-server.
 */

const logger = createLogger("silent");
const mailTo = "studio@gritstone.test";
let serial = 0;

function record(): OutboxRecord {
  serial++;
  const id = `20261123T120000Z-contract${serial}`;
  return {
    version: 1,
    id,
    messageId: `<enquiry.${id}@gritstone.test>`,
    receivedAt: new Date().toISOString(),
    enquiry: enquirySchema.parse({
      name: `Contract Test ${serial}`,
      email: "contract@example.com",
      need: "Branding",
      brief: "A queue that keeps its promises.",
    }),
    attempts: 0,
  };
}

/** A queue's store: open() gives a new instance over the same store (the same folder, the same stream). */
interface Store {
  open(): EnquiryQueue;
}

/** A started queue and what it has given its instance to deliver. */
async function started(store: Store) {
  const queue = store.open();
  const received: OutboxRecord[] = [];
  await queue.start((given) => received.push(given));
  return { queue, received };
}

function contract(name: string, newStore: () => Store) {
  describe(`the enquiry queue contract: ${name}`, () => {
    it("hands a new enquiry to this instance once, and counts it as waiting since it arrived", async () => {
      const { queue, received } = await started(newStore());
      try {
        const sent = record();
        await queue.add(sent);
        await vi.waitFor(() => expect(received.map((given) => given.id)).toEqual([sent.id]), { timeout: 5_000 });
        expect(received[0]).toMatchObject({ messageId: sent.messageId, enquiry: sent.enquiry, attempts: 0 });
        const numbers = await queue.numbers();
        expect(numbers.depth).toBe(1);
        expect(Math.abs((numbers.oldestPendingAt?.getTime() ?? 0) - Date.parse(sent.receivedAt))).toBeLessThan(2_000);
        await queue.checkWritable();
      } finally {
        await queue.stop();
      }
    });

    it("gives an undelivered enquiry, with its attempts, to the next instance after this one stops", async () => {
      const store = newStore();
      const first = await started(store);
      const sent = record();
      await first.queue.add(sent);
      await vi.waitFor(() => expect(first.received).toHaveLength(1), { timeout: 5_000 });
      const attempt = first.received[0] as OutboxRecord;
      Object.assign(attempt, {
        attempts: 2,
        lastError: "connect ECONNREFUSED",
        lastAttemptAt: new Date().toISOString(),
      });
      await first.queue.update(attempt);
      await first.queue.stop();

      const second = await started(store);
      try {
        await vi.waitFor(() => expect(second.received).toHaveLength(1), { timeout: 5_000 });
        expect(second.received[0]).toMatchObject({
          id: sent.id,
          messageId: sent.messageId,
          attempts: 2,
          lastError: "connect ECONNREFUSED",
        });
      } finally {
        await second.queue.stop();
      }
    });

    it("never hands out a delivered enquiry again, and remembers when it went", async () => {
      const store = newStore();
      const first = await started(store);
      const sent = record();
      await first.queue.add(sent);
      await vi.waitFor(() => expect(first.received).toHaveLength(1), { timeout: 5_000 });
      const deliveredAt = new Date().toISOString();
      await first.queue.markDelivered({ ...(first.received[0] as OutboxRecord), attempts: 1, deliveredAt });
      const numbers = await first.queue.numbers();
      expect(numbers).toMatchObject({ depth: 0, oldestPendingAt: null });
      expect(numbers.lastDeliveryAt?.toISOString()).toBe(deliveredAt);
      await first.queue.stop();

      const second = await started(store);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(second.received).toEqual([]);
      } finally {
        await second.queue.stop();
      }
    });

    it("trims delivered enquiries past retention, never one still waiting", async () => {
      const { queue, received } = await started(newStore());
      try {
        const delivered = record();
        const waiting = record();
        await queue.add(delivered);
        await queue.add(waiting);
        await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5_000 });
        const given = received.find((entry) => entry.id === delivered.id) as OutboxRecord;
        await queue.markDelivered({ ...given, attempts: 1, deliveredAt: new Date().toISOString() });
        // Everything is "older than" a cutoff a minute ahead: only the delivered one may go.
        const aMinuteAhead = new Date(Date.now() + 60_000);
        const before = { delivered: aMinuteAhead, dead: aMinuteAhead };
        expect(await queue.sweep(before)).toEqual({ delivered: 1, dead: 0 });
        expect(await queue.sweep(before)).toEqual({ delivered: 0, dead: 0 });
        expect((await queue.numbers()).depth).toBe(1);
      } finally {
        await queue.stop();
      }
    });

    it("removes dead letters past their retention and keeps younger ones", async () => {
      const { queue, received } = await started(newStore());
      try {
        const [older, younger] = [record(), record()];
        await queue.add(older);
        await queue.add(younger);
        await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5_000 });
        const dead = (sent: OutboxRecord) => ({
          ...(received.find((entry) => entry.id === sent.id) as OutboxRecord),
          deadReason: "550 No such mailbox here",
          deadAt: new Date().toISOString(),
        });
        await queue.markDead(dead(older));
        const cutoff = await afterNow();
        await queue.markDead(dead(younger));
        const farBack = new Date(0);
        expect(await queue.sweep({ delivered: farBack, dead: cutoff })).toEqual({ delivered: 0, dead: 1 });
        expect((await queue.numbers()).deadLetters).toBe(1);
        expect(await queue.sweep({ delivered: farBack, dead: cutoff })).toEqual({ delivered: 0, dead: 0 });
      } finally {
        await queue.stop();
      }
    });
  });
}

/** A time after everything done so far and before anything done next (the clock moves on by a millisecond). */
async function afterNow(): Promise<Date> {
  const start = Date.now();
  while (Date.now() <= start) await new Promise((resolve) => setTimeout(resolve, 1));
  const cutoff = new Date();
  while (Date.now() <= cutoff.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
  return cutoff;
}

contract("disk outbox", () => {
  const root = mkdtempSync(path.join(tmpdir(), "site-queue-"));
  return { open: () => diskQueue(root) };
});

describe.skipIf(!redisServer)("with a real redis-server", () => {
  let server: ChildProcess;
  let redis: RedisClient;
  let stores = 0;
  beforeAll(async () => {
    const started = await startRedis();
    server = started.child;
    redis = openRedis(started.url, logger);
    await redisReady(redis);
  });
  afterAll(async () => {
    await redis?.close();
    server?.kill();
  });

  contract("Redis Stream", () => {
    stores++;
    const prefix = `contract-${stores}:`;
    return { open: () => redisQueue({ redis, logger, prefix, visibilityTimeoutMs: 1_000, mailTo }) };
  });

  it("reports what each instance holds", async () => {
    const queue = redisQueue({
      redis,
      logger,
      prefix: "consumer:",
      consumer: "site-a",
      visibilityTimeoutMs: 1_000,
      mailTo,
    });
    await queue.start(() => {});
    try {
      await queue.add(record());
      await vi.waitFor(async () => expect((await queue.numbers()).consumer).toEqual({ holding: 1 }), {
        timeout: 5_000,
      });
    } finally {
      await queue.stop();
    }
  });

  it("hands Redis again an enquiry it lost after accepting it, and keeps the receipt until it is delivered", async () => {
    const prefix = "receipts:";
    const root = mkdtempSync(path.join(tmpdir(), "site-receipts-"));
    const instance = () =>
      fallbackQueue({
        shared: redisQueue({ redis, logger, prefix, visibilityTimeoutMs: 1_000, mailTo }),
        local: localQueue(root),
        logger,
        receiptCheckMs: 100,
      });
    const receipts = () => readdirSync(path.join(root, "receipts"));
    const taker = instance();
    await taker.start(() => {});
    await taker.stop();
    const sent = record();
    // Accepted: Redis has it, and the instance that took it a receipt.
    await taker.add(sent);
    expect(receipts()).toEqual([`${sent.id}.json`]);
    // Redis loses it before any instance read it (a restart with nothing kept, a failover, a flush).
    await redis.del([`${prefix}stream`, `${prefix}state:${sent.id}`]);
    const received: OutboxRecord[] = [];
    const again = instance();
    await again.start((given) => received.push(given));
    try {
      await vi.waitFor(() => expect(received.map((given) => given.messageId)).toEqual([sent.messageId]), {
        timeout: 5_000,
      });
      // Still waiting: the receipt stays.
      expect(receipts()).toEqual([`${sent.id}.json`]);
      await again.markDelivered({ ...received[0], deliveredAt: new Date().toISOString() } as OutboxRecord);
      await vi.waitFor(() => expect(receipts()).toEqual([]), { timeout: 5_000 });
      expect(received).toHaveLength(1);
    } finally {
      await again.stop();
    }
  });
});
