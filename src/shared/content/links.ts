// Shared with the server: both content sources resolve links with it (server/content/*-source.ts).
import type { Asset, AssetFile } from "./types.ts";

/** Returned by a link visitor to remove the link (from a list, a field, or a rich-text node). */
export const removeLink = Symbol("removeLink");

export interface LinkedObject {
  sys: { id?: unknown; type?: unknown; linkType?: unknown; contentType?: unknown };
  fields?: unknown;
}

/** `{ target }` is put in the link's place as it is; `{ entry }`'s own fields are resolved in turn. */
export type LinkResolution =
  | typeof removeLink
  | { target: unknown }
  | { entry: { id: string; contentType: string; fields: unknown } };

export type Visit = (linked: LinkedObject) => LinkResolution;

/** An entry given in full elsewhere in the answer, by `sys` alone, so cycles end and the answer stays finite. */
interface EntryReference {
  sys: { id: string; contentType: { sys: { id: string } } };
}

const linkTypes = new Set(["Link", "Asset", "Entry"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isLinked(value: Record<string, unknown>): value is Record<string, unknown> & LinkedObject {
  return isObject(value.sys) && linkTypes.has(value.sys.type as string);
}

// Rich-text nodes whose target is removed are dropped whole, so renderers never meet an embedded block without its
// asset. Entries can link in a loop, so `given` (shared across an answer's items) stops the walk, not a depth.
export function mapLinks(value: unknown, visit: Visit, given = new Set<string>()): unknown {
  const resolve = (linked: LinkedObject): unknown => {
    const resolution = visit(linked);
    if (resolution === removeLink) return removeLink;
    if ("target" in resolution) return resolution.target;
    const { id, contentType, fields } = resolution.entry;
    const sys = { id, contentType: { sys: { id: contentType } } };
    if (given.has(id)) return { sys } satisfies EntryReference;
    given.add(id);
    const resolved = walk(fields);
    return { sys, fields: resolved === removeLink ? {} : resolved };
  };

  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const mapped: unknown[] = [];
      for (const item of value) {
        const result = walk(item);
        if (result !== removeLink) mapped.push(result);
      }
      return mapped;
    }
    if (!isObject(value)) return value;
    if (isLinked(value)) return resolve(value);
    const mapped: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === "data" && isObject(item) && "target" in item && typeof value.nodeType === "string") {
        const target = walk(item.target);
        if (target === removeLink) return removeLink;
        mapped.data = { ...item, target };
        continue;
      }
      const result = walk(item);
      if (result !== removeLink) mapped[key] = result;
    }
    return mapped;
  };

  return walk(value);
}

export function trimAsset(id: string, fields: { title?: unknown; description?: unknown; file: AssetFile }): Asset {
  const trimmed: Asset["fields"] = { file: fields.file };
  if (typeof fields.title === "string") trimmed.title = fields.title;
  if (typeof fields.description === "string") trimmed.description = fields.description;
  return { sys: { id }, fields: trimmed };
}

function isAssetFields(value: unknown): value is { title?: unknown; description?: unknown; file: AssetFile } {
  return isObject(value) && isObject(value.file) && typeof value.file.url === "string";
}

function assetsIn(value: unknown, found = new Map<string, Asset>()): Map<string, Asset> {
  if (Array.isArray(value)) {
    for (const item of value) assetsIn(item, found);
  } else if (isObject(value)) {
    const sys = value.sys;
    if (isObject(sys) && typeof sys.id === "string" && isAssetFields(value.fields))
      found.set(sys.id, value as unknown as Asset);
    else for (const item of Object.values(value)) assetsIn(item, found);
  }
  return found;
}

// Fields as Contentful's web app sends them while an editor types, through the same walk as the sources' answers; a
// linked asset that arrives as a bare link resolves to the one the page already shows, or is removed.
export function editedFields(edited: unknown, current: unknown): Record<string, unknown> {
  if (!isObject(edited)) return {};
  const known = assetsIn(current);
  const fields = mapLinks(edited, ({ sys, fields }) => {
    const id = String(sys.id);
    if (sys.type === "Asset" && isAssetFields(fields)) return { target: trimAsset(id, fields) };
    if (sys.type === "Asset" || (sys.type === "Link" && sys.linkType === "Asset")) {
      const asset = known.get(id);
      return asset ? { target: asset } : removeLink;
    }
    const contentType = isObject(sys.contentType) && isObject(sys.contentType.sys) ? sys.contentType.sys.id : undefined;
    if (sys.type === "Entry" && isObject(fields)) return { entry: { id, contentType: String(contentType), fields } };
    return removeLink;
  });
  return isObject(fields) ? fields : {};
}
