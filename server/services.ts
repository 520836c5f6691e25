import type { Logger } from "pino";
import { Registry } from "prom-client";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";

/** What the server builds from config: the services pages use, the metrics registry, and how to stop them. */
export interface Services {
  site: SiteServices;
  /** One prom-client registry; every module registers its own metrics here and /metrics serves it. */
  metrics: Registry;
  /** Stops background work (delivery worker, timers) for a graceful shutdown. */
  stop(): Promise<void>;
}

/** Builds every service the site needs from config: the one place where real parts are chosen. */
export async function createServices(config: Config, _logger: Logger): Promise<Services> {
  const metrics = new Registry();
  const site: SiteServices = {
    content: {
      async getEntries() {
        return { items: [] };
      },
    },
    settings: {
      siteUrl: config.SITE_URL.replace(/\/+$/, ""),
      analyticsId: config.ANALYTICS_ID,
      outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
    },
  };
  return { site, metrics, async stop() {} };
}
