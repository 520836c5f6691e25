import { type ChildProcess, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, redisReady } from "../../server/redis.ts";
import { redisServer, startRedis } from "../support/redis.ts";
import { contentCopy, exited, sendEnquiry, startSite, untilReady } from "../support/site-process.ts";
import { freePort, parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

/**
 * A bad day, for real: three `node server/main.ts` processes on one
 * redis-server that keeps nothing (a restart comes back empty), a real SMTP server, and a steady stream of
 * enquiries while Redis is SIGKILLed and restarted empty, Redis is down for 15 s (an instance starts meanwhile),
 * the mail server answers 421, then 550 for the recipient, then answers the end of each message only after 35 s,
 * and one instance is SIGKILLed. Afterwards every enquiry answered 200 is in an inbox or a dead letter, none twice
 * but across a crash between send and acknowledge (with the same Message-ID), and /readyz stayed 200 on the
 * instances that were running. The counts are printed.
 */

const root = path.resolve(import.meta.dirname, "../..");
const processes: ChildProcess[] = [];
const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterEach(async () => {
  for (const child of processes.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Site = Awaited<ReturnType<typeof startSite>> & { dataDir: string; env: Record<string, string> };

/** A fleet of instances on one Redis and one mail server, each with its own DATA_DIR (its own outbox). */
async function fleet(redisUrl: string, smtpUrl: string, mailTo: string) {
  const shared = {
    REDIS_URL: redisUrl,
    SMTP_URL: smtpUrl,
    MAIL_TO: mailTo,
    MAIL_FROM: "Gritstone website <web@gritstone.test>",
    FORM_SECRET: "chaos-test-secret-0123456789abcdef",
    CONTACT_RATE_LIMIT: "100000",
    CONTENT_DIR: contentCopy(),
    ENQUIRY_VISIBILITY_TIMEOUT_SECONDS: "5",
    DELIVERY_RETRY_MAX_SECONDS: "4",
  };
  return async function start(dataDir = mkdtempSync(path.join(tmpdir(), "site-chaos-"))): Promise<Site> {
    const env = { ...shared, PORT: String(await freePort()), DATA_DIR: dataDir };
    const site = await startSite(env, (child) => processes.push(child));
    // In service (and watched) once ready, as behind a load balancer.
    await untilReady(site.base);
    return { ...site, dataDir, env };
  };
}

/** The enquiry's token in its brief, as the mail and the dead letter both carry it. */
const tokenOf = (text: string) => /chaos-\d{4}/.exec(text)?.[0] ?? text;

/** Dead letters: those in Redis (the shared queue's) and those in each instance's own outbox. */
async function deadLetters(redisUrl: string, dataDirs: string[]): Promise<OutboxRecord[]> {
  const records: OutboxRecord[] = [];
  const client = openRedis(redisUrl, createLogger("silent"));
  try {
    await redisReady(client);
    for (const entry of (await client.xRange("enquiries:dead", "-", "+")) ?? []) {
      records.push(JSON.parse(String(entry.message.record)) as OutboxRecord);
    }
  } finally {
    client.destroy();
  }
  for (const dir of dataDirs) {
    const dead = path.join(dir, "outbox", "dead");
    if (!existsSync(dead)) continue;
    for (const name of readdirSync(dead).filter((file) => file.endsWith(".json"))) {
      records.push(JSON.parse(readFileSync(path.join(dead, name), "utf8")) as OutboxRecord);
    }
  }
  return records;
}

/** What the mail server received, by enquiry token: the Message-IDs of each copy and who it went to. */
function inbox(smtp: TestSmtp) {
  const copies = new Map<string, { messageId: string | undefined; recipients: string[] }[]>();
  for (const mail of smtp.received) {
    const parsed = parseMail(mail.raw);
    const token = tokenOf(parsed.text);
    if (!token) continue;
    copies.set(token, [
      ...(copies.get(token) ?? []),
      { messageId: parsed.header("message-id"), recipients: mail.recipients },
    ]);
  }
  return copies;
}

/** Sends enquiries at a steady pace to whichever instances are up, until stopped; remembers each answer. */
function steadyStream(targets: () => Site[], everyMs: number) {
  const answers = new Map<string, number>();
  let stopped = false;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    while (!stopped) {
      const up = targets();
      const site = up[sent % up.length];
      const token = `chaos-${String(sent).padStart(4, "0")}`;
      sent++;
      if (site) {
        const request = sendEnquiry(site.base, {
          name: "Chaos Visitor",
          email: "visitor@example.com",
          need: "Branding",
          brief: `A new brand, please (${token}).`,
        })
          .then((res) => void answers.set(token, res.status))
          .catch(() => void answers.set(token, 0))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await sleep(everyMs);
    }
  })();
  return {
    answers,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

/** Polls /readyz of the given instances until stopped; every answer that is not 200 is kept. */
function watchReadiness(targets: () => Site[]) {
  const misses: string[] = [];
  let probes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await Promise.all(
        targets().map(async (site) => {
          probes++;
          const res = await fetch(`${site.base}/readyz`).catch(() => undefined);
          // An instance taken out of the fleet to be killed may be killed while its probe is on the way.
          if (!targets().includes(site)) return;
          if (res?.status !== 200) misses.push(`${site.env.PORT}: ${res?.status ?? "no answer"}`);
        }),
      );
      await sleep(500);
    }
  })();
  return {
    misses,
    probes: () => probes,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

describe.skipIf(!redisServer)("enquiries through Redis and mail server faults", { timeout: 300_000 }, () => {
  it("delivers every accepted enquiry through a bad day of faults, with readiness 200 throughout", async () => {
    const redisPort = await freePort();
    let redis = await startRedis(redisPort, { persist: false });
    cleanups.push(() => redis.child.kill("SIGKILL"));
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const to = "studio@gritstone.test";
    const start = await fleet(redis.url, smtp.url, to);
    const a = await start();
    const b = await start();
    const live: Site[] = [a, b];
    const stream = steadyStream(() => live, 250);
    const ready = watchReadiness(() => live);
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} at ${(performance.now() / 1000).toFixed(0)} s`);

    await sleep(5_000);
    phase("Redis SIGKILLed, restarted empty");
    redis.child.kill("SIGKILL");
    await exited(redis.child);
    await sleep(2_000);
    redis = await startRedis(redisPort, { persist: false });
    await sleep(5_000);

    phase("Redis down for 15 s; C starts meanwhile");
    redis.child.kill("SIGKILL");
    await exited(redis.child);
    const c = await start();
    live.push(c);
    await sleep(12_000);
    redis = await startRedis(redisPort, { persist: false });
    await sleep(3_000);

    phase("mail server answers 421");
    smtp.state.connectReply = 421;
    await sleep(8_000);
    smtp.state.connectReply = 0;
    phase("mail server refuses the recipient (550)");
    smtp.state.refuse[to] = 550;
    await sleep(4_000);
    delete smtp.state.refuse[to];
    phase("mail server answers the end of each message after 35 s");
    smtp.state.endDelayMs = 35_000;
    await sleep(10_000);
    smtp.state.endDelayMs = 0;

    phase("B SIGKILLed");
    live.splice(live.indexOf(b), 1);
    b.child.kill("SIGKILL");
    await exited(b.child);
    await sleep(10_000);
    await stream.stop();
    await ready.stop();
    // B's container restarts on its volume (its outbox), as Kubernetes or compose restart it.
    const bAgain = await start(b.dataDir);
    live.push(bAgain);

    const accepted = [...stream.answers].filter(([, status]) => status === 200).map(([token]) => token);
    const refused = [...stream.answers].filter(([, status]) => status !== 200);
    const dataDirs = [a.dataDir, b.dataDir, c.dataDir];
    // Delivered or dead-lettered, every one: the slowest are the 35-s answers and the takeover of B's.
    let dead: OutboxRecord[] = [];
    const deadline = Date.now() + 150_000;
    for (;;) {
      dead = await deadLetters(redis.url, dataDirs);
      const done = new Set([...inbox(smtp).keys(), ...dead.map((record) => tokenOf(record.enquiry.brief))]);
      if (accepted.every((token) => done.has(token)) || Date.now() > deadline) break;
      await sleep(1_000);
    }
    const copies = inbox(smtp);
    const deadTokens = new Set(dead.map((record) => tokenOf(record.enquiry.brief)));
    const lost = accepted.filter((token) => !copies.has(token) && !deadTokens.has(token));
    // An enquiry both delivered and dead-lettered would have an operator send it again: a duplicate in disguise.
    const both = [...deadTokens].filter((token) => copies.has(token));
    const twice = [...copies].filter(([, list]) => list.length > 1);
    const sameIdTwice = twice.filter(([, list]) => new Set(list.map((copy) => copy.messageId)).size === 1);

    console.info(
      [
        "enquiry chaos run:",
        ...phases.map((line) => `  ${line}`),
        `  sent ${stream.answers.size}, answered 200: ${accepted.length}, refused: ${refused.length} ${JSON.stringify(refused.slice(0, 5))}`,
        `  delivered: ${copies.size}, dead letters: ${deadTokens.size}, lost: ${lost.length} ${JSON.stringify(lost.slice(0, 5))}`,
        `  delivered twice: ${twice.length} (same Message-ID: ${sameIdTwice.length}), delivered and a dead letter: ${both.length}`,
        `  /readyz probes: ${ready.probes()}, not 200: ${ready.misses.length} ${JSON.stringify(ready.misses.slice(0, 5))}`,
      ].join("\n"),
    );

    expect(stream.answers.size).toBeGreaterThanOrEqual(200);
    expect(lost).toEqual([]);
    // Refused only when neither Redis nor the instance's own disk could keep it: never, on this day.
    expect(refused).toEqual([]);
    // A copy twice only across a crash between send and acknowledge (B killed): the same message both times.
    expect(sameIdTwice.length).toBe(twice.length);
    expect(twice.length + both.length).toBeLessThanOrEqual(3);
    // The 550 phase's enquiries are dead letters, kept whole, with the server's reason.
    expect(deadTokens.size).toBeGreaterThan(0);
    for (const record of dead) expect(record.deadReason).toMatch(/550|No such mailbox/);
    expect(ready.misses).toEqual([]);
    // Logs stayed one JSON line per event on every instance, with nothing on stderr.
    for (const site of [a, c, bAgain]) {
      expect(site.nonJsonLines()).toEqual([]);
      expect(site.stderr()).toBe("");
    }
  });

  it("delivers to the recipient that takes it and dead-letters the one refused, each enquiry once", async () => {
    const redis = await startRedis(undefined, { persist: false });
    cleanups.push(() => redis.child.kill("SIGKILL"));
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    smtp.state.refuse["gone@gritstone.test"] = 550;
    const start = await fleet(redis.url, smtp.url, "studio@gritstone.test, gone@gritstone.test");
    const sites = [await start(), await start()];
    const stream = steadyStream(() => sites, 200);
    await sleep(6_000);
    await stream.stop();
    const accepted = [...stream.answers].filter(([, status]) => status === 200).map(([token]) => token);
    let dead: OutboxRecord[] = [];
    for (let tries = 0; tries < 60; tries++) {
      dead = await deadLetters(redis.url, []);
      if (dead.length >= accepted.length && inbox(smtp).size >= accepted.length) break;
      await sleep(500);
    }
    const copies = inbox(smtp);
    console.info(
      `enquiry two-recipient run: accepted ${accepted.length}, delivered ${copies.size}, dead letters ${dead.length}`,
    );
    expect(accepted.length).toBeGreaterThan(10);
    for (const token of accepted) {
      expect(copies.get(token)?.map((copy) => copy.recipients)).toEqual([["studio@gritstone.test"]]);
    }
    expect(dead.map((record) => tokenOf(record.enquiry.brief)).sort()).toEqual([...accepted].sort());
    for (const record of dead) expect(record.recipients).toEqual(["gone@gritstone.test"]);

    // The mailbox exists again: an operator sends the dead letters again, and each reaches only the one refused.
    delete smtp.state.refuse["gone@gritstone.test"];
    const output = execFileSync(process.execPath, ["scripts/resend-dead-letters.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        REDIS_URL: redis.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "resend-")),
      },
      encoding: "utf8",
    });
    expect(output).toContain(`${accepted.length} sent back to be delivered.`);
    await vi.waitFor(
      () => {
        const resent = inbox(smtp);
        for (const token of accepted) {
          expect(resent.get(token)?.map((copy) => copy.recipients)).toEqual([
            ["studio@gritstone.test"],
            ["gone@gritstone.test"],
          ]);
        }
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(await deadLetters(redis.url, [])).toEqual([]);
  });
});
