import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";

interface DiskCache {
  dir: string;
  /** Sized in bytes; evicting one deletes its file. */
  onDisk: LRUCache<string, number>;
  removing: Set<Promise<void>>;
}

/** A restart keeps the copies; a file's age on disk is its last use, so the LRU order survives too. */
export function createImageDiskCache({ dir, maxBytes, logger }: { dir: string; maxBytes: number; logger: Logger }) {
  const removing = new Set<Promise<void>>();
  const onDisk = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes),
    dispose(_bytes, name, reason) {
      if (reason === "set") return;
      const removal = rm(path.join(dir, name), { force: true })
        .catch((error: unknown) => logger.warn({ err: error, name }, "an old resized image could not be removed"))
        .finally(() => removing.delete(removal));
      removing.add(removal);
    },
  });
  const cache: DiskCache = { dir, onDisk, removing };
  let indexed: Promise<void> | undefined;

  return {
    bytes: () => onDisk.calculatedSize,

    /** Reads what earlier runs left, once. A folder that cannot be read leaves the memory cache alone in charge. */
    ready(): Promise<void> {
      indexed ??= indexDisk(cache).catch((error: unknown) =>
        logger.error({ err: error, dir }, "the resized-image folder cannot be read; copies stay in memory only"),
      );
      return indexed;
    },

    read: (name: string) => fromDisk(cache, name),
    write: (name: string, body: Buffer) => toDisk(cache, name, body),
  };
}

export type ImageDiskCache = ReturnType<typeof createImageDiskCache>;

async function indexDisk({ dir, onDisk }: DiskCache) {
  await mkdir(dir, { recursive: true });
  const found: { name: string; bytes: number; mtimeMs: number }[] = [];
  for (const name of await readdir(dir)) {
    const where = path.join(dir, name);
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

async function fromDisk({ dir, onDisk }: DiskCache, name: string): Promise<Buffer | undefined> {
  if (!onDisk.has(name)) return undefined;
  try {
    const body = await readFile(path.join(dir, name));
    onDisk.get(name);
    const now = new Date();
    utimes(path.join(dir, name), now, now).catch(() => {});
    return body;
  } catch {
    onDisk.delete(name);
    return undefined;
  }
}

/** Room is made first, so the folder never holds more than its bound. */
async function toDisk({ dir, onDisk, removing }: DiskCache, name: string, body: Buffer) {
  onDisk.set(name, body.length);
  await Promise.all(removing);
  const temp = path.join(dir, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, body);
    await rename(temp, path.join(dir, name));
  } catch (error) {
    onDisk.delete(name);
    await rm(temp, { force: true });
    throw error;
  }
}
