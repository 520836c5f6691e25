import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, type RedisClient, redisReady } from "../../server/redis.ts";
import type { StatusReport } from "../../src/shared/status-report.ts";
import { redisServer, startRedis } from "../support/redis.ts";
import { contentCopy, sendEnquiry, startSite } from "../support/site-process.ts";
import { freePort, parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

/**
 * Whoever can write to the shared queue's stream (anyone on Redis's network, were it open) can add entries of their
 * own. The site (a real `node server/main.ts` on a real redis-server, mailing a real SMTP server) delivers only
 * enquiries the form would have accepted, and only to MAIL_TO: everything else goes to the dead letters with its
 * reason, logged without its contents.
 */

const mailTo = "studio@gritstone.test";
const thief = "thief@example.com";
const stream = "enquiries:stream";
const processes: ChildProcess[] = [];

interface Dead {
  id: string;
  reason?: string;
  record: string;
}

describe.skipIf(!redisServer)("records written straight into the enquiry stream", { timeout: 60_000 }, () => {
  let redisProcess: ChildProcess;
  let redis: RedisClient;
  let smtp: TestSmtp;
  let site: Awaited<ReturnType<typeof startSite>>;
  let redisUrl: string;

  beforeAll(async () => {
    const started = await startRedis();
    redisProcess = started.child;
    redisUrl = started.url;
    redis = openRedis(started.url, createLogger("silent"));
    await redisReady(redis);
    smtp = await startSmtp();
    site = await startSite(
      {
        PORT: String(await freePort()),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-records-")),
        CONTENT_DIR: contentCopy(),
        REDIS_URL: started.url,
        SMTP_URL: smtp.url,
        MAIL_TO: mailTo,
        FORM_SECRET: "records-test-secret-0123456789abcdef",
        LOG_LEVEL: "info",
      },
      (child) => processes.push(child),
    );
  });

  afterAll(async () => {
    for (const child of processes) child.kill("SIGKILL");
    await smtp?.close();
    await redis?.close();
    redisProcess?.kill();
  });

  const deadLetters = async (): Promise<Dead[]> =>
    ((await redis.xRange("enquiries:dead", "-", "+")) ?? []).map((entry) => entry.message as unknown as Dead);

  it("mails no one but MAIL_TO, and keeps each forged or malformed record in the dead letters with its reason", async () => {
    const sent = await sendEnquiry(site.base, {
      name: "Real Rosa",
      email: "rosa@example.com",
      need: "Branding",
      brief: "A real enquiry.",
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [entry] = (await redis.xRange(stream, "-", "+")) ?? [];
    const real = JSON.parse(String(entry?.message.record)) as OutboxRecord;

    // A copy of the real entry with another recipient (the same id, then a new one), a copy whose enquiry is
    // malformed, one that is not JSON, and one with fields the site never writes but otherwise an enquiry.
    const forged = (id: string, changes: Record<string, unknown>) => ({
      id,
      record: JSON.stringify({ ...real, id, messageId: `<enquiry.${id}@gritstone.test>`, ...changes }),
    });
    await redis.xAdd(stream, "*", forged(real.id, { recipients: [thief] }));
    await redis.xAdd(stream, "*", forged("20261129T080000Z-0000beef", { recipients: [mailTo, thief] }));
    await redis.xAdd(
      stream,
      "*",
      forged("20261129T080001Z-0000cafe", { enquiry: { ...real.enquiry, name: "Mallory", email: `x@y>, ${thief}` } }),
    );
    await redis.xAdd(stream, "*", { id: "20261129T080002Z-0000dead", record: `{"enquiry": "Mallory's` });
    await redis.xAdd(
      stream,
      "*",
      forged("20261129T080003Z-0000f00d", {
        enquiry: { ...real.enquiry, name: "Extra Ed" },
        to: thief,
        bcc: thief,
        headers: { Bcc: thief },
      }),
    );

    await vi.waitFor(async () => expect(await deadLetters()).toHaveLength(4), { timeout: 10_000, interval: 100 });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 10_000, interval: 100 });
    // Everything is read: nothing waits, nothing more arrives.
    await vi.waitFor(
      async () =>
        expect(((await (await fetch(`${site.base}/status.json`)).json()) as StatusReport).mail?.outboxDepth).toBe(0),
      { timeout: 10_000, interval: 200 },
    );
    expect(smtp.received).toHaveLength(2);

    for (const mail of smtp.received) {
      expect(mail.recipients).toEqual([mailTo]);
      expect(mail.raw).not.toContain(thief);
    }
    expect(parseMail(smtp.received[1]?.raw ?? "").header("subject")).toBe("New enquiry: Branding from Extra Ed");

    expect((await deadLetters()).map(({ id, reason }) => [id, reason])).toEqual([
      [real.id, "recipients: names an address that is not in MAIL_TO"],
      ["20261129T080000Z-0000beef", "recipients: names an address that is not in MAIL_TO"],
      ["20261129T080001Z-0000cafe", "enquiry.email: Please enter a valid email address, like jane@example.com."],
      ["20261129T080002Z-0000dead", "record: is not a JSON object"],
    ]);
    // The dead letter keeps what was written, for an operator to look at; the log says why, never what.
    expect((await deadLetters())[0]?.record).toContain(thief);
    const refusals = site.logs().filter((line) => /not an enquiry the site accepted/.test(line.msg ?? ""));
    expect(refusals).toHaveLength(4);
    const logged = JSON.stringify(site.logs());
    for (const secret of [thief, "Mallory", "rosa@example.com", "Real Rosa"]) expect(logged).not.toContain(secret);

    // An operator's resend sends the mail server's dead letters again, never these.
    const output = execFileSync(process.execPath, ["scripts/resend-dead-letters.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "", REDIS_URL: redisUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), "resend-")) },
      encoding: "utf8",
    });
    expect(output.match(/left in the dead letters/g)).toHaveLength(4);
    expect(output).toContain("No dead letters to send.");
    expect(await deadLetters()).toHaveLength(4);
  });
});
