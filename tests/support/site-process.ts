import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The production process as the container starts it (`node server/main.ts`, npm test builds first), on
 * 127.0.0.1; resolves once /healthz answers. The caller kills it (track() lets an afterEach do it).
 */
export async function startSite(env: Record<string, string>, track: (child: ChildProcess) => void = () => {}) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child);
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  // Every line the logger writes is one JSON object; anything else is kept to show.
  const strays: string[] = [];
  const logs: { msg?: string; level?: number }[] = [];
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        if (line.trim() !== "") strays.push(line);
      }
    }
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the site exited: ${errors}`);
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
  /** What the process wrote to stderr so far (the logger writes JSON lines to stdout; stderr should stay empty). */
  return { child, base, stderr: () => errors, nonJsonLines: () => strays, logs: () => logs };
}

/**
 * Resolves once the instance says it is ready (its page cache stored the sitemap's pages), as a load
 * balancer would wait before sending it traffic.
 */
export async function untilReady(base: string, timeout = 60_000) {
  await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), { timeout, interval: 100 });
}

/** A copy of the embedded store that a test may edit or share between processes (images are linked, not copied). */
export function contentCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-content-"));
  cpSync(path.join(root, "content/entries"), path.join(dir, "entries"), { recursive: true });
  cpSync(path.join(root, "content/assets.json"), path.join(dir, "assets.json"));
  symlinkSync(path.join(root, "content/images"), path.join(dir, "images"));
  return dir;
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

interface AnsweredQuestion {
  challenge: string;
  answer: string;
}

/**
 * Sends an enquiry through the API as a client would: asks for the spam question, answers it, posts (to `postTo`, an
 * instance other than the one that asked, when given). With `answered`, the question it answered before, as a
 * client's retry would.
 */
export async function sendEnquiry(
  base: string,
  fields: Record<string, string>,
  { answered, postTo = base }: { answered?: AnsweredQuestion; postTo?: string } = {},
) {
  const question = answered ?? (await answeredQuestion(base));
  const res = await fetch(`${postTo}/emails/contact-form`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...fields, ...question }),
  });
  return { status: res.status, answer: (await res.json()) as { status: string; message: string }, question };
}

async function answeredQuestion(base: string): Promise<AnsweredQuestion> {
  const { a, b, challenge } = (await (await fetch(`${base}/emails/contact-form/challenge`)).json()) as {
    a: number;
    b: number;
    challenge: string;
  };
  return { challenge, answer: String(a + b) };
}
