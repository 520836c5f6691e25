import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { type Asset, type ContentType, contentTypes, type Entry } from "../../src/content/types.ts";
import { deepFreeze, type LinkedObject, mapLinks, trimAsset } from "./links.ts";
import { type CompiledQuery, runQuery } from "./query.ts";
import type { ContentSource } from "./source.ts";

/**
 * The embedded store (docs/content-model.md): `entries/<contentType>/<id>.json` in Contentful's shape and
 * `assets.json`, read once at start, links resolved once, then answered from memory by the query engine.
 */

const assetSchema = z.object({
  sys: z.object({ id: z.string().min(1) }),
  fields: z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    file: z.looseObject({
      url: z.string().min(1),
      fileName: z.string().min(1),
      contentType: z.string().min(1),
      details: z
        .looseObject({
          size: z.number().optional(),
          image: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
        })
        .optional(),
    }),
  }),
});

const entrySchema = z.object({
  sys: z.object({ id: z.string().min(1) }),
  fields: z.record(z.string(), z.unknown()),
});

export class ContentStoreError extends Error {
  override name = "ContentStoreError";
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ContentStoreError(`${file}: ${(error as Error).message}`);
  }
}

function describeIssue(file: string, error: z.ZodError): ContentStoreError {
  const issue = error.issues[0];
  return new ContentStoreError(`${file}: ${issue?.path.join(".") || "the file"}: ${issue?.message ?? "invalid"}`);
}

async function readAssets(dir: string): Promise<Map<string, Asset>> {
  const file = path.join(dir, "assets.json");
  const assets = new Map<string, Asset>();
  if (!existsSync(file)) return assets;
  const parsed = z.array(assetSchema).safeParse(await readJson(file));
  if (!parsed.success) throw describeIssue(file, parsed.error);
  for (const asset of parsed.data) {
    if (assets.has(asset.sys.id)) throw new ContentStoreError(`${file}: asset id "${asset.sys.id}" appears twice`);
    assets.set(asset.sys.id, deepFreeze(trimAsset(asset.sys.id, asset.fields)));
  }
  return assets;
}

async function listJson(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export interface LocalStore {
  entries: Map<ContentType, Entry[]>;
  assets: Map<string, Asset>;
}

/** Reads and checks the whole store; a broken file stops the start with its path and the problem. */
export async function readLocalStore(dir: string): Promise<LocalStore> {
  const assets = await readAssets(dir);
  const entries = new Map<ContentType, Entry[]>();
  const seen = new Map<string, string>();
  const entriesDir = path.join(dir, "entries");
  let folders: string[] = [];
  try {
    folders = (await readdir(entriesDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  for (const folder of folders) {
    if (!(contentTypes as readonly string[]).includes(folder)) {
      throw new ContentStoreError(`${path.join(entriesDir, folder)}: not a content type (${contentTypes.join(", ")})`);
    }
  }
  for (const contentType of contentTypes) {
    const folder = path.join(entriesDir, contentType);
    const list: Entry[] = [];
    for (const name of await listJson(folder)) {
      const file = path.join(folder, name);
      const parsed = entrySchema.safeParse(await readJson(file));
      if (!parsed.success) throw describeIssue(file, parsed.error);
      const { id } = parsed.data.sys;
      if (`${id}.json` !== name) throw new ContentStoreError(`${file}: sys.id "${id}" must match the file name`);
      const other = seen.get(id);
      if (other) throw new ContentStoreError(`${file}: sys.id "${id}" is also used by ${other}`);
      seen.set(id, file);
      const fields = mapLinks(parsed.data.fields, (linked: LinkedObject) => {
        const { sys } = linked;
        const asset = sys.type === "Link" && sys.linkType === "Asset" ? assets.get(String(sys.id)) : undefined;
        if (asset) return asset;
        if (sys.type === "Link" && sys.linkType === "Asset") {
          throw new ContentStoreError(`${file}: links to asset "${String(sys.id)}", which assets.json does not have`);
        }
        throw new ContentStoreError(`${file}: only links to assets are supported, found ${JSON.stringify(sys)}`);
      }) as Record<string, unknown>;
      list.push(deepFreeze({ sys: { id, contentType: { sys: { id: contentType } } }, fields }));
    }
    entries.set(contentType, list);
  }
  return { entries, assets };
}

/** The local source over a store read once at start. */
export async function createLocalSource(dir: string): Promise<ContentSource & { store: LocalStore }> {
  const store = await readLocalStore(dir);
  return {
    name: "local",
    imageOrigins: [],
    store,
    async getEntries(query: CompiledQuery) {
      return { items: runQuery(store.entries.get(query.contentType) ?? [], query) };
    },
    async ping() {},
  };
}
