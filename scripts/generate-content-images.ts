/**
 * Draws the sample site's artwork: every image the content uses (content/images/), the client wordmarks
 * (one sheet, src/content/logos.svg) and the typed client list (src/content/clients.ts). Run by hand; the outputs are committed.
 *
 *   node scripts/generate-content-images.ts            draw everything
 *   node scripts/generate-content-images.ts --missing  draw only files that do not exist yet
 *   node scripts/generate-content-images.ts --only projects/warmies   draw files whose path starts so
 *   node scripts/generate-content-images.ts --prune    also delete image files no entry uses
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { compose } from "./content/art.ts";
import { clientFiles, clientListSource } from "./content/outputs.ts";
import { renderWebp } from "./content/render.ts";
import { buildSite } from "./content/site.ts";
import type { ImageSpec } from "./content/store.ts";
import { drawWordmark } from "./content/wordmark.ts";

const root = join(import.meta.dirname, "..");
const imagesDir = join(root, "content", "images");
const { values: options } = parseArgs({
  options: { missing: { type: "boolean" }, only: { type: "string" }, prune: { type: "boolean" } },
});

async function draw(spec: ImageSpec): Promise<number> {
  const file = join(imagesDir, spec.path);
  if (spec.kind === "vector") {
    const { svg } = drawWordmark(spec.wordmark, spec.title.replace(/ logo$/, ""), spec.colour);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, svg);
    return svg.length;
  }
  const svg = compose(spec.art, { width: spec.width, height: spec.height, palette: spec.palette, seed: spec.id });
  const info = await renderWebp(svg, spec.width, spec.height, spec.id, file);
  return info.size;
}

async function drawImages() {
  const site = buildSite();
  const todo = [...site.images.values()].filter(
    (spec) =>
      (!options.only || spec.path.startsWith(options.only)) &&
      (!options.missing || !existsSync(join(imagesDir, spec.path))),
  );
  let done = 0;
  let bytes = 0;
  // Two at a time: the machine has two cores and sharp is already multi-threaded.
  const queue = [...todo];
  await Promise.all(
    [0, 1].map(async () => {
      for (let spec = queue.shift(); spec; spec = queue.shift()) {
        const size = await draw(spec);
        bytes += size;
        done++;
        if (done % 10 === 0 || done === todo.length) console.log(`${done}/${todo.length} images`);
      }
    }),
  );
  console.log(`Drew ${todo.length} images, ${(bytes / 1e6).toFixed(1)} MB`);
  if (options.prune) {
    const used = new Set([...site.images.values()].map((spec) => spec.path));
    for (const file of await readdir(imagesDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const path = relative(imagesDir, join(file.parentPath, file.name));
      if (!used.has(path)) {
        await rm(join(imagesDir, path));
        console.log(`Pruned ${path}`);
      }
    }
  }
}

async function drawClientLogos() {
  const { sheet, list } = clientFiles();
  await writeFile(join(root, "src", "content", "logos.svg"), sheet);
  const file = join(root, "src", "content", "clients.ts");
  await writeFile(file, clientListSource(list));
  execFileSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { stdio: "inherit" });
  console.log(`Drew ${list.length} client logos`);
}

if (!options.only) await drawClientLogos();
await drawImages();
