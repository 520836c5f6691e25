import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Request, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import pLimit, { type LimitFunction } from "p-limit";
import type { Logger } from "pino";
import { Histogram, type Registry } from "prom-client";
import sharp from "sharp";
import { imageWidths } from "../../src/shared/content/images.ts";
import { sendBusy } from "../http/refusals.ts";
import { counter, scrapedGauge } from "../lib/metrics.ts";
import { createImageDiskCache, type ImageDiskCache } from "./image-disk-cache.ts";

// Asked for as Contentful's Images API is (`?w=800&fm=webp&q=75`), so one srcset works with either source. Widths and
// qualities snap to steps so copies stay bounded; so do resizes, past which a 503 answers at once.

const qualitySteps = [50, 75, 90] as const;
/** A stored image never changes under its name (a new version gets a new file name), so neither does a `?w=` copy. */
export const contentImageHeaders = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
} as const;
const resizeRetryAfterSeconds = 2;

const resizable = new Set([".webp", ".png", ".jpg", ".jpeg"]);

export interface ImageSizeLimits {
  concurrency: number;
  /** One more is refused with 503. */
  queue: number;
  memoryBytes: number;
  diskBytes: number;
}

export interface ImageSizeOptions {
  imagesDir: string;
  /** Kept between restarts (DATA_DIR/image-cache). */
  cacheDir: string;
  logger: Logger;
  metrics?: Registry;
  limits: ImageSizeLimits;
}

/** `original`: the original is already no wider than asked, so it is served as it is. */
type Variant = { body: Buffer; mtimeMs: number } | { original: true };

interface Wanted {
  file: string;
  width: number;
  quality: number;
  mtimeMs: number;
}

class ResizerBusy extends Error {
  override name = "ResizerBusy";
}

interface Resizer {
  disk: ImageDiskCache;
  numbers: ImageMetrics;
  logger: Logger;
  limit: LimitFunction;
  capacity: number;
}

export function imageSizes({ imagesDir, cacheDir, logger, metrics, limits }: ImageSizeOptions): RequestHandler {
  const { concurrency, queue, memoryBytes, diskBytes } = limits;
  const root = path.resolve(imagesDir);
  // libvips' own cache would keep decoded originals around: the copies are cached here instead. One libvips
  // thread per resize, so `concurrency` is also the number of cores resizing can take.
  sharp.cache(false);
  sharp.concurrency(1);
  const disk = createImageDiskCache({ dir: cacheDir, maxBytes: diskBytes, logger });
  const numbers = imageMetrics(metrics, disk.bytes);
  const resizer: Resizer = { disk, numbers, logger, limit: pLimit(concurrency), capacity: concurrency + queue };

  // In memory, with concurrent requests for one copy sharing one fetch (lru-cache's fetchMethod).
  const inMemory = new LRUCache<string, Variant, Wanted>({
    maxSize: memoryBytes,
    sizeCalculation: (variant) => ("body" in variant ? Math.max(1, variant.body.length) : 1),
    fetchMethod: (key, _stale, { context }) => load(resizer, key, context),
  });

  return async (req, res, next) => {
    const asked = askedFor(req, root);
    if (!asked) return next();
    const { file, relative, width, quality } = asked;
    try {
      // The original's time and size are in the key: a replaced original gets new copies.
      const source = await stat(file);
      if (!source.isFile()) return next();
      const key = `${path.relative(root, file)}|${source.mtimeMs}|${source.size}|${width}|${quality}`;
      const cached = inMemory.has(key);
      const variant = await inMemory.fetch(key, { context: { file, width, quality, mtimeMs: source.mtimeMs } });
      if (cached) numbers?.served.inc({ from: "memory" });
      if (!variant || !("body" in variant)) return next();
      res.set({
        ...contentImageHeaders,
        "Content-Type": "image/webp",
        "Last-Modified": new Date(variant.mtimeMs).toUTCString(),
      });
      res.send(variant.body);
    } catch (error) {
      if (error instanceof ResizerBusy) {
        sendBusy(res, resizeRetryAfterSeconds, "Busy resizing images; please try again in a moment.");
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return next();
      logger.warn({ err: error, path: relative, width }, "an image could not be resized; serving the original");
      next();
    }
  };
}

function askedFor(req: Request, root: string) {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const requested = Number(req.query.w);
  if (!Number.isInteger(requested) || requested <= 0 || (req.query.fm !== undefined && req.query.fm !== "webp")) {
    return undefined;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${relative}`);
  if (!file.startsWith(root + path.sep) || !resizable.has(path.extname(file).toLowerCase())) return undefined;
  const width: number = imageWidths.find((step) => step >= requested) ?? Math.max(...imageWidths);
  const asked = Number(req.query.q ?? 75);
  const quality = qualitySteps.find((step) => step >= asked) ?? 90;
  return { file, relative, width, quality };
}

/** A copy not yet in memory: from disk, else resized in a free slot, else refused at once. */
async function load(resizer: Resizer, key: string, wanted: Wanted): Promise<Variant> {
  const { disk, numbers, limit } = resizer;
  await disk.ready();
  const name = `${createHash("sha256").update(key).digest("base64url")}.webp`;
  const stored = await disk.read(name);
  if (stored) {
    numbers?.served.inc({ from: "disk" });
    return { body: stored, mtimeMs: wanted.mtimeMs };
  }
  if (limit.activeCount + limit.pendingCount >= resizer.capacity) {
    numbers?.refused.inc();
    throw new ResizerBusy("every resize slot and the queue are taken");
  }
  const started = performance.now();
  const body = await limit(() => resize(wanted));
  numbers?.seconds.observe((performance.now() - started) / 1000);
  if (!body) return { original: true };
  numbers?.served.inc({ from: "resize" });
  await disk
    .write(name, body)
    .catch((error: unknown) =>
      resizer.logger.warn({ err: error }, "a resized image could not be kept on disk; it stays in memory"),
    );
  return { body, mtimeMs: wanted.mtimeMs };
}

async function resize({ file, width, quality }: Wanted): Promise<Buffer | undefined> {
  const image = sharp(file, { failOn: "error" });
  const { width: natural } = await image.metadata();
  // At or above the original's width the original itself is the best answer.
  if (!natural || width >= natural) return undefined;
  return image.resize({ width }).webp({ quality }).toBuffer();
}

type ImageMetrics = ReturnType<typeof imageMetrics>;

function imageMetrics(registry: Registry | undefined, diskBytes: () => number) {
  if (!registry) return undefined;
  scrapedGauge(registry, "image_resize_disk_cache_bytes", "Bytes of resized store images kept on disk.", diskBytes);
  return {
    served: counter(
      registry,
      "image_variants_served_total",
      "Resized store images served, by where the copy came from: memory, disk, or a fresh resize.",
      ["from"],
    ),
    refused: counter(
      registry,
      "image_resizes_refused_total",
      "Resizes refused with 503 because every slot and the queue were taken.",
    ),
    seconds: new Histogram({
      name: "image_resize_duration_seconds",
      help: "Time to make one resized copy, waiting for a slot included.",
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
  };
}
