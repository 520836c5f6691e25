import express from "express";
import { Registry } from "prom-client";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { createOps } from "../../server/ops/ops.ts";
import { Readiness } from "../../server/ops/readiness.ts";
import { RouteLabeler } from "../../server/ops/route-label.ts";
import { opsMiddleware } from "../../server/ops/router.ts";
import type { MailFigures, StatusSources } from "../../server/ops/status.ts";
import { type ComponentId, formatDuration, type ServiceState } from "../../src/lib/status-report.ts";
import { fakeCheck } from "../support/ops.ts";

const logger = createLogger("silent");

// The route manifest's shape, as React Router's server build gives it.
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/post": { id: "routes/post", parentId: "root", path: "post/:slug" },
  "routes/news": { id: "routes/news", parentId: "root", path: "news" },
  "routes/status": { id: "routes/status", parentId: "root", path: "status" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};

describe("route labels", () => {
  const labeler = new RouteLabeler(manifest);

  it("names page routes by their template, data requests included", () => {
    expect(labeler.page("/")).toBe("/");
    expect(labeler.page("/_root.data")).toBe("/");
    expect(labeler.page("/news")).toBe("/news");
    expect(labeler.page("/news/")).toBe("/news");
    expect(labeler.page("/post/why-brand-matters")).toBe("/post/:slug");
    expect(labeler.page("/post/why-brand-matters.data")).toBe("/post/:slug");
  });

  it("gives every path outside the route table one label", () => {
    for (const path of ["/nope", "/post/a/b", "/wp-admin/setup.php", "/post", "/.env"]) {
      expect(labeler.page(path)).toBe("unmatched");
    }
  });

  it("uses an Express route's own template, mount path included", async () => {
    const registry = new Registry();
    const ops = createOps({ registry, logger, build: { version: "1", commit: null } });
    const app = express();
    app.use(opsMiddleware(ops, labeler));
    const proxy = express.Router();
    proxy.post("/posts", (_req, res) => {
      res.json({ items: [] });
    });
    app.use("/contentful", proxy);
    app.get("/emails/:kind", (_req, res) => {
      res.sendStatus(405);
    });
    await request(app).post("/contentful/posts");
    await request(app).get("/emails/contact-form");
    const text = await registry.metrics();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/contentful/posts",status_code="200"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/emails/:kind",status_code="405"} 1',
    );
  });
});

describe("readiness", () => {
  it("runs each check once for callers that ask at the same time", async () => {
    const check = fakeCheck("content source answers", "content", "ok");
    const readiness = new Readiness({ checks: [check], logger, cacheMs: 0 });
    const answers = await Promise.all([readiness.report(), readiness.report(), readiness.report()]);
    expect(answers.map((answer) => answer.status)).toEqual(["ready", "ready", "ready"]);
    expect(check.runs).toBe(1);
  });

  it("asks a check whether it is critical at each run", async () => {
    let cacheEmpty = true;
    const content = fakeCheck("content source answers", "content", "fail", { critical: () => cacheEmpty });
    const readiness = new Readiness({ checks: [content], logger, cacheMs: 0 });
    expect((await readiness.report()).status).toBe("not ready");
    cacheEmpty = false;
    expect(await readiness.report()).toMatchObject({ status: "ready", checks: [{ state: "fail", critical: false }] });
  });

  it("shares one run for the cache period, then checks again", async () => {
    const check = fakeCheck("outbox writable", "mail", "ok");
    const cached = new Readiness({ checks: [check], logger, cacheMs: 60_000 });
    await cached.report();
    await cached.report();
    expect(check.runs).toBe(1);
    const fresh = new Readiness({ checks: [check], logger, cacheMs: 0 });
    await fresh.report();
    await fresh.report();
    expect(check.runs).toBe(3);
  });
});

describe("the status report", () => {
  const report = (checks: ReturnType<typeof fakeCheck>[], sources: StatusSources = {}) =>
    createOps({
      registry: new Registry(),
      logger,
      build: { version: "1", commit: null },
      checks,
      sources,
      readinessCacheMs: 0,
    }).status();
  const mail = (figures: Partial<MailFigures>) => ({
    stats: () => ({ pending: 0, oldestPendingSeconds: null, lastDeliveryAt: null, ...figures }),
  });
  const stateOf = async (checks: ReturnType<typeof fakeCheck>[], sources?: StatusSources) => {
    const { state, summary, components } = await report(checks, sources);
    const byId = Object.fromEntries(components.map((component) => [component.id, component.state])) as Record<
      ComponentId,
      ServiceState
    >;
    return { state, summary, ...byId };
  };

  it("is operational when everything answers", async () => {
    expect(await stateOf([fakeCheck("content", "content", "ok"), fakeCheck("outbox", "mail", "ok")])).toEqual({
      state: "operational",
      summary: "All systems operational",
      web: "operational",
      content: "operational",
      mail: "operational",
    });
  });

  it("is degraded while the mail server is away, since enquiries still reach the outbox", async () => {
    const states = await stateOf([fakeCheck("smtp", "mail", "fail", { critical: false })]);
    expect(states).toMatchObject({ state: "degraded", summary: "Some systems degraded", mail: "degraded" });
  });

  it("is down when the outbox cannot be written", async () => {
    expect(await stateOf([fakeCheck("outbox", "mail", "fail")])).toMatchObject({
      state: "down",
      summary: "Service disruption",
      mail: "down",
    });
  });

  it("is degraded when an enquiry has waited more than 15 minutes", async () => {
    const waiting = (seconds: number) => stateOf([], { mail: mail({ pending: 1, oldestPendingSeconds: seconds }) });
    expect((await waiting(14 * 60)).mail).toBe("operational");
    expect((await waiting(16 * 60)).mail).toBe("degraded");
  });

  it("keeps content degraded, not down, while a copy fetched earlier can still be shown", async () => {
    const away = fakeCheck("content", "content", "fail", { critical: false });
    expect((await stateOf([away], { content: { stats: () => ({ lastRefreshAt: new Date() }) } })).content).toBe(
      "degraded",
    );
    expect((await stateOf([away], { content: { stats: () => ({ lastRefreshAt: null }) } })).content).toBe("down");
  });

  it("still reports when a service's figures cannot be read", async () => {
    const broken = {
      stats(): MailFigures {
        throw new Error("outbox folder vanished");
      },
    };
    const result = await report([], { mail: broken });
    expect(result.mail.outboxDepth).toBeNull();
    expect(result.state).toBe("operational");
  });
});

describe("durations in words", () => {
  it("uses at most two units", () => {
    expect(formatDuration(12)).toBe("12 s");
    expect(formatDuration(125)).toBe("2 min");
    expect(formatDuration(3_600)).toBe("1 h");
    expect(formatDuration(7_500)).toBe("2 h 5 min");
    expect(formatDuration(3 * 86_400 + 4 * 3_600 + 59)).toBe("3 d 4 h");
    expect(formatDuration(-5)).toBe("0 s");
  });
});
