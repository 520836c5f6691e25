import type { Logger } from "pino";
import type { Counter, Registry } from "prom-client";
import type { StatusReport } from "../../src/shared/status-report.ts";
import { registerCspViolations } from "./csp-reports.ts";
import { createHistory, type History } from "./history.ts";
import { type HttpMetrics, registerOpsMetrics } from "./metrics.ts";
import { type CheckPolicy, Readiness, type ReadinessCheck } from "./readiness.ts";
import { type BuildInfo, type StatusSources, statusReport } from "./status.ts";
import { registerVitals, type VitalHistograms } from "./vitals.ts";

export interface OpsOptions {
  registry: Registry;
  logger: Logger;
  build: BuildInfo;
  /** Each service hands in its own. */
  checks?: ReadinessCheck[];
  sources?: StatusSources;
  startedAt?: Date;
  checkPolicy?: CheckPolicy;
}

export interface Ops {
  readiness: Readiness;
  httpMetrics: HttpMetrics;
  vitals: VitalHistograms;
  cspViolations: Counter<"directive" | "route">;
  /** The last hour of this instance, read from the registry every 10 s; started and stopped with the services. */
  history: History;
  status(): Promise<StatusReport>;
  /** Readiness turns to 503 and every response asks its client to close the connection. */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
}

export function createOps(options: OpsOptions): Ops {
  const { registry, logger, build, checks = [], sources = {}, startedAt = new Date() } = options;
  const readiness = new Readiness({ checks, logger, policy: options.checkPolicy });
  const httpMetrics = registerOpsMetrics(registry, build);
  const vitals = registerVitals(registry);
  const cspViolations = registerCspViolations(registry);
  const history = createHistory(registry);
  return {
    readiness,
    httpMetrics,
    vitals,
    cspViolations,
    history,
    status: () => statusReport({ readiness, sources, build, startedAt, logger, history }),
    beginShutdown: () => readiness.beginShutdown(),
    get shuttingDown() {
      return readiness.shuttingDown;
    },
  };
}
