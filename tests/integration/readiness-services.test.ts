import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, sendEnquiry } from "../support/app.ts";
import { freePort, startSmtp } from "../support/smtp.ts";

/**
 * /readyz and /status.json over the real content and enquiry services (server/services.ts wires their checks
 * and numbers in): what an operator sees when the outbox, the mail server or the content source fails.
 */

type App = Awaited<ReturnType<typeof buildTestApp>>;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}): Promise<App> {
  const built = await buildTestApp({
    env: { CONTACT_RATE_LIMIT: "1000", ...env },
    serviceOptions: { deliveryBackoff: { baseMs: 100, maxMs: 300 } },
  });
  cleanups.push(() => built.services.stop());
  return built;
}

interface Check {
  name: string;
  component: string;
  state: string;
  critical: boolean;
}
interface Component {
  id: string;
  state: string;
}

const component = (body: { components: Component[] }, id: string) => body.components.find((c) => c.id === id);

describe("readiness and status over the real services", () => {
  it("is ready with the three checks when the outbox, mail folder and embedded content all answer", async () => {
    const { app: target } = await app();
    const ready = await request(target).get("/readyz");
    expect(ready.status).toBe(200);
    const checks = ready.body.checks as Check[];
    expect(checks.map((check) => [check.name, check.component, check.state, check.critical])).toEqual([
      ["outbox writable", "mail", "ok", true],
      ["mail server answers", "mail", "ok", false],
      ["content source answers", "content", "ok", true],
    ]);
    const status = await request(target).get("/status.json").expect(200);
    expect(status.body.state).toBe("operational");
    expect(status.body.mail.outboxDepth).toBe(0);
  });

  it("goes not ready, and shows mail delivery down, when the outbox cannot be written", async () => {
    const { app: target, config } = await app();
    const staging = path.join(config.DATA_DIR, "outbox", "tmp");
    await rm(staging, { recursive: true, force: true });
    await writeFile(staging, "not a folder");
    const ready = await request(target).get("/readyz");
    expect(ready.status).toBe(503);
    expect((ready.body.checks as Check[]).find((check) => check.name === "outbox writable")?.state).toBe("fail");
    const status = await request(target).get("/status.json").expect(200);
    expect(component(status.body, "mail")?.state).toBe("down");
    expect(JSON.stringify(status.body)).not.toContain(config.DATA_DIR);
  });

  it("stays ready while the mail server is down, shows the waiting enquiry, then its delivery", async () => {
    const port = await freePort();
    const { app: target } = await app({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const ready = await request(target).get("/readyz");
    expect(ready.status).toBe(200);
    expect((ready.body.checks as Check[]).find((check) => check.name === "mail server answers")?.state).toBe("fail");

    expect((await sendEnquiry(target)).status).toBe(200);
    const waiting = await request(target).get("/status.json").expect(200);
    expect(component(waiting.body, "mail")?.state).toBe("degraded");
    expect(waiting.body.mail.outboxDepth).toBe(1);
    expect(waiting.body.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect(waiting.body.mail.lastDeliveryAt).toBeNull();
    expect(JSON.stringify(waiting.body)).not.toContain(String(port));

    const server = await startSmtp(port);
    cleanups.push(() => server.close());
    await expect
      .poll(async () => (await request(target).get("/status.json")).body.mail.lastDeliveryAt, { timeout: 10_000 })
      .not.toBeNull();
    const after = await request(target).get("/status.json");
    expect(after.body.mail.outboxDepth).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  it("is not ready while a Contentful source that has never answered stays silent", async () => {
    const port = await freePort();
    const { app: target } = await app({
      CONTENT_SOURCE: "contentful",
      CONTENTFUL_SPACE_ID: "space",
      CONTENTFUL_ACCESS_TOKEN: "token",
      CONTENTFUL_HOST: `http://127.0.0.1:${port}`,
    });
    const ready = await request(target).get("/readyz");
    expect(ready.status).toBe(503);
    const content = (ready.body.checks as Check[]).find((check) => check.name === "content source answers");
    expect(content?.state).not.toBe("ok");
    expect(content?.critical).toBe(true);
    const status = await request(target).get("/status.json").expect(200);
    expect(component(status.body, "content")?.state).toBe("down");
  });
});
