import type { Logger } from "pino";
import { Registry } from "prom-client";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";
import { createContentfulSource } from "./content/contentful-source.ts";
import { createLocalSource } from "./content/local-source.ts";
import { type ContentService, createContentService } from "./content/service.ts";
import type { ContentSource } from "./content/source.ts";
import type { Backoff } from "./enquiries/delivery.ts";
import { createEnquiryService, type EnquiryService } from "./enquiries/service.ts";
import { connectRedisRateLimits, type RateLimitStores } from "./http/limits.ts";
import { buildInfo } from "./ops/build-info.ts";
import { createOps, type Ops } from "./ops/ops.ts";
import type { ReadinessCheck } from "./ops/readiness.ts";
import type { StatusSources } from "./ops/status.ts";

/** What the server builds from config: the services pages use, the metrics registry, and how to stop them. */
export interface Services {
  site: SiteServices;
  /** Enquiries beyond what pages need: stats() for /status, readiness() for /readyz. */
  enquiries: EnquiryService;
  /** One prom-client registry; every module registers its own metrics here and /metrics serves it. */
  metrics: Registry;
  /** The content cache and its source: readiness `check()` and `stats()` for /readyz and /status. */
  content: ContentService;
  /** Readiness, the status report, request metrics and the shutdown switch (server/ops). */
  ops: Ops;
  /** Shared rate-limit stores when REDIS_URL is set; absent, each instance counts on its own. */
  rateLimitStores?: RateLimitStores;
  /**
   * Stops background work (delivery worker, timers) for a graceful shutdown; when `deadline` aborts, a mail
   * delivery still in flight is given up (the enquiry stays in the outbox).
   */
  stop(deadline?: AbortSignal): Promise<void>;
}

/** The configured content source: Contentful when chosen (config.ts decides), else the embedded store. */
export async function createContentSource(config: Config, logger: Logger): Promise<ContentSource> {
  if (config.CONTENT_SOURCE === "contentful") {
    return createContentfulSource({
      space: config.CONTENTFUL_SPACE_ID ?? "",
      accessToken: config.CONTENTFUL_ACCESS_TOKEN ?? "",
      environment: config.CONTENTFUL_ENVIRONMENT,
      host: config.CONTENTFUL_HOST,
      logger,
    });
  }
  const local = await createLocalSource(config.CONTENT_DIR);
  const count = [...local.store.entries.values()].reduce((sum, list) => sum + list.length, 0);
  if (count === 0) logger.warn({ dir: config.CONTENT_DIR }, "the content store is empty");
  return local;
}

export interface ServiceOptions {
  /** How quickly failed deliveries are retried (tests shorten it). */
  deliveryBackoff?: Backoff;
}

/** Builds every service the site needs from config: the one place where real parts are chosen. */
export async function createServices(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Services> {
  const metrics = new Registry();
  const content = createContentService({
    source: await createContentSource(config, logger),
    ttlSeconds: config.CONTENT_TTL_SECONDS,
    logger,
    metrics,
  });
  const enquiries = await createEnquiryService({ config, logger, metrics, backoff: options.deliveryBackoff });
  await enquiries.start();

  // Each service hands in what /readyz checks and what /status shows (decision 0040: the outbox is critical;
  // the mail server is shared and can be ridden out; content only until the cache has something to serve).
  const checks: ReadinessCheck[] = [
    { name: "outbox writable", component: "mail", run: () => passOrThrow(enquiries.checkOutbox()) },
    { name: "mail server answers", component: "mail", critical: false, run: () => passOrThrow(enquiries.checkMail()) },
    {
      name: "content source answers",
      component: "content",
      critical: () => content.stats().lastRefreshAt === null,
      run: async () => {
        const result = await content.check();
        if (!result.ok) throw new Error(result.message ?? "the content source is not answering");
      },
    },
  ];
  const sources: StatusSources = {
    content: { stats: () => ({ lastRefreshAt: content.stats().lastRefreshAt }) },
    mail: {
      stats() {
        const figures = enquiries.stats();
        return {
          pending: figures.pending,
          oldestPendingSeconds: figures.oldestPendingAgeSeconds,
          lastDeliveryAt: figures.lastDeliveredAt === null ? null : new Date(figures.lastDeliveredAt),
        };
      },
    },
  };
  const ops = createOps({ registry: metrics, logger, build: buildInfo(config), checks, sources });

  const redis = config.REDIS_URL ? await connectRedisRateLimits(config.REDIS_URL, logger) : undefined;

  const site: SiteServices = {
    content,
    enquiries,
    status: () => ops.status(),
    settings: {
      siteUrl: config.SITE_URL.replace(/\/+$/, ""),
      analyticsId: config.ANALYTICS_ID,
      outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
    },
  };
  return {
    site,
    enquiries,
    metrics,
    content,
    ops,
    rateLimitStores: redis?.stores,
    async stop(deadline) {
      await enquiries.stop(deadline);
      await redis?.close();
    },
  };
}

/** A service's own check result ({ok, detail}) as the readiness contract wants it: resolve, or throw why not. */
async function passOrThrow(result: Promise<{ ok: boolean; detail: string }>): Promise<void> {
  const outcome = await result;
  if (!outcome.ok) throw new Error(outcome.detail);
}
