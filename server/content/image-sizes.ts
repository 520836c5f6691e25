import { stat } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import sharp from "sharp";
import { imageWidths } from "../../src/content/images.ts";

/**
 * Smaller copies of the embedded store's images, asked for the way Contentful's Images API is
 * (`?w=800&fm=webp&q=75`), so the same srcset serves a phone a phone-sized file whichever source is configured.
 * Widths snap up to the srcset's ladder (`imageWidths`) and quality to a few steps, so the number of variants
 * stays bounded; each is made once and kept in memory (least recently used out first). Anything else falls
 * through to the originals.
 */

const qualitySteps = [50, 75, 90] as const;
/**
 * How long browsers and CDNs keep a content image, original or resized: a year, never revalidated. A stored
 * image never changes under its name (a new version gets a new file name, as Contentful gives a new asset URL),
 * so neither does any `?w=` copy of it.
 */
export const contentImageHeaders = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
} as const;

const resizable = new Set([".webp", ".png", ".jpg", ".jpeg"]);

export interface ImageSizeOptions {
  imagesDir: string;
  logger: Logger;
  /** Bytes of resized images kept in memory. */
  maxCacheBytes?: number;
}

interface Variant {
  body: Buffer;
  mtimeMs: number;
}

export function imageSizes({ imagesDir, logger, maxCacheBytes = 48 * 1024 * 1024 }: ImageSizeOptions): RequestHandler {
  const root = path.resolve(imagesDir);
  const cache = new Map<string, Variant>();
  const making = new Map<string, Promise<Variant | undefined>>();
  let cachedBytes = 0;

  function remember(key: string, variant: Variant) {
    cache.set(key, variant);
    cachedBytes += variant.body.length;
    for (const [oldest, old] of cache) {
      if (cachedBytes <= maxCacheBytes) break;
      cache.delete(oldest);
      cachedBytes -= old.body.length;
    }
  }

  async function make(file: string, width: number, quality: number): Promise<Variant | undefined> {
    const { mtimeMs } = await stat(file);
    const image = sharp(file, { failOn: "error" });
    const { width: natural } = await image.metadata();
    // At or above the original's width the original itself is the best answer.
    if (!natural || width >= natural) return undefined;
    const body = await image.resize({ width }).webp({ quality }).toBuffer();
    return { body, mtimeMs };
  }

  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const requested = Number(req.query.w);
    if (!Number.isInteger(requested) || requested <= 0 || (req.query.fm !== undefined && req.query.fm !== "webp")) {
      return next();
    }
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${relative}`);
    if (!file.startsWith(root + path.sep) || !resizable.has(path.extname(file).toLowerCase())) return next();
    const width: number = imageWidths.find((step) => step >= requested) ?? Math.max(...imageWidths);
    const asked = Number(req.query.q ?? 75);
    const quality = qualitySteps.find((step) => step >= asked) ?? 90;
    const key = `${file}|${width}|${quality}`;

    try {
      let variant = cache.get(key);
      if (variant) {
        // Refresh its place: recently used variants stay.
        cache.delete(key);
        cache.set(key, variant);
      } else {
        let pending = making.get(key);
        if (!pending) {
          pending = make(file, width, quality).finally(() => making.delete(key));
          making.set(key, pending);
        }
        variant = await pending;
        if (!variant) return next();
        if (!cache.has(key)) remember(key, variant);
      }
      res.set({
        ...contentImageHeaders,
        "Content-Type": "image/webp",
        "Last-Modified": new Date(variant.mtimeMs).toUTCString(),
      });
      res.send(variant.body);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return next();
      logger.warn({ err: error, path: relative, width }, "an image could not be resized; serving the original");
      next();
    }
  };
}
