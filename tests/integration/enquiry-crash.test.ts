import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exited, sendEnquiry, startSite as startProcess } from "../support/site-process.ts";
import { freePort, parseMail, startSmtp } from "../support/smtp.ts";

const startSite = (env: Record<string, string>) => startProcess(env, (child) => processes.push(child));

const processes: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of processes.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("an enquiry survives the process being killed", () => {
  it("is delivered after SIGKILL and a restart, with the Message-ID it was given", { timeout: 60_000 }, async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    // The mail server takes the message but never confirms it: the kill lands mid-delivery at the latest.
    smtp.state.stalling = true;
    const env = {
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-crash-")),
      SMTP_URL: smtp.url,
      MAIL_TO: "studio@gritstone.test",
      FORM_SECRET: "crash-test-secret-0123456789abcdef",
    };

    const first = await startSite(env);
    const { status, answer } = await sendEnquiry(first.base, {
      name: "Kill Switch",
      email: "kill@example.com",
      need: "Photography",
      brief: "Product shots for 40 candles.",
    });
    first.child.kill("SIGKILL");
    expect(status).toBe(200);
    expect(answer.status).toBe("success");
    await exited(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");

    const pendingDir = path.join(env.DATA_DIR, "outbox", "pending");
    const pending = (await readdir(pendingDir)).filter((name) => name.endsWith(".json"));
    expect(pending).toHaveLength(1);
    const record = JSON.parse(await readFile(path.join(pendingDir, pending[0] ?? ""), "utf8")) as { messageId: string };
    expect(smtp.received).toEqual([]);

    smtp.state.stalling = false;
    const second = await startSite(env);
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
    for (const mail of smtp.received) {
      const parsed = parseMail(mail.raw);
      expect(parsed.header("message-id")).toBe(record.messageId);
      expect(parsed.header("subject")).toBe("New enquiry: Photography from Kill Switch");
    }
    await vi.waitFor(async () => expect(await readdir(pendingDir)).toEqual([]), { timeout: 5_000, interval: 50 });

    second.child.kill("SIGTERM");
    await exited(second.child);
    expect(second.child.exitCode).toBe(0);
  });
});
