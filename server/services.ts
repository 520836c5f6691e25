import type { Logger } from "pino";
import { Registry } from "prom-client";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";
import { connectRedisRateLimits, type RateLimitStores } from "./http/limits.ts";
import { buildInfo } from "./ops/build-info.ts";
import { createOps, type Ops } from "./ops/ops.ts";
import type { ReadinessCheck } from "./ops/readiness.ts";
import type { StatusSources } from "./ops/status.ts";

/** What the server builds from config: the services pages use, the metrics registry, and how to stop them. */
export interface Services {
  site: SiteServices;
  /** One prom-client registry; every module registers its own metrics here and /metrics serves it. */
  metrics: Registry;
  /** Readiness, the status report, request metrics and the shutdown switch (server/ops). */
  ops: Ops;
  /** Shared rate-limit stores when REDIS_URL is set; absent, each instance counts on its own. */
  rateLimitStores?: RateLimitStores;
  /** Stops background work (delivery worker, timers) for a graceful shutdown. */
  stop(): Promise<void>;
}

/** Builds every service the site needs from config: the one place where real parts are chosen. */
export async function createServices(config: Config, logger: Logger): Promise<Services> {
  const metrics = new Registry();
  const content: SiteServices["content"] = {
    async getEntries() {
      return { items: [] };
    },
  };

  // Each service hands in what /readyz checks and what /status shows: the content service its check() and
  // stats(), the enquiry service its outbox and SMTP checks and stats() (see server/ops/readiness.ts, status.ts).
  const checks: ReadinessCheck[] = [];
  const sources: StatusSources = {};
  const ops = createOps({ registry: metrics, logger, build: buildInfo(config), checks, sources });

  const redis = config.REDIS_URL ? await connectRedisRateLimits(config.REDIS_URL, logger) : undefined;

  const site: SiteServices = { content, status: () => ops.status() };
  return {
    site,
    metrics,
    ops,
    rateLimitStores: redis?.stores,
    async stop() {
      await redis?.close();
    },
  };
}
