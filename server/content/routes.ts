import { createHash, timingSafeEqual } from "node:crypto";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import { contentRetryAfterSeconds, isContentQueryError, isContentUnavailableError } from "../../src/content/errors.ts";
import { fail, parseBody } from "../http/limits.ts";
import { labelRoute } from "../ops/route-label.ts";
import { contentImageHeaders, imageSizes } from "./image-sizes.ts";
import type { ContentService } from "./service.ts";

/** The site's content proxy (spec §7): POST /contentful/posts, validated against the allow-list. */
export function contentRoutes(content: ContentService): Router {
  const router = express.Router();
  router.post("/contentful/posts", ...parseBody, async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    try {
      const { items } = await content.getEntries(req.body ?? {});
      res.json({ items });
    } catch (error) {
      if (isContentQueryError(error)) {
        res.status(400).json(fail(error.message));
      } else if (isContentUnavailableError(error)) {
        res
          .status(503)
          .set("Retry-After", String(contentRetryAfterSeconds))
          .json(fail("Content is unavailable right now. Please try again in a moment."));
      } else {
        next(error);
      }
    }
  });
  return router;
}

function secretDigest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Constant-time comparison; hashing first makes both sides the same length whatever was sent. */
export function secretMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(secretDigest(given), secretDigest(expected));
}

export interface WebhookOptions {
  content: ContentService;
  /** CONTENTFUL_WEBHOOK_SECRET; when unset every call is refused. */
  secret: string | undefined;
  logger: Logger;
}

/**
 * POST /contentful/webhook: Contentful calls it on publish with X-Webhook-Secret; the body (which can be
 * larger than the site's POST limit) is never read, so this is mounted before the body limits.
 */
export function contentWebhook({ content, secret, logger }: WebhookOptions): RequestHandler[] {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: 60,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler(_req, res) {
      res.status(429).json(fail("Too many requests. Please try again in a minute."));
    },
  });
  const purge: RequestHandler = (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!secretMatches(req.get("X-Webhook-Secret"), secret)) {
      logger.warn({ configured: Boolean(secret) }, "content webhook refused: missing or wrong secret");
      res.status(401).json(fail("The webhook secret is missing or wrong."));
      return;
    }
    content.purge();
    res.json({ status: "success", message: "The content cache was purged." });
  };
  return [limiter, purge];
}

/** The request-metrics label every store image shares, whatever its file name. */
const contentImagesRoute = "/content/images/*";

/**
 * The store's images at /content/images/…, smaller copies on request (`?w=`, as Contentful's Images API), cached
 * for a year as immutable (contentImageHeaders).
 */
export function contentImages(contentDir: string, logger: Logger): Router {
  const router = express.Router();
  const imagesDir = path.join(contentDir, "images");
  router.use("/content/images", (_req, res, next) => {
    labelRoute(res, contentImagesRoute);
    next();
  });
  router.use("/content/images", imageSizes({ imagesDir, logger }));
  router.use(
    "/content/images",
    express.static(imagesDir, {
      index: false,
      redirect: false,
      fallthrough: false,
      dotfiles: "ignore",
      setHeaders(res) {
        res.set(contentImageHeaders);
      },
    }),
  );
  return router;
}
