import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { type CheckPolicy, checkPolicy, Readiness, type ReadinessCheck } from "../../server/ops/readiness.ts";
import { fakeCheck } from "../support/ops.ts";

describe("the readiness timing policy", () => {
  const logger = createLogger("silent");

  it("gives every check the same time limit, after which it is a timeout and its signal aborts", async () => {
    let seen: AbortSignal | undefined;
    const hanging: ReadinessCheck = {
      name: "content source answers",
      component: "content",
      run(signal) {
        seen = signal;
        return new Promise(() => {});
      },
    };
    const policy: CheckPolicy = { timeoutMs: 30, keepMs: { probe: 0, handshake: 0 } };
    const readiness = new Readiness({ checks: [hanging, fakeCheck("outbox writable", "mail", "ok")], logger, policy });
    const report = await readiness.report();
    expect(report).toMatchObject({
      status: "not ready",
      checks: [
        { name: "content source answers", state: "timeout", critical: true },
        { name: "outbox writable", state: "ok" },
      ],
    });
    expect(report.checks[0]?.latencyMs).toBeGreaterThanOrEqual(25);
    expect(seen?.aborted).toBe(true);
  });

  it("keeps a handshake's answer longer than a probe's", async () => {
    const probe = fakeCheck("outbox writable", "mail", "ok");
    const handshake = fakeCheck("mail server answers", "mail", "ok", { critical: false, cost: "handshake" });
    const readiness = new Readiness({
      checks: [probe, handshake],
      logger,
      policy: { timeoutMs: 1_000, keepMs: { probe: 0, handshake: 60_000 } },
    });
    for (let i = 0; i < 3; i++) await readiness.report();
    expect(probe.runs).toBe(3);
    expect(handshake.runs).toBe(1);
  });

  it("asks whether a check is critical each time its answer is read, kept or not", async () => {
    let cacheEmpty = true;
    const content = fakeCheck("content source answers", "content", "fail", { critical: () => cacheEmpty });
    const policy = { ...checkPolicy, keepMs: { probe: 60_000, handshake: 60_000 } };
    const readiness = new Readiness({ checks: [content], logger, policy });
    expect(await readiness.report()).toMatchObject({ status: "not ready", checks: [{ critical: true }] });
    cacheEmpty = false;
    expect(await readiness.report()).toMatchObject({ status: "ready", checks: [{ state: "fail", critical: false }] });
    expect(content.runs).toBe(1);
  });

  it("says how long a check may take and how long its answer is kept in one place, handshakes kept longest", () => {
    expect(checkPolicy.timeoutMs).toBeLessThanOrEqual(checkPolicy.keepMs.probe);
    expect(checkPolicy.keepMs.handshake).toBeGreaterThan(checkPolicy.keepMs.probe);
  });
});
