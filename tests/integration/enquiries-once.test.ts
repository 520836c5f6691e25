import type { ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { once } from "node:events";
import { Writable } from "node:stream";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { redisClaims } from "../../server/lib/claims.ts";
import { openRedis, redisReady } from "../../server/redis.ts";
import { buildTestApp } from "../support/app.ts";
import { redisServer, startRedis } from "../support/redis.ts";
import { parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

/**
 * One question, one enquiry; one enquiry, one mail: with a real SMTP server, in one instance's memory and with two
 * instances sharing a real Redis (a question or an enquiry the first took is known to the second).
 */

const formSecret = "once-test-secret-0123456789abcdef";
const spamMessage = "You failed the spam protection.";

type App = Awaited<ReturnType<typeof buildTestApp>>;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Asks an instance for a spam question and answers it, as an API client would. */
async function solved(app: App) {
  const res = await request(app.app).get("/emails/contact-form/challenge").expect(200);
  const { a, b, challenge } = res.body as { a: number; b: number; challenge: string };
  return { challenge, answer: String(a + b) };
}

const enquiry = (name: string, brief: string, email = "ada@example.com") => ({
  name,
  email,
  need: "Branding",
  brief,
});

const post = (app: App, body: object) => request(app.app).post("/emails/contact-form").send(body);

/** The subjects of the mails received, once `count` have arrived. */
async function subjects(smtp: TestSmtp, count: number) {
  await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(count), { timeout: 15_000, interval: 50 });
  return smtp.received.map((mail) => parseMail(mail.raw).header("subject")).sort();
}

/** Sends one last enquiry, then the subjects of the mails received once `count` (with it) have arrived. */
async function mailedWithSentinel(app: App, smtp: TestSmtp, brief: string, count: number) {
  const sentinel = await post(app, { ...enquiry("Sentinel", brief), ...(await solved(app)) });
  expect(sentinel.status).toBe(200);
  return subjects(smtp, count);
}

/** enquiries_total by outcome, summed over the instances. */
async function outcomes(apps: App[], outcome: string) {
  let sum = 0;
  for (const app of new Set(apps)) {
    const text = await app.services.metrics.metrics();
    sum += Number(new RegExp(`^enquiries_total\\{outcome="${outcome}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
  }
  return sum;
}

/** A question signed with the site's secret, as someone holding it could mint one. */
function minted(a: number, b: number, expiresAt: number) {
  const payload = `${a}.${b}.${expiresAt}.offline-mint`;
  return `${payload}.${createHmac("sha256", formSecret).update(payload).digest("base64url")}`;
}

let redisUrl: string | undefined;
let redisChild: ChildProcess | undefined;
beforeAll(async () => {
  if (!redisServer) return;
  ({ child: redisChild, url: redisUrl } = await startRedis(undefined, { persist: false }));
});
afterAll(() => {
  redisChild?.kill();
});

const modes = [
  { mode: "in one instance's memory", shared: false },
  { mode: "with two instances sharing Redis", shared: true },
];

describe.each(modes)("one question, one enquiry, one mail, $mode", ({ shared }) => {
  /** The first instance, and the one a visitor's next post reaches (the same one without Redis). */
  async function instances(): Promise<{ first: App; second: App; smtp: TestSmtp }> {
    if (shared && !redisUrl) throw new Error("redis-server is not installed");
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const env = {
      SMTP_URL: smtp.url,
      MAIL_TO: "studio@gritstone.test",
      FORM_SECRET: formSecret,
      CONTACT_RATE_LIMIT: "1000",
      ...(shared ? { REDIS_URL: redisUrl ?? "" } : {}),
    };
    const start = async () => {
      const built = await buildTestApp({ env, serviceOptions: { deliveryBackoff: { baseMs: 100, maxMs: 400 } } });
      cleanups.push(() => built.services.stop());
      return built;
    };
    const first = await start();
    return { first, second: shared ? await start() : first, smtp };
  }

  it.skipIf(shared && !redisServer)(
    "sends one enquiry per question: the question used again for another is refused, and nothing more is mailed",
    async () => {
      const { first, second, smtp } = await instances();
      const question = await solved(first);
      const taken = await post(first, { ...enquiry("Ada Lovelace", `A logo (${shared}).`), ...question });
      expect(taken.status).toBe(200);
      expect(taken.body.message).toMatch(/^Thanks, Ada!/);

      const reused = await post(second, { ...enquiry("Eve Replay", `Cheap pills (${shared}).`), ...question });
      expect(reused.status).toBe(403);
      expect(reused.body).toMatchObject({ status: "fail", message: spamMessage });

      expect(await mailedWithSentinel(second, smtp, `Last of the replays (${shared}).`, 2)).toEqual([
        "New enquiry: Branding from Ada Lovelace",
        "New enquiry: Branding from Sentinel",
      ]);
      expect(await outcomes([first, second], "accepted")).toBe(2);
      expect(await outcomes([first, second], "spam")).toBe(1);
    },
  );

  it.skipIf(shared && !redisServer)("refuses a question signed to expire later than any the site asks", async () => {
    const { first, smtp } = await instances();
    // Signed with FORM_SECRET, expiring in the year 33658.
    const forever = await post(first, {
      ...enquiry("Mallory Forever", "Forever."),
      challenge: minted(3, 4, 999_999_999_999_999),
      answer: "7",
    });
    expect(forever.status).toBe(403);
    expect(forever.body.message).toBe(spamMessage);
    expect(await mailedWithSentinel(first, smtp, `Last of the forgeries (${shared}).`, 1)).toEqual([
      "New enquiry: Branding from Sentinel",
    ]);
    expect(await outcomes([first], "accepted")).toBe(1);
  });

  it.skipIf(shared && !redisServer)(
    "mails the same enquiry once within 10 minutes, sent again later or twice at once, and answers each as sent",
    async () => {
      const { first, second, smtp } = await instances();
      const brief = `A brand for our pottery (${shared}).`;
      const once = await post(first, { ...enquiry("Ada Lovelace", brief), ...(await solved(first)) });
      expect(once.status).toBe(200);
      // A retry with a new question, the address typed in capitals: the same enquiry.
      const again = await post(second, {
        ...enquiry("Ada Lovelace", brief, "ADA@Example.com"),
        ...(await solved(second)),
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(once.body);

      // A double click: the same question and enquiry twice at once, to either instance.
      const question = await solved(first);
      const doubled = {
        ...enquiry("Grace Hopper", `Packaging for tea (${shared}).`, "grace@example.com"),
        ...question,
      };
      const both = await Promise.all([post(first, doubled), post(second, doubled)]);
      expect(both.map((res) => [res.status, res.body.message])).toEqual([
        [200, expect.stringMatching(/^Thanks, Grace!/)],
        [200, expect.stringMatching(/^Thanks, Grace!/)],
      ]);

      expect(await mailedWithSentinel(second, smtp, `Last of the doubles (${shared}).`, 3)).toEqual([
        "New enquiry: Branding from Ada Lovelace",
        "New enquiry: Branding from Grace Hopper",
        "New enquiry: Branding from Sentinel",
      ]);
      expect(await outcomes([first, second], "accepted")).toBe(3);
      expect(await outcomes([first, second], "duplicate")).toBe(2);
    },
  );
});

describe.skipIf(!redisServer)("one question, one enquiry while Redis is away", () => {
  it("takes enquiries and still refuses a question used again on this instance", async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const doomed = await startRedis(undefined, { persist: false });
    const built = await buildTestApp({
      env: { SMTP_URL: smtp.url, FORM_SECRET: formSecret, CONTACT_RATE_LIMIT: "1000", REDIS_URL: doomed.url },
    });
    cleanups.push(() => built.services.stop().catch(() => {}));
    const question = await solved(built);
    doomed.child.kill("SIGKILL");
    await once(doomed.child, "exit");

    const taken = await post(built, { ...enquiry("Ada Lovelace", "A logo, Redis away."), ...question });
    expect(taken.status).toBe(200);
    const reused = await post(built, { ...enquiry("Eve Replay", "Cheap pills, Redis away."), ...question });
    expect(reused.status).toBe(403);
    const again = await post(built, { ...enquiry("Ada Lovelace", "A logo, Redis away."), ...(await solved(built)) });
    expect(again.status).toBe(200);
    expect(await subjects(smtp, 1)).toEqual(["New enquiry: Branding from Ada Lovelace"]);
    expect(await outcomes([built], "accepted")).toBe(1);
    expect(await outcomes([built], "duplicate")).toBe(1);
  });
});

describe.skipIf(!redisServer)("claims shared through Redis", () => {
  it("are taken in this instance's memory while Redis is away, the outage logged once, and in Redis again after", async () => {
    const lines: { msg?: string; level?: number }[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const server = await startRedis(undefined, { persist: false });
    const redis = openRedis(server.url, createLogger("silent"));
    cleanups.push(async () => redis.destroy());
    await redisReady(redis);
    const first = redisClaims(redis, logger);
    const second = redisClaims(redis, logger);
    expect(await first.claim("before", 60_000)).toBe(true);
    expect(await second.claim("before", 60_000)).toBe(false);
    // Kept in Redis for the time given, no longer.
    expect(await redis.pTTL("claim:before")).toBeGreaterThan(50_000);
    expect(await second.claim("brief", 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await first.claim("brief", 60_000)).toBe(true);

    server.child.kill("SIGKILL");
    await once(server.child, "exit");
    // Each instance on its own: what it took before is still known to it, and nothing is refused for the outage.
    expect(await first.claim("before", 60_000)).toBe(false);
    expect(await first.claim("during", 60_000)).toBe(true);
    expect(await first.claim("during", 60_000)).toBe(false);
    expect(await second.claim("during", 60_000)).toBe(true);
    for (let i = 0; i < 5; i++) await first.claim(`more-${i}`, 60_000);
    const outage = lines.filter((line) => line.msg === "shared claims unavailable; remembering on this instance only");
    expect(outage).toHaveLength(2);

    const back = await startRedis(server.port, { persist: false });
    cleanups.push(async () => back.child.kill());
    await redisReady(redis);
    // Back: shared again, and what this instance took meanwhile is still its own.
    expect(await first.claim("after", 60_000)).toBe(true);
    expect(await second.claim("after", 60_000)).toBe(false);
    expect(await first.claim("during", 60_000)).toBe(false);
  });
});
