import { Registry } from "prom-client";
import { createLogger } from "../../server/http/logging.ts";
import { createOps, type OpsOptions } from "../../server/ops/ops.ts";
import { type CheckPolicy, checkPolicy, Readiness, type ReadinessCheck } from "../../server/ops/readiness.ts";
import type { Services } from "../../server/services.ts";
import { buildTestApp } from "./app.ts";

/** The real time limit, with no answer kept: each request sees what the checks say now. */
export const keepNothing: CheckPolicy = { ...checkPolicy, keepMs: { probe: 0, handshake: 0 } };

/** What ops makes of the given checks right now: each one's outcome, as /readyz and /status show it. */
export function checkNow(...checks: ReadinessCheck[]) {
  return new Readiness({ checks, logger: createLogger("silent"), policy: keepNothing }).outcomes();
}

/** A readiness check that answers as told: the test double at the seam the real services plug into. */
export function fakeCheck(
  name: string,
  component: ReadinessCheck["component"],
  answer: "ok" | "fail" | "hang",
  options: { critical?: ReadinessCheck["critical"]; cost?: ReadinessCheck["cost"]; error?: string } = {},
): ReadinessCheck & { runs: number } {
  const check = {
    name,
    component,
    critical: options.critical,
    cost: options.cost,
    runs: 0,
    run() {
      check.runs++;
      if (answer === "ok") return Promise.resolve();
      if (answer === "fail") return Promise.reject(new Error(options.error ?? `${name} failed`));
      return new Promise<void>(() => {});
    },
  };
  return check;
}

/** The real app (production build), with the operator side built from the given checks and sources. */
export async function buildOpsApp(
  options: Partial<Omit<OpsOptions, "registry" | "logger">> & { env?: Record<string, string> } = {},
) {
  const { env, ...ops } = options;
  let built: Services | undefined;
  const result = await buildTestApp({
    env,
    services(real) {
      const metrics = new Registry();
      const replaced = createOps({
        registry: metrics,
        logger: createLogger("silent"),
        build: { version: "2.4.6", commit: "0123456789abcdef0123" },
        checkPolicy: keepNothing,
        ...ops,
      });
      built = { ...real, metrics, ops: replaced, site: { ...real.site, status: () => replaced.status() } };
      return built;
    },
  });
  if (!built) throw new Error("services were not built");
  return { ...result, services: built };
}
