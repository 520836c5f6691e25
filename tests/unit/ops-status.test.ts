import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { createOps } from "../../server/ops/ops.ts";
import type { StatusSources } from "../../server/ops/status.ts";
import {
  type ComponentId,
  formatDuration,
  type MailNumbers,
  type ServiceState,
} from "../../src/shared/status-report.ts";
import { fakeCheck, keepNothing } from "../support/ops.ts";

const logger = createLogger("silent");

describe("the status report", () => {
  const report = (checks: ReturnType<typeof fakeCheck>[], sources: StatusSources = {}) =>
    createOps({
      registry: new Registry(),
      logger,
      build: { version: "1", commit: null },
      checks,
      sources,
      checkPolicy: keepNothing,
    }).status();
  const mail = (numbers: Partial<MailNumbers>) => ({
    stats: async (): Promise<MailNumbers> => ({
      delivery: "smtp",
      queue: "disk",
      outboxDepth: 0,
      oldestPendingSeconds: null,
      lastDeliveryAt: null,
      consumer: null,
      deadLetters: 0,
      failingSeconds: null,
      ...numbers,
    }),
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
    const waiting = (seconds: number) => stateOf([], { mail: mail({ outboxDepth: 1, oldestPendingSeconds: seconds }) });
    expect((await waiting(14 * 60)).mail).toBe("operational");
    expect((await waiting(16 * 60)).mail).toBe("degraded");
  });

  it("keeps content degraded, not down, while a copy fetched earlier can still be shown", async () => {
    const away = fakeCheck("content", "content", "fail", { critical: false });
    expect(
      (await stateOf([away], { content: { stats: () => ({ lastRefreshAt: new Date().toISOString() }) } })).content,
    ).toBe("degraded");
    expect((await stateOf([away], { content: { stats: () => ({ lastRefreshAt: null }) } })).content).toBe("down");
  });

  it("still reports when a service's numbers cannot be read", async () => {
    const broken = {
      async stats(): Promise<MailNumbers> {
        throw new Error("outbox folder vanished");
      },
    };
    const result = await report([], { mail: broken });
    expect(result.mail).toBeNull();
    expect(result.state).toBe("operational");
  });

  it("carries each service's numbers as the service gives them, and the content's age at the report's time", async () => {
    const given: MailNumbers = {
      delivery: "files",
      queue: "redis",
      outboxDepth: 4,
      oldestPendingSeconds: 75,
      lastDeliveryAt: "2026-11-23T09:15:00.000Z",
      consumer: { holding: 2 },
      deadLetters: 0,
      failingSeconds: null,
    };
    const lastRefreshAt = new Date(Date.now() - 125_000).toISOString();
    const result = await report([], {
      mail: { stats: async () => given },
      content: { stats: () => ({ lastRefreshAt }) },
    });
    expect(result.mail).toEqual(given);
    expect(result.content.lastRefreshAt).toBe(lastRefreshAt);
    expect(result.content.freshnessSeconds).toBe(
      Math.floor((Date.parse(result.generatedAt) - Date.parse(lastRefreshAt)) / 1000),
    );
    expect((await report([])).content).toEqual({ lastRefreshAt: null, freshnessSeconds: null });
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
