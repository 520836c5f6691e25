import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { checkPolicy, Readiness } from "../../server/ops/readiness.ts";
import { fakeCheck, keepNothing } from "../support/ops.ts";

const logger = createLogger("silent");

describe("readiness", () => {
  it("runs each check once for callers that ask at the same time", async () => {
    const check = fakeCheck("content source answers", "content", "ok");
    const readiness = new Readiness({ checks: [check], logger, policy: keepNothing });
    const answers = await Promise.all([readiness.report(), readiness.report(), readiness.report()]);
    expect(answers.map((answer) => answer.status)).toEqual(["ready", "ready", "ready"]);
    expect(check.runs).toBe(1);
  });

  it("asks a check whether it is critical at each run", async () => {
    let cacheEmpty = true;
    const content = fakeCheck("content source answers", "content", "fail", { critical: () => cacheEmpty });
    const readiness = new Readiness({ checks: [content], logger, policy: keepNothing });
    expect((await readiness.report()).status).toBe("not ready");
    cacheEmpty = false;
    expect(await readiness.report()).toMatchObject({ status: "ready", checks: [{ state: "fail", critical: false }] });
  });

  it("shares one run for the cache period, then checks again", async () => {
    const check = fakeCheck("outbox writable", "mail", "ok");
    const cached = new Readiness({
      checks: [check],
      logger,
      policy: { ...checkPolicy, keepMs: { probe: 60_000, handshake: 60_000 } },
    });
    await cached.report();
    await cached.report();
    expect(check.runs).toBe(1);
    const fresh = new Readiness({ checks: [check], logger, policy: keepNothing });
    await fresh.report();
    await fresh.report();
    expect(check.runs).toBe(3);
  });
});
