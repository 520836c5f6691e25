import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freePort, parseMail, startSmtp } from "../support/smtp.ts";

const root = path.resolve(import.meta.dirname, "../..");
const processes: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of processes.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The production process, as the container starts it (npm test builds first). */
async function startSite(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  processes.push(child);
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the site exited: ${errors}`);
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
    },
    { timeout: 15_000, interval: 100 },
  );
  return { child, base };
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

describe("an enquiry survives the process being killed", () => {
  it("is delivered after SIGKILL and a restart, with the Message-ID it was given", async () => {
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
    const question = (await (await fetch(`${first.base}/emails/contact-form/challenge`)).json()) as {
      a: number;
      b: number;
      challenge: string;
    };
    const res = await fetch(`${first.base}/emails/contact-form`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Kill Switch",
        email: "kill@example.com",
        need: "Photography",
        brief: "Product shots for 40 candles.",
        challenge: question.challenge,
        answer: String(question.a + question.b),
      }),
    });
    const answer = (await res.json()) as { status: string };
    first.child.kill("SIGKILL");
    expect(res.status).toBe(200);
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
