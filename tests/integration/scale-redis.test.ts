import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, type RedisClient, redisReady } from "../../server/redis.ts";
import type { StatusReport } from "../../src/shared/status-report.ts";
import { redisServer, startRedis } from "../support/redis.ts";
import { contentCopy, exited, sendEnquiry, startSite } from "../support/site-process.ts";
import { freePort, parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

/**
 * Three real server processes (`node server/main.ts`) sharing one real redis-server, as behind a load balancer:
 * the shared enquiry queue survives an instance killed for good, and a purge sent to one reaches them all.
 */

const _root = path.resolve(import.meta.dirname, "../..");
const processes: ChildProcess[] = [];
const webhookSecret = "scale-test-webhook-secret";
const visibilitySeconds = 2;
const postPath = "/post/rebrand-or-refresh";
const oldTitle = "Rebrand or refresh? Five signs it is time";
const newTitle = "Rebrand or refresh? Six signs it is time";

async function status(base: string) {
  return (await (await fetch(`${base}/status.json`)).json()) as StatusReport;
}

/** The article's heading as a reader sees it on that instance. */
async function heading(base: string) {
  const res = await fetch(`${base}${postPath}`);
  expect(res.status).toBe(200);
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1];
}

/** The enquiries Redis holds, as stored: what the mail must carry. */
async function storedEnquiries(redis: RedisClient): Promise<OutboxRecord[]> {
  const entries = (await redis.xRange("enquiries:stream", "-", "+")) ?? [];
  return entries.map((entry) => JSON.parse(String(entry.message.record)) as OutboxRecord);
}

describe.skipIf(!redisServer)("three instances sharing Redis", { timeout: 90_000 }, () => {
  let redisProcess: ChildProcess;
  let redis: RedisClient;
  let smtp: TestSmtp | undefined;
  let smtpPort: number;
  let shared: Record<string, string>;
  let contentDir: string;
  /** B and C, still running after A was killed. */
  let survivors: Awaited<ReturnType<typeof startSite>>[] = [];

  async function instance() {
    const env = {
      ...shared,
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-scale-")),
    };
    return startSite(env, (child) => processes.push(child));
  }

  beforeAll(async () => {
    const started = await startRedis();
    redisProcess = started.child;
    redis = openRedis(started.url, createLogger("silent"));
    await redisReady(redis);
    smtpPort = await freePort();
    contentDir = contentCopy();
    shared = {
      REDIS_URL: started.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_TO: "studio@gritstone.test",
      FORM_SECRET: "scale-test-secret-0123456789abcdef",
      CONTENT_DIR: contentDir,
      CONTENT_TTL_SECONDS: "3600",
      CONTENTFUL_WEBHOOK_SECRET: webhookSecret,
      ENQUIRY_VISIBILITY_TIMEOUT_SECONDS: String(visibilitySeconds),
    };
  });

  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await smtp?.close();
    await redis?.close();
    redisProcess?.kill();
  });

  it("shows an article changed on disk on B and C within moments of a webhook sent to A", async () => {
    const [a, b, c] = await Promise.all([instance(), instance(), instance()]);
    for (const site of [a, b, c]) expect(await heading(site.base)).toBe(oldTitle);

    const file = path.join(contentDir, "entries/blogPost/post-rebrand-or-refresh.json");
    const entry = JSON.parse(readFileSync(file, "utf8")) as { fields: { blogTitle: string } };
    entry.fields.blogTitle = newTitle;
    writeFileSync(file, JSON.stringify(entry, null, 2));
    // Cached for an hour: without a purge every instance keeps the old title.
    for (const site of [a, b, c]) expect(await heading(site.base)).toBe(oldTitle);

    const hook = await fetch(`${a.base}/contentful/webhook`, {
      method: "POST",
      headers: { "X-Webhook-Secret": webhookSecret, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(hook.status).toBe(200);
    // A payload that names nothing purges everything: each copy is answered stale while it is refreshed,
    // so the new title follows within a render.
    for (const site of [b, c, a]) {
      await vi.waitFor(async () => expect(await heading(site.base)).toBe(newTitle), { timeout: 10_000, interval: 100 });
    }

    for (const site of [a, b, c]) site.child.kill("SIGTERM");
    await Promise.all([a, b, c].map((site) => exited(site.child)));
    expect([a, b, c].map((site) => site.child.exitCode)).toEqual([0, 0, 0]);
  });

  it("delivers an enquiry A held when A is killed for good: B or C sends it once, with its Message-ID", async () => {
    for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await Promise.all(processes.map(exited));
    // Only A runs (whatever an earlier test left is gone). The mail server is down: A accepts the enquiry, tries, fails, and holds it for a retry.
    const a = await instance();
    const sent = await sendEnquiry(a.base, {
      name: "Stranded Sam",
      email: "sam@example.com",
      need: "Branding",
      brief: "A logo for a bakery.",
    });
    expect(sent).toMatchObject({ status: 200, answer: { status: "success" } });
    await vi.waitFor(async () => expect((await status(a.base)).mail?.consumer?.holding).toBe(1), { timeout: 10_000 });
    const [stored] = await storedEnquiries(redis);
    expect(stored?.enquiry.name).toBe("Stranded Sam");

    const [b, c] = await Promise.all([instance(), instance()]);
    survivors = [b, c];
    expect((await status(b.base)).mail).toMatchObject({ queue: "redis", outboxDepth: 1, consumer: { holding: 0 } });
    const page = await (await fetch(`${b.base}/status`)).text();
    expect(page).toContain("Shared queue depth (all instances)");
    expect(page).toMatch(/1 enquiry waiting, the oldest for \d+ s/);
    a.child.kill("SIGKILL");
    await exited(a.child);
    expect(a.child.signalCode).toBe("SIGKILL");

    smtp = await startSmtp(smtpPort);
    await vi.waitFor(() => expect(smtp?.received).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const mail = parseMail(smtp.received[0]?.raw ?? "");
    expect(mail.header("message-id")).toBe(stored?.messageId);
    expect(mail.header("subject")).toBe("New enquiry: Branding from Stranded Sam");
    await vi.waitFor(async () => expect((await status(b.base)).mail?.outboxDepth).toBe(0), { timeout: 5_000 });
    // Nobody sends it again, however long we wait past the visibility timeout.
    await new Promise((resolve) => setTimeout(resolve, visibilitySeconds * 2_000));
    expect(smtp.received).toHaveLength(1);
    const holders = await Promise.all([b, c].map(async (site) => (await status(site.base)).mail?.consumer?.holding));
    expect(holders).toEqual([0, 0]);
  });

  it("sends it at most twice, with the same Message-ID, when the sender dies between send and acknowledge", async () => {
    const mailServer = smtp as TestSmtp;
    mailServer.received.length = 0;
    // The mail server keeps the message but never confirms it: the sender cannot acknowledge it in Redis.
    mailServer.state.swallowing = true;
    const sent = await sendEnquiry(survivors[0]?.base ?? "", {
      name: "Twice Tess",
      email: "tess@example.com",
      need: "Photography",
      brief: "Shots of 40 candles.",
    });
    expect(sent).toMatchObject({ status: 200, answer: { status: "success" } });
    await vi.waitFor(() => expect(mailServer.received).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const stored = (await storedEnquiries(redis)).find((record) => record.enquiry.name === "Twice Tess");

    const holding = await Promise.all(survivors.map(async (site) => (await status(site.base)).mail?.consumer?.holding));
    const sender = survivors[holding.indexOf(1)];
    const other = survivors[holding.indexOf(0)];
    if (!sender || !other) throw new Error(`expected one instance holding it, found ${JSON.stringify(holding)}`);
    sender.child.kill("SIGKILL");
    await exited(sender.child);

    mailServer.state.swallowing = false;
    await vi.waitFor(() => expect(mailServer.received).toHaveLength(2), { timeout: 20_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, visibilitySeconds * 2_000));
    expect(mailServer.received).toHaveLength(2);
    for (const mail of mailServer.received) {
      expect(parseMail(mail.raw).header("message-id")).toBe(stored?.messageId);
    }
    expect((await status(other.base)).mail).toMatchObject({ outboxDepth: 0, consumer: { holding: 0 } });
  });
});
