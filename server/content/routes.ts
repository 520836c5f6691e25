import path from "node:path";
import express, { type Router } from "express";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import {
  contentRetryAfterSeconds,
  isContentQueryError,
  isContentUnavailableError,
} from "../../src/shared/content/errors.ts";
import { bodyFields } from "../http/body.ts";
import { fail } from "../http/refusals.ts";
import { labelRoute } from "../lib/route-labels.ts";
import { contentImageHeaders, type ImageSizeLimits, imageSizes } from "./image-sizes.ts";
import type { ContentService } from "./service.ts";

/** The content proxy (`POST /contentful/posts`), validated against the allow-list. */
export function contentRoutes(content: ContentService): Router {
  const router = express.Router();
  router.post("/contentful/posts", bodyFields, async (req, res, next) => {
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

const contentImagesRoute = "/content/images/*";

export interface ContentImagesOptions {
  contentDir: string;
  dataDir: string;
  logger: Logger;
  metrics: Registry;
  limits: ImageSizeLimits;
}

/** `?w=` asks for a smaller copy, as Contentful's Images API does. */
export function contentImages({ contentDir, dataDir, logger, metrics, limits }: ContentImagesOptions): Router {
  const router = express.Router();
  const imagesDir = path.join(contentDir, "images");
  router.use("/content/images", (_req, res, next) => {
    labelRoute(res, contentImagesRoute);
    next();
  });
  router.use(
    "/content/images",
    imageSizes({ imagesDir, cacheDir: path.join(dataDir, "image-cache"), logger, metrics, limits }),
  );
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
