import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { Histogram, type Registry } from "prom-client";
import sharp from "sharp";
import { imageWidths } from "../../src/content/images.ts";
import { sendBusy } from "../http/refusals.ts";
import { counter, scrapedGauge } from "../lib/metrics.ts";

/**
 * Smaller copies of the embedded store's images, asked for the way Contentful's Images API is
 * (`?w=800&fm=webp&q=75`), so the same srcset serves a phone a phone-sized file whichever source is configured.
 * Widths snap up to the srcset's ladder (`imageWidths`) and quality to a few steps, so the number of variants
 * stays bounded. Resizing is the costly part, so it is bounded by cost (decision 0111): a few at a time with a
 * short queue, and past that a 503 with `Retry-After` at once (the page's other images and the page itself are
 * never held up). Each copy is made once: kept in memory (least recently used out first) and on disk under
 * DATA_DIR (bounded, least recently used out first), so a restart does not make it again. Anything else falls
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
/** Seconds a client is asked to wait when every resize slot and the queue are taken. */
export const resizeRetryAfterSeconds = 2;

const resizable = new Set([".webp", ".png", ".jpg", ".jpeg"]);

export interface ImageSizeLimits {
  /** Resizes running at once. */
  concurrency: number;
  /** Resizes waiting for a slot; one more is refused with 503. */
  queue: number;
  /** Bytes of resized images kept in memory. */
  memoryBytes: number;
  /** Bytes of resized images kept on disk in `cacheDir`. */
  diskBytes: number;
}

export interface ImageSizeOptions {
  imagesDir: string;
  /** Where resized copies are kept between restarts (DATA_DIR/image-cache). */
  cacheDir: string;
  logger: Logger;
  metrics?: Registry;
  /** From config (IMAGE_RESIZE_CONCURRENCY, IMAGE_RESIZE_QUEUE, IMAGE_MEMORY_CACHE_MB, IMAGE_DISK_CACHE_MB). */
  limits: ImageSizeLimits;
}

/** A resized copy, or `original` when the original is already no wider than asked (it is served as it is). */
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

export function imageSizes({ imagesDir, cacheDir, logger, metrics, limits }: ImageSizeOptions): RequestHandler {
  const { concurrency, queue, memoryBytes, diskBytes } = limits;
  const root = path.resolve(imagesDir);
  const limit = pLimit(concurrency);
  // libvips' own cache would keep decoded originals around: the copies are cached here instead. One libvips
  // thread per resize, so `concurrency` is also the number of cores resizing can take.
  sharp.cache(false);
  sharp.concurrency(1);

  // The disk copies by file name, sized in bytes; evicting one deletes its file.
  const removing = new Set<Promise<void>>();
  const onDisk = new LRUCache<string, number>({
    maxSize: diskBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes),
    dispose(_bytes, name, reason) {
      if (reason === "set") return;
      const removal = rm(path.join(cacheDir, name), { force: true })
        .catch((error: unknown) => logger.warn({ err: error, name }, "an old resized image could not be removed"))
        .finally(() => removing.delete(removal));
      removing.add(removal);
    },
  });
  const figures = imageMetrics(metrics, () => onDisk.calculatedSize);
  let diskIndexed: Promise<void> | undefined;

  /** What the folder holds from earlier runs, oldest use first, so the least recently used go first. */
  async function indexDisk() {
    await mkdir(cacheDir, { recursive: true });
    const found: { name: string; bytes: number; mtimeMs: number }[] = [];
    for (const name of await readdir(cacheDir)) {
      const where = path.join(cacheDir, name);
      if (!name.endsWith(".webp")) {
        await rm(where, { force: true }); // a copy cut off half-written
        continue;
      }
      const info = await stat(where).catch(() => undefined);
      if (info?.isFile()) found.push({ name, bytes: info.size, mtimeMs: info.mtimeMs });
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { name, bytes } of found) onDisk.set(name, bytes);
  }

  async function fromDisk(name: string): Promise<Buffer | undefined> {
    if (!onDisk.has(name)) return undefined;
    try {
      const body = await readFile(path.join(cacheDir, name));
      onDisk.get(name);
      const now = new Date();
      // Its age on disk is its last use, so the order survives a restart.
      utimes(path.join(cacheDir, name), now, now).catch(() => {});
      return body;
    } catch {
      onDisk.delete(name);
      return undefined;
    }
  }

  /** Makes room first (the least recently used copies go), so the folder never holds more than its bound. */
  async function toDisk(name: string, body: Buffer) {
    onDisk.set(name, body.length);
    await Promise.all(removing);
    const temp = path.join(cacheDir, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
    try {
      await writeFile(temp, body);
      await rename(temp, path.join(cacheDir, name));
    } catch (error) {
      onDisk.delete(name);
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function resize({ file, width, quality }: Wanted): Promise<Buffer | undefined> {
    const image = sharp(file, { failOn: "error" });
    const { width: natural } = await image.metadata();
    // At or above the original's width the original itself is the best answer.
    if (!natural || width >= natural) return undefined;
    return image.resize({ width }).webp({ quality }).toBuffer();
  }

  async function load(key: string, wanted: Wanted): Promise<Variant> {
    // A folder that cannot be read leaves the memory cache alone in charge; each failed write is logged.
    diskIndexed ??= indexDisk().catch((error: unknown) =>
      logger.error(
        { err: error, dir: cacheDir },
        "the resized-image folder cannot be read; copies stay in memory only",
      ),
    );
    await diskIndexed;
    const name = `${createHash("sha256").update(key).digest("base64url")}.webp`;
    const stored = await fromDisk(name);
    if (stored) {
      figures?.served.inc({ from: "disk" });
      return { body: stored, mtimeMs: wanted.mtimeMs };
    }
    if (limit.activeCount + limit.pendingCount >= concurrency + queue) {
      figures?.refused.inc();
      throw new ResizerBusy("every resize slot and the queue are taken");
    }
    const started = performance.now();
    const body = await limit(() => resize(wanted));
    figures?.seconds.observe((performance.now() - started) / 1000);
    if (!body) return { original: true };
    figures?.served.inc({ from: "resize" });
    await toDisk(name, body).catch((error: unknown) =>
      logger.warn({ err: error }, "a resized image could not be kept on disk; it stays in memory"),
    );
    return { body, mtimeMs: wanted.mtimeMs };
  }

  // In memory, with concurrent requests for one copy sharing one fetch (lru-cache's fetchMethod).
  const inMemory = new LRUCache<string, Variant, Wanted>({
    maxSize: memoryBytes,
    sizeCalculation: (variant) => ("body" in variant ? Math.max(1, variant.body.length) : 1),
    fetchMethod: (key, _stale, { context }) => load(key, context),
  });

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

    try {
      // The original's time and size are in the key: a replaced original gets new copies.
      const source = await stat(file);
      if (!source.isFile()) return next();
      const key = `${path.relative(root, file)}|${source.mtimeMs}|${source.size}|${width}|${quality}`;
      const cached = inMemory.has(key);
      const variant = await inMemory.fetch(key, { context: { file, width, quality, mtimeMs: source.mtimeMs } });
      if (cached) figures?.served.inc({ from: "memory" });
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
