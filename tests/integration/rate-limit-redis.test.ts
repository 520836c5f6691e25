import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { connectRedis } from "../../server/redis.ts";
import { buildTestApp } from "../support/app.ts";
import { redisServer, startRedis } from "../support/redis.ts";
import { freePort } from "../support/system.ts";

describe.skipIf(!redisServer)("rate limits shared through Redis (REDIS_URL)", () => {
  let redis: ChildProcess;
  let url: string;
  beforeAll(async () => {
    ({ child: redis, url } = await startRedis());
  });
  afterAll(() => {
    if (redis.exitCode === null) redis.kill();
  });

  it("counts enquiries across instances: the sixth from one client is refused whichever instance gets it", async () => {
    const first = await buildTestApp({ env: { REDIS_URL: url } });
    const second = await buildTestApp({ env: { REDIS_URL: url } });
    try {
      const statuses: number[] = [];
      for (const app of [first.app, second.app, first.app, second.app, first.app, second.app]) {
        statuses.push((await request(app).post("/emails/contact-form").send({ name: "x" })).status);
      }
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    } finally {
      await Promise.all([first.services.stop(), second.services.stop()]);
    }
  });

  it("lets visitors through, neither hanging nor failing, when Redis goes away", async () => {
    const { child: doomed, url: doomedUrl } = await startRedis();
    const { app, services } = await buildTestApp({ env: { REDIS_URL: doomedUrl } });
    try {
      doomed.kill();
      await once(doomed, "exit");
      const res = await request(app).post("/emails/contact-form").send({ name: "x" });
      expect(res.status).not.toBe(429);
      expect(res.status).toBeLessThan(500);
    } finally {
      await services.stop().catch(() => {});
    }
  });

  it("refuses an enquiry with 503 and Retry-After, and turns not ready, while the shared queue's Redis is away", async () => {
    const { child: doomed, url: doomedUrl } = await startRedis();
    const { app, services } = await buildTestApp({ env: { REDIS_URL: doomedUrl } });
    try {
      expect((await request(app).get("/readyz")).status).toBe(200);
      const question = (await request(app).get("/emails/contact-form/challenge")).body as {
        a: number;
        b: number;
        challenge: string;
      };
      doomed.kill();
      await once(doomed, "exit");
      const res = await request(app)
        .post("/emails/contact-form")
        .send({
          name: "Ada Lovelace",
          email: "ada@example.com",
          need: "Branding",
          brief: "A logo.",
          challenge: question.challenge,
          answer: String(question.a + question.b),
        });
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("60");
      expect(res.body.message).toMatch(/couldn't save your enquiry/);
      // Probes share one run of the checks for 2 s: the next run sees the queue cannot be written.
      await vi.waitFor(
        async () => {
          const ready = await request(app).get("/readyz");
          expect(ready.status).toBe(503);
          expect(ready.body.checks).toContainEqual(
            expect.objectContaining({ name: "enquiry queue writable", state: "fail", critical: true }),
          );
        },
        { timeout: 5_000, interval: 250 },
      );
      // Operators still get their figures: Redis is reported down, the rest of /metrics and /status.json answers.
      const metrics = await request(app).get("/metrics");
      expect(metrics.status).toBe(200);
      expect(metrics.text).toMatch(/^redis_up 0$/m);
      const status = await request(app).get("/status.json");
      expect(status.status).toBe(200);
      expect(status.body.components).toContainEqual(expect.objectContaining({ id: "mail", state: "down" }));
    } finally {
      await services.stop().catch(() => {});
    }
  });

  it("refuses to start when Redis does not answer", async () => {
    const port = await freePort();
    await expect(connectRedis(`redis://127.0.0.1:${port}`, createLogger("silent"), 300)).rejects.toThrow(
      /Redis \(REDIS_URL\) did not answer/,
    );
  });
});
