import type { Logger } from "pino";
import { Gauge, Registry } from "prom-client";
import type { SiteServices } from "../src/shared/services.ts";
import { type Config, readSecrets } from "./config.ts";
import { createContentfulSource } from "./content/contentful-source.ts";
import { frontCache } from "./content/front-cache.ts";
import { createLocalSource } from "./content/local-source.ts";
import { createPublishes, type Publishes } from "./content/publishes.ts";
import type { PurgePlan } from "./content/purge-plan.ts";
import { localPurge, type PurgeListener, sharedPurges } from "./content/purges.ts";
import { type ContentService, createContentService } from "./content/service.ts";
import type { ContentSource } from "./content/source.ts";
import { configuredMailer, configuredQueue } from "./enquiries/configured.ts";
import { type Backoff, defaultBackoff } from "./enquiries/delivery.ts";
import { createEnquiryService, type EnquiryService } from "./enquiries/service.ts";
import { type RateLimitStores, redisRateLimitStores } from "./http/rate-limits.ts";
import { untilAborted } from "./lib/abort.ts";
import { type Claims, memoryClaims, redisClaims } from "./lib/claims.ts";
import { buildInfo } from "./ops/build-info.ts";
import { createOps, type Ops } from "./ops/ops.ts";
import type { ReadinessCheck } from "./ops/readiness.ts";
import type { StatusSources } from "./ops/status.ts";
import { openRedis, pingRedis, type RedisClient, redisReady } from "./redis.ts";

export interface Services {
  site: SiteServices;
  enquiries: EnquiryService;
  /** Every module registers its own metrics here; /metrics serves it. */
  metrics: Registry;
  content: ContentService;
  ops: Ops;
  /** Its own content service on the drafts, never the anonymous cache; pages get it with the preview cookie. */
  preview?: { content: ContentService; site: SiteServices };
  rateLimitStores?: RateLimitStores;
  /** Keys taken once (a signed request's signature), every instance's through Redis where it is configured. */
  claims(prefix: string): Claims;
  /** This instance's caches, and with REDIS_URL every instance's. */
  purge(plan: PurgePlan): Promise<unknown>;
  publishes: Publishes;
  /** The page cache, made with the app, registers here. */
  onPurge(listener: PurgeListener): void;
  /** When `deadline` aborts, a delivery still in flight is given up and its enquiry stays queued. */
  stop(deadline?: AbortSignal): Promise<void>;
}

/** With `drafts`: Contentful's Preview API, or the store with its drafts folder. */
async function createContentSource(
  config: Config,
  logger: Logger,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<ContentSource> {
  if (config.CONTENT_SOURCE === "contentful") {
    return createContentfulSource({
      space: config.CONTENTFUL_SPACE_ID ?? "",
      accessToken: (drafts ? config.CONTENTFUL_PREVIEW_TOKEN : config.CONTENTFUL_ACCESS_TOKEN) ?? "",
      environment: config.CONTENTFUL_ENVIRONMENT,
      host: drafts ? config.CONTENTFUL_PREVIEW_HOST : config.CONTENTFUL_HOST,
      logger,
    });
  }
  const local = await createLocalSource(config.CONTENT_DIR, { drafts });
  const count = [...local.store.entries.values()].reduce((sum, list) => sum + list.length, 0);
  if (count === 0) logger.warn({ dir: config.CONTENT_DIR }, "the content store is empty");
  return local;
}

/** How long preview keeps a draft answer: long enough for one page's reads, short enough for an editor's edits. */
const previewTtlSeconds = 2;

export interface ServiceOptions {
  deliveryBackoff?: Backoff;
  /** How often the shared queue's numbers are read in the background. */
  queueNumbersEveryMs?: number;
}

const redisStartWaitMs = 3_000;

/** The one place where real parts are chosen. */
export async function createServices(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Services> {
  const metrics = new Registry();
  const secrets = await readSecrets(config);
  const source = await createContentSource(config, logger);
  const content = createContentService({ source, ttlSeconds: config.CONTENT_TTL_SECONDS, logger, metrics });
  // Connects in the background: the site starts and serves with Redis away.
  const redis = secrets.redisUrl ? openRedis(secrets.redisUrl, logger) : undefined;
  // A moment for it at start, so the first requests already share rate limits and the queue; then on without it.
  if (redis) await untilAborted(redisReady(redis), AbortSignal.timeout(redisStartWaitMs)).catch(() => {});
  const enquiries = await startEnquiries(
    { ...config, FORM_SECRET: secrets.formSecret },
    logger,
    metrics,
    redis,
    options,
  );
  const purgeListeners: PurgeListener[] = [
    (plan) => content.purge(plan.contentTypes),
    // Drafts change on every save, not only on publish: preview's own cache goes whole.
    () => preview?.content.purge(),
  ];
  const purgeHere = localPurge({
    source,
    listeners: purgeListeners,
    logger,
  });
  const purges = redis ? sharedPurges({ redis, logger, purgeHere }) : undefined;
  if (redis) redisUpGauge(redis, metrics);

  // This instance's outbox is critical; Redis and the mail server are shared and can be ridden out.
  const checks: ReadinessCheck[] = [...enquiries.readinessChecks, content.readinessCheck];
  if (redis) {
    // Without Redis every user of it falls back (redis.ts): degraded, never not ready.
    checks.push({ name: "Redis answers", component: "mail", critical: false, run: () => pingRedis(redis) });
  }
  const purge = purges ? (plan: PurgePlan) => purges.purge(plan) : purgeHere;
  const publishes = createPublishes({
    revisionOf: source.revisionOf?.bind(source),
    purge,
    front:
      config.FRONT_CACHE_URLS.length > 0 ? frontCache({ urls: config.FRONT_CACHE_URLS, logger, metrics }) : undefined,
    logger,
    metrics,
  });
  const sources: StatusSources = { content, mail: enquiries, publishes };
  const ops = createOps({ registry: metrics, logger, build: buildInfo(config), checks, sources });
  ops.history.start();

  const site: SiteServices = {
    content,
    enquiries,
    status: () => ops.status(),
    settings: {
      siteUrl: config.SITE_URL.replace(/\/+$/, ""),
      analyticsId: config.ANALYTICS_ID,
      outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
      deadLetterRetentionDays: config.DEAD_LETTER_RETENTION_DAYS,
    },
    logger: logger.child({ module: "pages" }),
  };
  const preview = await previewServices(config, logger, site);
  return {
    site,
    enquiries,
    metrics,
    content,
    ops,
    preview,
    rateLimitStores: redis ? redisRateLimitStores(redis, logger.child({ module: "rate-limits" })) : undefined,
    claims: (prefix) => (redis ? redisClaims(redis, logger.child({ module: "claims" }), prefix) : memoryClaims()),
    purge,
    publishes,
    onPurge: (listener) => void purgeListeners.push(listener),
    async stop(deadline) {
      ops.history.stop();
      publishes.stop();
      await enquiries.stop(deadline);
      await purges?.close();
      if (redis?.isOpen) await redis.close().catch(() => redis.destroy());
      else redis?.destroy();
    },
  };
}

/** The enquiry service on the configured queue and mailer, already delivering what the outbox holds. */
async function startEnquiries(
  config: Config & { FORM_SECRET: string },
  logger: Logger,
  metrics: Registry,
  redis: RedisClient | undefined,
  options: ServiceOptions,
): Promise<EnquiryService> {
  const backoff = options.deliveryBackoff ?? {
    ...defaultBackoff,
    maxMs: Math.max(defaultBackoff.baseMs, config.DELIVERY_RETRY_MAX_SECONDS * 1000),
  };
  const enquiries = createEnquiryService({
    config,
    logger,
    metrics,
    backoff,
    queue: configuredQueue(config, { redis, logger, numbersEveryMs: options.queueNumbersEveryMs }),
    mailer: configuredMailer(config),
    claims: redis ? redisClaims(redis, logger.child({ module: "enquiry-claims" })) : undefined,
  });
  await enquiries.start();
  return enquiries;
}

async function previewServices(config: Config, logger: Logger, site: SiteServices): Promise<Services["preview"]> {
  if (!config.previewEnabled) {
    if (config.PREVIEW_SECRET)
      logger.warn("PREVIEW_SECRET is set but CONTENTFUL_PREVIEW_TOKEN is not: preview stays off");
    return undefined;
  }
  // A private registry (the anonymous cache's metrics stay the site's), and never stale.
  const content = createContentService({
    source: await createContentSource(config, logger, { drafts: true }),
    ttlSeconds: previewTtlSeconds,
    serveStale: false,
    logger,
  });
  const settings = { ...site.settings, preview: true, livePreviewOrigins: config.LIVE_PREVIEW_ORIGINS };
  return { content, site: { ...site, content, settings } };
}

function redisUpGauge(redis: RedisClient, metrics: Registry) {
  new Gauge({
    name: "redis_up",
    help: "1 when Redis (REDIS_URL) answers a PING, 0 when it does not.",
    registers: [metrics],
    async collect() {
      this.set(
        await pingRedis(redis).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
}
