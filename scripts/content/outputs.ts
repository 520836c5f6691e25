/**
 * What the sample site's sources (scripts/content/) make, as files: the embedded store's entries and asset list,
 * the client wordmarks and the typed client list. Pure apart from reading the drawn images' sizes, so the
 * generators write these files and a test can make them again and compare them with what is committed.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import sharp from "sharp";
import { clients } from "./clients.ts";
import { ink } from "./colour.ts";
import type { ImageSpec, Store } from "./store.ts";
import { type DrawnWordmark, drawWordmark } from "./wordmark.ts";

const contentTypes: Record<string, string> = { webp: "image/webp", svg: "image/svg+xml" };

/** The files of the store, by path relative to the content folder, and what is wrong with the sources. */
export interface StoreFiles {
  files: Map<string, string>;
  problems: string[];
  imageBytes: number;
}

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
function assetLinks(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) assetLinks(item, found);
  else if (value && typeof value === "object") {
    const sys = (value as { sys?: { type?: string; linkType?: string; id?: string } }).sys;
    if (sys?.type === "Link" && sys.linkType === "Asset" && sys.id) found.add(sys.id);
    for (const child of Object.values(value)) assetLinks(child, found);
  }
  return found;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The store's files (`entries/<type>/<id>.json`, `drafts/entries/…`, `assets.json`) for a site whose images are in `imagesDir`. */
export async function storeFiles(site: Store, imagesDir: string): Promise<StoreFiles> {
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
    for (const id of assetLinks(entry.fields))
      if (!site.images.has(id)) problems.push(`${entry.id} links to unknown asset ${id}`);

  const files = new Map<string, string>();
  // Published entries under entries/, drafts (shown only in preview) under drafts/entries/, in the same shape.
  for (const [dir, entries] of [
    ["entries", site.entries],
    ["drafts/entries", site.drafts],
  ] as const)
    for (const entry of entries)
      files.set(`${dir}/${entry.contentType}/${entry.id}.json`, json({ sys: { id: entry.id }, fields: entry.fields }));
  files.set("assets.json", json(assets));
  const imageBytes = assets.reduce((sum, asset) => sum + asset.fields.file.details.size, 0);
  return { files, problems, imageBytes };
}

/** A client of the strip as the generated list names it: its logo by slug (a build asset), with its size. */
export interface ClientListEntry {
  name: string;
  slug: string;
  width: number;
  height: number;
  href: string;
  external: boolean;
}

/**
 * One SVG sprite holding every client wordmark, each a `<symbol>` named by its slug and drawn where a page says
 * `<svg viewBox="0 0 w h"><use href="logos.svg#slug"/></svg>`: one file and one SVG document for all of them in
 * every engine (WebKit ignores the fragment of an `<img>`'s SVG view, and a file per logo cost a document each on
 * the main thread of a phone between the home page's first paint and its first tap; docs/performance.md, "The first
 * tap"). No titles inside: the page names each logo, and a title in the drawing would be a tooltip.
 */
function logoSheet(marks: { slug: string; mark: DrawnWordmark }[]): string {
  const symbols = marks.map(
    ({ slug, mark }) => `<symbol id="${slug}" viewBox="${mark.viewBox}">${mark.shapes}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg"><title>Client wordmarks</title>${symbols.join("")}</svg>\n`;
}

/** The client wordmarks as one sheet (src/content/logos.svg) and the client list of the home page's strip. */
export function clientFiles(): { sheet: string; list: ClientListEntry[] } {
  const marks: { slug: string; mark: DrawnWordmark }[] = [];
  const list: ClientListEntry[] = [];
  for (const client of clients) {
    const mark = drawWordmark(client.wordmark, client.name, ink);
    marks.push({ slug: client.slug, mark });
    const href = client.project ? `/project/${client.project}` : client.website;
    if (!href) throw new Error(`${client.name} links nowhere`);
    list.push({
      name: client.name,
      slug: client.slug,
      width: mark.width,
      height: mark.height,
      href,
      external: !client.project,
    });
  }
  return { sheet: logoSheet(marks), list };
}

/** src/content/clients.ts for a client list, before Biome formats it. */
export function clientListSource(list: ClientListEntry[]): string {
  const entries = list.map(
    (client) =>
      `  { name: ${JSON.stringify(client.name)}, logo: { src: logo(${JSON.stringify(client.slug)}), width: ${client.width}, height: ${client.height} }, href: ${JSON.stringify(client.href)}, external: ${client.external} },`,
  );
  return `// Generated by scripts/generate-content-images.ts from scripts/content/clients.ts: edit that, then run it.
import type { Client } from "./client.ts";

// The logos are one build asset (its URL carries a hash of its content, so browsers keep it for a year), each
// logo a symbol of it named by the fragment: one SVG document in the browser for all of them.
import sheet from "./logos.svg?url";

const logo = (slug: string) => \`\${sheet}#\${slug}\`;

export const clients: Client[] = [
${entries.join("\n")}
];
`;
}
