import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDeliveryWorker } from "../../server/enquiries/delivery.ts";
import { smtpMailer, smtpTimeouts } from "../../server/enquiries/mail.ts";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { diskQueue } from "../../server/enquiries/queue.ts";
import { createLogger } from "../../server/http/logging.ts";
import { enquiryRecord } from "../support/enquiry-record.ts";
import { parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

/**
 * What a real mail server's answers do to an enquiry: a real SMTP server (smtp-server) told to
 * refuse, delay or drop, the real nodemailer mailer, and the real disk outbox behind the delivery worker.
 */
const backoff = { baseMs: 50, maxMs: 200 };
const servers: TestSmtp[] = [];
const stops: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const server of servers.splice(0)) await server.close();
});

async function setUp(to: string, timeouts = smtpTimeouts) {
  const smtp = await startSmtp();
  servers.push(smtp);
  const root = path.join(mkdtempSync(path.join(tmpdir(), "smtp-faults-")), "outbox");
  const queue = diskQueue(root);
  const mailer = smtpMailer(smtp.url, timeouts);
  const dead: OutboxRecord[] = [];
  const worker = createDeliveryWorker({
    outbox: queue,
    mailer,
    mail: { from: "Gritstone website <web@gritstone.test>", to },
    logger: createLogger("silent"),
    backoff,
    events: { attempted() {}, delivered() {}, deadLettered: (record) => dead.push(record) },
  });
  await queue.start((record) => worker.add(record));
  stops.push(async () => {
    await worker.stop(AbortSignal.timeout(100));
    mailer.close();
  });
  const record = enquiryRecord();
  await queue.add(record);
  const folder = (name: string) => readdirSync(path.join(root, name)).filter((file) => file.endsWith(".json"));
  const read = (name: string) =>
    JSON.parse(readFileSync(path.join(root, name, `${record.id}.json`), "utf8")) as OutboxRecord;
  return { smtp, record, dead, folder, read };
}

const messageIds = (smtp: TestSmtp) => smtp.received.map((mail) => parseMail(mail.raw).header("message-id"));

describe("delivery against a mail server that refuses, stalls or drops", () => {
  it("moves an enquiry the server refuses for good (550) to the dead letters, kept whole and never retried", async () => {
    const { smtp, record, folder, read } = await setUp("studio@gritstone.test");
    smtp.state.refuse["studio@gritstone.test"] = 550;
    await vi.waitFor(() => expect(folder("dead")).toEqual([`${record.id}.json`]));
    const dead = read("dead");
    expect(dead.enquiry).toEqual(record.enquiry);
    expect(dead.messageId).toBe(record.messageId);
    expect(dead.deadReason).toMatch(/550|No such mailbox/);
    // The dead letter is written before the pending copy is removed (never neither): the removal follows.
    await vi.waitFor(() => expect(folder("pending")).toEqual([]));
    expect(folder("delivered")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(0);
    expect(dead.attempts).toBe(1);
  });

  it("retries a busy server (421) with backoff and delivers once", async () => {
    const { smtp, record, folder } = await setUp("studio@gritstone.test");
    smtp.state.connectReply = 421;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(folder("pending")).toEqual([`${record.id}.json`]);
    smtp.state.connectReply = 0;
    await vi.waitFor(() => expect(folder("delivered")).toEqual([`${record.id}.json`]));
    expect(messageIds(smtp)).toEqual([record.messageId]);
  });

  it("with two recipients and one refused for good: the other gets it once, the refused one is a dead letter", async () => {
    const { smtp, record, folder, read } = await setUp("studio@gritstone.test, gone@gritstone.test");
    smtp.state.refuse["gone@gritstone.test"] = 550;
    await vi.waitFor(() => expect(folder("dead")).toEqual([`${record.id}.json`]));
    expect(smtp.received.map((mail) => mail.recipients)).toEqual([["studio@gritstone.test"]]);
    const dead = read("dead");
    expect(dead.recipients).toEqual(["gone@gritstone.test"]);
    expect(dead.deadReason).toMatch(/gone@gritstone\.test/);
    expect(folder("delivered")).toEqual([]);
  });

  it("with two recipients and one busy (450): the busy one is tried again alone, and the enquiry is delivered", async () => {
    const { smtp, record, folder } = await setUp("studio@gritstone.test, busy@gritstone.test");
    smtp.state.refuse["busy@gritstone.test"] = 450;
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(folder("pending")).toEqual([`${record.id}.json`]);
    delete smtp.state.refuse["busy@gritstone.test"];
    await vi.waitFor(() => expect(folder("delivered")).toEqual([`${record.id}.json`]));
    expect(smtp.received.map((mail) => mail.recipients)).toEqual([["studio@gritstone.test"], ["busy@gritstone.test"]]);
    expect(messageIds(smtp)).toEqual([record.messageId, record.messageId]);
  });

  it("waits for a slow answer to the end of the message instead of sending it again", async () => {
    const { smtp, record, folder } = await setUp("studio@gritstone.test");
    smtp.state.endDelayMs = 2_500;
    await vi.waitFor(() => expect(folder("delivered")).toEqual([`${record.id}.json`]), { timeout: 8_000 });
    expect(messageIds(smtp)).toEqual([record.messageId]);
  });

  it("sends a message whose end goes unanswered at most twice, then keeps it as a dead letter", async () => {
    const { smtp, record, folder, read } = await setUp("studio@gritstone.test");
    smtp.state.dropAfterStore = true;
    await vi.waitFor(() => expect(folder("dead")).toEqual([`${record.id}.json`]), { timeout: 5_000 });
    expect(messageIds(smtp)).toEqual([record.messageId, record.messageId]);
    expect(read("dead").deadReason).toMatch(/never answered the end of the message \(2 times\)/);
  });
});
