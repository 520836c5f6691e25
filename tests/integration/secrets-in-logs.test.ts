import { spawn } from "node:child_process";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestApp, sendEnquiry } from "../support/app.ts";
import { freePort } from "../support/system.ts";

/** What the site writes (its log, its start-up errors) never holds a secret it was given or sent. */

const root = path.resolve(import.meta.dirname, "../..");
const password = "hunter2-d41d8cd9";
const previewSecret = `preview-${password}`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function loggedApp(env: Record<string, string>) {
  const lines: string[] = [];
  const built = await buildTestApp({ env, log: { write: (line: string) => lines.push(line) } });
  cleanups.push(() => built.services.stop());
  const completed = () => lines.filter((line) => /"msg":"request (completed|errored)"/.test(line)).length;
  return { ...built, lines, completed };
}

describe("the log", () => {
  it("never holds the preview secret, however the link spells its name", async () => {
    const { app, lines, completed } = await loggedApp({ PREVIEW_SECRET: previewSecret });
    // The server reads an encoded name as the name itself: this link opens the preview.
    const opened = await request(app).get(`/preview?%73ecret=${previewSecret}&path=%2Fabout`);
    expect(opened.status).toBe(302);
    const spellings = [
      "secret",
      "%73%65%63%72%65%74",
      "%2573ecret",
      "SECRET",
      "sec+ret",
      "sec%20ret",
      "a[secret]",
      "x=1&secret",
      "secret=x&secret",
      "preview_token",
    ];
    for (const name of spellings) {
      await request(app)
        .get(`/preview?${name}=${previewSecret}&path=%2Fabout`)
        .set("Cookie", `site_preview=${password}`)
        .set("Authorization", `Bearer ${password}`);
    }
    await request(app).get(`/about?token=${previewSecret}`);
    await request(app).get(`/no-such-page?password=${previewSecret}`);
    await request(app).post(`/contentful/webhook?signature=${password}`).set("X-Webhook-Secret", password).send({});
    await vi.waitFor(() => expect(completed()).toBe(spellings.length + 4), { timeout: 5_000, interval: 20 });

    expect(lines.join("\n")).not.toContain(password);
    expect(lines.join("\n")).toContain('"url":"/preview?%73ecret=[redacted]&path=%2Fabout"');
    expect(lines.join("\n")).toContain('"url":"/about?token=[redacted]"');
  });

  it("never holds the password in a credentialed SMTP_URL or REDIS_URL while their servers are away", async () => {
    const [smtpPort, redisPort] = [await freePort(), await freePort()];
    const { app, lines } = await loggedApp({
      SMTP_URL: `smtp://site:${password}@127.0.0.1:${smtpPort}`,
      REDIS_URL: `redis://default:${password}@127.0.0.1:${redisPort}`,
      CONTACT_RATE_LIMIT: "100",
    });
    expect((await sendEnquiry(app)).status).toBe(200);
    await request(app).get("/readyz");
    await vi.waitFor(() => expect(lines.join("\n")).toMatch(/ECONNREFUSED/), { timeout: 10_000, interval: 50 });
    expect(lines.join("\n")).not.toContain(password);
  });
});

describe("a start-up refused for a bad setting", () => {
  /** The production start as the container runs it, to its exit. */
  async function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    return { code, output };
  }

  it("names the variable and never prints the password of a mistyped SMTP_URL, nor a short secret", async () => {
    const smtp = await start({ SMTP_URL: `smtp://site:${password}@mail.example:99999` });
    expect(smtp.code).toBe(1);
    expect(smtp.output).toContain("Invalid environment variable SMTP_URL");
    expect(smtp.output).not.toContain(password);

    const secret = await start({ FORM_SECRET: password.slice(0, 12) });
    expect(secret.code).toBe(1);
    expect(secret.output).toContain("Invalid environment variable FORM_SECRET: must be at least 16 characters");
    expect(secret.output).not.toContain(password.slice(0, 7));
  });
});
