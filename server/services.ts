import type { Logger } from "pino";
import { Registry } from "prom-client";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";
import type { Backoff } from "./enquiries/delivery.ts";
import { createEnquiryService, type EnquiryService } from "./enquiries/service.ts";

/** What the server builds from config: the services pages use, the metrics registry, and how to stop them. */
export interface Services {
  site: SiteServices;
  /** Enquiries beyond what pages need: stats() for /status, readiness() for /readyz. */
  enquiries: EnquiryService;
  /** One prom-client registry; every module registers its own metrics here and /metrics serves it. */
  metrics: Registry;
  /** Stops background work (delivery worker, timers) for a graceful shutdown. */
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** How quickly failed deliveries are retried (tests shorten it). */
  deliveryBackoff?: Backoff;
}

/** Builds every service the site needs from config: the one place where real parts are chosen. */
export async function createServices(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Services> {
  const metrics = new Registry();
  const enquiries = await createEnquiryService({ config, logger, metrics, backoff: options.deliveryBackoff });
  await enquiries.start();
  const site: SiteServices = {
    content: {
      async getEntries() {
        return { items: [] };
      },
    },
    enquiries,
  };
  return {
    site,
    enquiries,
    metrics,
    async stop() {
      await enquiries.stop();
    },
  };
}
