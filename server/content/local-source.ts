import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { type LinkedObject, mapLinks, trimAsset } from "../../src/shared/content/links.ts";
import {
  type Asset,
  type AssetFile,
  type ContentType,
  contentTypes,
  type Entry,
} from "../../src/shared/content/types.ts";
import { deepFreeze } from "./links.ts";
import { type CompiledQuery, runQuery } from "./query.ts";
import type { ContentSource } from "./source.ts";

// The embedded store (docs/content-model.md), read at start and again on a purge, then answered from memory.

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

class ContentStoreError extends Error {
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

async function listJson(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export interface StoredEntry {
  id: string;
  contentType: ContentType;
  /** Fields as stored: links are still `{ sys: { type: "Link", linkType: "Asset", id } }`. */
  fields: Record<string, unknown>;
  file: string;
}

export interface StoredAsset {
  sys: { id: string };
  fields: { title?: string; description?: string; file: AssetFile };
}

export async function readStoreFiles(dir: string): Promise<{ entries: StoredEntry[]; assets: StoredAsset[] }> {
  const assetsFile = path.join(dir, "assets.json");
  const assets: StoredAsset[] = [];
  if (existsSync(assetsFile)) {
    const parsed = z.array(assetSchema).safeParse(await readJson(assetsFile));
    if (!parsed.success) throw describeIssue(assetsFile, parsed.error);
    const ids = new Set<string>();
    for (const asset of parsed.data) {
      if (ids.has(asset.sys.id)) throw new ContentStoreError(`${assetsFile}: asset id "${asset.sys.id}" appears twice`);
      ids.add(asset.sys.id);
      assets.push(asset);
    }
  }
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
  const entries: StoredEntry[] = [];
  const seen = new Map<string, string>();
  for (const contentType of contentTypes) {
    const folder = path.join(entriesDir, contentType);
    for (const name of await listJson(folder)) {
      const file = path.join(folder, name);
      const parsed = entrySchema.safeParse(await readJson(file));
      if (!parsed.success) throw describeIssue(file, parsed.error);
      const { id } = parsed.data.sys;
      if (`${id}.json` !== name) throw new ContentStoreError(`${file}: sys.id "${id}" must match the file name`);
      const other = seen.get(id);
      if (other) throw new ContentStoreError(`${file}: sys.id "${id}" is also used by ${other}`);
      seen.set(id, file);
      entries.push({ id, contentType, fields: parsed.data.fields, file });
    }
  }
  return { entries, assets };
}

/** Drafts live beside the published store, in the same shape: `drafts/entries/<contentType>/<id>.json`. */
export const draftsFolder = "drafts";

export interface StoreOptions {
  /** Preview: a draft replaces the published entry or asset of the same id, or adds one. */
  drafts?: boolean;
}

async function readStoreFilesWithDrafts(dir: string): ReturnType<typeof readStoreFiles> {
  const published = await readStoreFiles(dir);
  const drafts = await readStoreFiles(path.join(dir, draftsFolder));
  const entryIds = new Set(drafts.entries.map((entry) => entry.id));
  const assetIds = new Set(drafts.assets.map((asset) => asset.sys.id));
  return {
    entries: [...published.entries.filter((entry) => !entryIds.has(entry.id)), ...drafts.entries],
    assets: [...published.assets.filter((asset) => !assetIds.has(asset.sys.id)), ...drafts.assets],
  };
}

export interface LocalStore {
  entries: Map<ContentType, Entry[]>;
  assets: Map<string, Asset>;
}

/** A broken file stops the start with its path. */
export async function readLocalStore(dir: string, options: StoreOptions = {}): Promise<LocalStore> {
  const files = options.drafts ? await readStoreFilesWithDrafts(dir) : await readStoreFiles(dir);
  const assets = new Map<string, Asset>();
  for (const asset of files.assets) assets.set(asset.sys.id, deepFreeze(trimAsset(asset.sys.id, asset.fields)));
  const entries = new Map<ContentType, Entry[]>(contentTypes.map((type) => [type, []]));
  for (const { id, contentType, fields, file } of files.entries) {
    const resolved = mapLinks(fields, (linked: LinkedObject) => {
      const { sys } = linked;
      if (sys.type !== "Link" || sys.linkType !== "Asset") {
        throw new ContentStoreError(`${file}: only links to assets are supported, found ${JSON.stringify(sys)}`);
      }
      const asset = assets.get(String(sys.id));
      if (!asset) {
        throw new ContentStoreError(`${file}: links to asset "${String(sys.id)}", which assets.json does not have`);
      }
      return { target: asset };
    }) as Record<string, unknown>;
    entries
      .get(contentType)
      ?.push(deepFreeze({ sys: { id, contentType: { sys: { id: contentType } } }, fields: resolved }));
  }
  return { entries, assets };
}

/** reload() (a purge) reads the files again; reads wait for it, and a broken file keeps the store in use. */
export async function createLocalSource(
  dir: string,
  options: StoreOptions = {},
): Promise<ContentSource & { readonly store: LocalStore; reload(): Promise<void> }> {
  let store = await readLocalStore(dir, options);
  let loading: Promise<LocalStore> | undefined;
  return {
    name: "local",
    imageOrigins: [],
    get store() {
      return store;
    },
    async getEntries(query: CompiledQuery) {
      const current = loading ? await loading : store;
      return { items: runQuery(current.entries.get(query.contentType) ?? [], query) };
    },
    async ping() {},
    reload() {
      const next = readLocalStore(dir, options).then((fresh) => {
        store = fresh;
        return fresh;
      });
      const settled = next.catch(() => store);
      loading = settled;
      settled.then(() => {
        if (loading === settled) loading = undefined;
      });
      return next.then(() => {});
    },
  };
}
