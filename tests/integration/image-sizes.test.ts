import { once } from "node:events";
import { mkdtempSync, readdirSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { imageWidths } from "../../src/shared/content/images.ts";
import { buildTestApp } from "../support/app.ts";

/** The resizer of the store's images (`?w=`) through the real app, over the sample store's real images. */

const root = path.resolve(import.meta.dirname, "../..");
const imagesDir = path.join(root, "content/images");
/** Every WebP image of the sample store, as its URL path. */
const images = readdirSync(imagesDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".webp"))
  .sort()
  .map((file) => `/content/images/${file.split(path.sep).join("/")}`);

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** The app listening on 127.0.0.1, so a burst really arrives at once. */
async function startSite(env: Record<string, string>) {
  const built = await buildTestApp({ env });
  const server = built.app.listen(0, "127.0.0.1");
  servers.push(server);
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...built, base };
}

async function get(url: string) {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** One figure from /metrics, as an operator reads it (0 when the series has not appeared yet). */
async function metric(base: string, series: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Distinct variants no cache has seen: each image at a width below its own (every store image is ≥ 900 wide). */
function variants(count: number, width: number = imageWidths[0]) {
  return images.slice(0, count).map((image) => `${image}?w=${width}&fm=webp&q=75`);
}

describe("resized store images, bounded by cost", () => {
  it("answers a burst of uncached sizes with 200s and quick 503s with Retry-After, never a hang", async () => {
    const site = await startSite({ IMAGE_RESIZE_CONCURRENCY: "1", IMAGE_RESIZE_QUEUE: "2" });
    const burst = variants(24);
    const [answers, health] = await Promise.all([
      Promise.all(burst.map((url) => get(`${site.base}${url}`))),
      // A page-side request made during the burst is not held up behind the resizes.
      get(`${site.base}/healthz`),
    ]);
    expect(health.status).toBe(200);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const made = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 503);
    // One resizing and two waiting at the moment the burst lands; the rest are turned away at once.
    expect(made.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.headers.get("retry-after")).toBe("2");
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    for (const answer of made) {
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(answer.body).metadata()).width).toBe(imageWidths[0]);
    }
    expect(await metric(site.base, "image_resizes_refused_total")).toBe(refused.length);

    // Asked again one at a time, as a browser retrying after Retry-After would, every one is served.
    for (const url of burst) expect((await get(`${site.base}${url}`)).status).toBe(200);
  });

  it("keeps the copies on disk: after a restart they are served without resizing again", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-images-"));
    const wanted = variants(3, 800);
    const first = await startSite({ DATA_DIR: dataDir });
    const bodies = [];
    for (const url of wanted) {
      const answer = await get(`${first.base}${url}`);
      expect(answer.status).toBe(200);
      bodies.push(answer.body);
    }
    expect(await metric(first.base, 'image_variants_served_total{from="resize"}')).toBe(3);
    expect((await readdir(path.join(dataDir, "image-cache"))).filter((f) => f.endsWith(".webp"))).toHaveLength(3);

    // A new process over the same DATA_DIR: nothing in memory, the copies on disk.
    const second = await startSite({ DATA_DIR: dataDir });
    for (const [i, url] of wanted.entries()) {
      const answer = await get(`${second.base}${url}`);
      expect(answer.status).toBe(200);
      expect(Buffer.compare(answer.body, bodies[i] ?? Buffer.alloc(0))).toBe(0);
    }
    expect(await metric(second.base, 'image_variants_served_total{from="disk"}')).toBe(3);
    expect(await metric(second.base, 'image_variants_served_total{from="resize"}')).toBe(0);
    expect(await metric(second.base, "image_resize_duration_seconds_count")).toBe(0);
  });

  it("keeps the disk copies under their bound, evicting old ones as new ones are made", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-images-"));
    const bound = 1024 * 1024;
    const site = await startSite({ DATA_DIR: dataDir, IMAGE_DISK_CACHE_MB: "1" });
    const cacheDir = path.join(dataDir, "image-cache");
    const sizes = async () => {
      const files = (await readdir(cacheDir)).filter((f) => f.endsWith(".webp"));
      const bytes = await Promise.all(files.map(async (f) => (await stat(path.join(cacheDir, f))).size));
      return { files: files.length, bytes: bytes.reduce((sum, n) => sum + n, 0) };
    };

    // High-quality copies (every store image is wider than 800) until half as much again as the bound is written.
    let made = 0;
    let written = 0;
    for (const image of images) {
      const answer = await get(`${site.base}${image}?w=800&q=90`);
      expect(answer.status).toBe(200);
      made += 1;
      written += answer.body.length;
      expect((await sizes()).bytes).toBeLessThanOrEqual(bound);
      if (written > 1.5 * bound) break;
    }
    const kept = await sizes();
    expect(kept.files).toBeLessThan(made);
    expect(kept.bytes).toBeGreaterThan(bound / 2);
    expect(await metric(site.base, "image_resize_disk_cache_bytes")).toBe(kept.bytes);
  }, 60_000);
});
