/**
 * Writes the embedded content store from the sample site's sources (scripts/content/): one JSON file per entry
 * under content/entries/<contentType>/ and content/assets.json, whose sizes are read from the image files
 * themselves. Run scripts/generate-content-images.ts first when images change. Run by hand; outputs committed.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import sharp from "sharp";
import { buildSite } from "./content/site.ts";
import type { ImageSpec } from "./content/store.ts";

const root = join(import.meta.dirname, "..");
const contentDir = join(root, "content");
const imagesDir = join(contentDir, "images");

const contentTypes: Record<string, string> = { webp: "image/webp", svg: "image/svg+xml" };

async function dimensions(spec: ImageSpec, file: string): Promise<{ width: number; height: number }> {
  if (spec.kind === "vector") {
    const svg = await readFile(file, "utf8");
    const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/<svg[^>]*\sheight="(\d+)"/.exec(svg)?.[1]);
    return { width, height };
  }
  const meta = await sharp(file).metadata();
  if (meta.format !== "webp") throw new Error(`${spec.path} is ${meta.format}, not webp`);
  if (meta.width !== spec.width || meta.height !== spec.height)
    throw new Error(`${spec.path} is ${meta.width}×${meta.height}; the content wants ${spec.width}×${spec.height}`);
  return { width: meta.width, height: meta.height };
}

/** Every asset id an entry's fields link to, rich-text embeds included. */
function links(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) links(item, found);
  else if (value && typeof value === "object") {
    const sys = (value as { sys?: { type?: string; linkType?: string; id?: string } }).sys;
    if (sys?.type === "Link" && sys.linkType === "Asset" && sys.id) found.add(sys.id);
    for (const child of Object.values(value)) links(child, found);
  }
  return found;
}

const site = buildSite();
const problems: string[] = [];

const assets = [];
for (const spec of [...site.images.values()].sort((a, b) => a.id.localeCompare(b.id))) {
  const file = join(imagesDir, spec.path);
  const size = await stat(file).then(
    (s) => s.size,
    () => undefined,
  );
  if (size === undefined) {
    problems.push(`Missing image ${spec.path}: run scripts/generate-content-images.ts`);
    continue;
  }
  const extension = spec.path.split(".").pop() ?? "";
  const contentType = contentTypes[extension];
  if (!contentType) throw new Error(`No content type for ${spec.path}`);
  const image = await dimensions(spec, file);
  assets.push({
    sys: { id: spec.id },
    fields: {
      title: spec.title,
      description: spec.description,
      file: {
        url: `/content/images/${spec.path}`,
        fileName: basename(spec.path),
        contentType,
        details: { size, image },
      },
    },
  });
}

const used = new Set([...site.images.values()].map((spec) => spec.path));
for (const file of await readdir(imagesDir, { recursive: true, withFileTypes: true })) {
  const path = relative(imagesDir, join(file.parentPath, file.name));
  if (file.isFile() && !used.has(path)) problems.push(`Unused image ${path}: run the generator with --prune`);
}

for (const entry of [...site.entries, ...site.drafts])
  for (const id of links(entry.fields))
    if (!site.images.has(id)) problems.push(`${entry.id} links to unknown asset ${id}`);

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}

// Published entries under entries/, drafts (shown only in preview) under drafts/entries/, in the same shape.
for (const [dir, entries] of [
  [join(contentDir, "entries"), site.entries],
  [join(contentDir, "drafts", "entries"), site.drafts],
] as const) {
  await rm(dir, { recursive: true, force: true });
  for (const entry of entries) {
    await mkdir(join(dir, entry.contentType), { recursive: true });
    await writeFile(
      join(dir, entry.contentType, `${entry.id}.json`),
      `${JSON.stringify({ sys: { id: entry.id }, fields: entry.fields }, null, 2)}\n`,
    );
  }
}
await writeFile(join(contentDir, "assets.json"), `${JSON.stringify(assets, null, 2)}\n`);
const total = assets.reduce((sum, asset) => sum + asset.fields.file.details.size, 0);
console.log(
  `Wrote ${site.entries.length} entries, ${site.drafts.length} drafts and ${assets.length} assets (${(total / 1e6).toFixed(1)} MB of images)`,
);
