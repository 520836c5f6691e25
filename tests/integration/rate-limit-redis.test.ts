import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

  it("keeps an enquiry in this instance's outbox, delivers it, and stays ready while the shared queue's Redis is away", async () => {
    const { child: doomed, url: doomedUrl } = await startRedis();
    const { app, config, services } = await buildTestApp({ env: { REDIS_URL: doomedUrl } });
    try {
      expect((await request(app).get("/readyz")).status).toBe(200);
      const question = (await request(app).get("/emails/contact-form/challenge")).body as {
        a: number;
        b: number;
        challenge: string;
      };
      doomed.kill("SIGKILL");
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
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/safely with us/);
      // Delivered from here (no SMTP_URL: a mail file), with the Message-ID it was given when accepted.
      const mailDir = path.join(config.DATA_DIR, "mail");
      await vi.waitFor(() => expect(readdirSync(mailDir).filter((name) => name.endsWith(".eml"))).toHaveLength(1), {
        timeout: 10_000,
      });
      const [file] = readdirSync(mailDir).filter((name) => name.endsWith(".eml"));
      const mail = readFileSync(path.join(mailDir, file ?? ""), "utf8");
      expect(mail).toContain("Ada Lovelace");
      expect(mail).toMatch(/^Message-ID: <enquiry\.\d{8}T\d{6}Z-[0-9a-f]{8}@/m);
      // Ready all along: the outage is shown as degraded, never as not ready.
      await vi.waitFor(
        async () => {
          const ready = await request(app).get("/readyz");
          expect(ready.status).toBe(200);
          expect(ready.body.checks).toContainEqual(
            expect.objectContaining({ name: "enquiry queue writable", state: "fail", critical: false }),
          );
        },
        { timeout: 5_000, interval: 250 },
      );
      const metrics = await request(app).get("/metrics");
      expect(metrics.status).toBe(200);
      expect(metrics.text).toMatch(/^redis_up 0$/m);
      const status = await request(app).get("/status.json");
      expect(status.status).toBe(200);
      expect(status.body.components).toContainEqual(
        expect.objectContaining({ id: "mail", state: "degraded", summary: expect.stringMatching(/kept safely/) }),
      );
    } finally {
      await services.stop().catch(() => {});
    }
  });

  it("starts and serves pages with Redis down, and uses it once it answers", async () => {
    const port = await freePort();
    const { app, services } = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    let later: ChildProcess | undefined;
    try {
      expect((await request(app).get("/")).status).toBe(200);
      expect((await request(app).get("/readyz")).status).toBe(200);
      later = (await startRedis(port)).child;
      // The shared queue makes its stream and group once Redis answers.
      await vi.waitFor(
        async () => {
          const metrics = await request(app).get("/metrics");
          expect(metrics.text).toMatch(/^redis_up 1$/m);
          const ready = await request(app).get("/readyz");
          expect(ready.body.checks).toContainEqual(
            expect.objectContaining({ name: "enquiry queue writable", state: "ok" }),
          );
        },
        { timeout: 15_000, interval: 500 },
      );
    } finally {
      await services.stop().catch(() => {});
      later?.kill();
    }
  });
});
