import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { open, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReadinessReport } from "../../server/ops/readiness.ts";
import { contentCopy, sendEnquiry, startSite, untilReady } from "../support/site-process.ts";
import { freePort } from "../support/system.ts";

/**
 * A data disk that fills up, for real: DATA_DIR on a 600 kB tmpfs, mail written as files on the
 * same disk (no SMTP), a filler file taking every byte left. Needs root to mount; skipped with a message where
 * the machine cannot mount one.
 */

function mountSmallDisk(): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), "site-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=600k,mode=0700", "tmpfs", dir], { stdio: "ignore" });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const disk = mountSmallDisk();
if (!disk) console.warn("enquiry-disk-full: skipped, this machine cannot mount a tmpfs (needs root)");

/** Writes a file until the disk refuses another byte; returns its path. */
async function fill(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  const handle = await open(file, "a");
  const block = Buffer.alloc(4096, 0x61);
  try {
    for (;;) await handle.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    await handle.close();
  }
  return file;
}

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe.skipIf(!disk)("enquiries when the data disk is full", { timeout: 120_000 }, () => {
  const processes: ChildProcess[] = [];
  let site: Awaited<ReturnType<typeof startSite>>;
  const dataDir = path.join(disk ?? "", "data");

  beforeAll(async () => {
    mkdirSync(dataDir);
    site = await startSite(
      {
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        CONTENT_DIR: contentCopy(),
        FORM_SECRET: "disk-full-secret-0123456789abcdef",
        CONTACT_RATE_LIMIT: "100000",
        DELIVERY_RETRY_MAX_SECONDS: "1",
      },
      (child) => processes.push(child),
    );
  });
  afterAll(() => {
    for (const child of processes) child.kill("SIGKILL");
    try {
      execFileSync("umount", ["-l", disk ?? ""], { stdio: "ignore" });
    } catch {}
  });

  const send = (token: string, answered?: Awaited<ReturnType<typeof sendEnquiry>>["question"]) =>
    sendEnquiry(
      site.base,
      { name: "Disk Visitor", email: "visitor@example.com", need: "Branding", brief: `A logo (${token}).` },
      { answered },
    );
  const mailDir = path.join(dataDir, "mail");
  const mails = () => listing(mailDir).filter((name) => name.endsWith(".eml"));
  const tokensDelivered = () =>
    mails().map((name) => /disk-\d{3}/.exec(readFileSync(path.join(mailDir, name), "utf8"))?.[0] ?? "(no token)");
  const readiness = async () => (await fetch(`${site.base}/readyz`)).status;
  const readyz = async () => {
    const res = await fetch(`${site.base}/readyz`);
    return { status: res.status, report: (await res.json()) as ReadinessReport };
  };
  /** The checks that take the instance out of service: failed, and critical. */
  const failingCritical = (report: ReadinessReport) =>
    report.checks.filter((check) => check.state !== "ok" && check.critical).map((check) => check.name);

  it("refuses clearly while full, loses and empties nothing, and delivers the rest once space is back", async () => {
    // Ready, every check passing (the page cache's warming over): whatever takes it out of service next is the disk.
    await untilReady(site.base);
    const answers = new Map<string, number>();
    for (let i = 0; i < 3; i++) answers.set(`disk-00${i}`, (await send(`disk-00${i}`)).status);
    await vi.waitFor(() => expect(mails()).toHaveLength(3), { timeout: 10_000 });
    const before = await readyz();
    expect(before.status).toBe(200);
    expect(before.report.checks.filter((check) => check.state !== "ok")).toEqual([]);

    // Full: every byte taken. The visitor hears 503 with the message; readiness is 503; pages still serve.
    const filler = await fill(disk ?? "", "filler");
    const full = await send("disk-100");
    answers.set("disk-100", full.status);
    expect(full.status).toBe(503);
    expect(full.answer.message).toMatch(/couldn't save your enquiry/);
    // Out of service because the outbox cannot take an enquiry, and for nothing else: the other checks pass, or
    // (the mail files, on the same disk) fail without taking the instance out.
    await vi.waitFor(
      async () => {
        const { status, report } = await readyz();
        expect(report.checks).toContainEqual(
          expect.objectContaining({ name: "outbox writable", state: "fail", critical: true }),
        );
        expect(failingCritical(report)).toEqual(["outbox writable"]);
        expect(report.status).toBe("not ready");
        expect(status).toBe(503);
      },
      { timeout: 5_000, interval: 250 },
    );
    expect((await fetch(`${site.base}/`)).status).toBe(200);
    expect((await fetch(`${site.base}/about`)).status).toBe(200);

    // A little room: some enquiries are kept, then the disk fills again part way (mail files cannot all be written).
    await truncate(filler, Math.max(0, readFileSync(filler).length - 48 * 1024));
    for (let i = 0; i < 40; i++) {
      const token = `disk-2${String(i).padStart(2, "0")}`;
      answers.set(token, (await send(token)).status);
    }
    const accepted = [...answers].filter(([, status]) => status === 200).map(([token]) => token);
    const refused = [...answers].filter(([, status]) => status !== 200);
    expect(refused.every(([, status]) => status === 503)).toBe(true);
    // Nothing half-written is left, and no mail file is empty or partial.
    expect(listing(path.join(dataDir, "outbox", "tmp"))).toEqual([]);
    for (const name of mails()) expect(readFileSync(path.join(mailDir, name), "utf8")).toMatch(/disk-\d{3}/);

    // Space back: ready again, and every accepted enquiry is delivered, each once. The first refused, sent again with
    // its question as a visitor's retry would be, is taken: nothing of it was kept the first time.
    rmSync(filler);
    await vi.waitFor(async () => expect(await readiness()).toBe(200), { timeout: 5_000, interval: 250 });
    expect((await send("disk-100", full.question)).status).toBe(200);
    accepted.push("disk-100");
    await vi.waitFor(() => expect(tokensDelivered().sort()).toEqual([...accepted].sort()), { timeout: 30_000 });
    expect(listing(path.join(dataDir, "outbox", "pending"))).toEqual([]);
    expect(listing(path.join(dataDir, "outbox", "tmp"))).toEqual([]);
    expect(listing(mailDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    console.info(
      `enquiry disk-full run: sent ${answers.size}, accepted ${accepted.length}, refused ${refused.length} (503), delivered ${mails().length}`,
    );
    expect(site.stderr()).toBe("");
  });
});
