// Shared with the server: both content sources resolve links with it (server/content/*-source.ts).
import type { Asset, AssetFile } from "./types.ts";

/** Returned by a link visitor to remove the link (from a list, a field, or a rich-text node). */
export const removeLink = Symbol("removeLink");

export interface LinkedObject {
  sys: { id?: unknown; type?: unknown; linkType?: unknown; contentType?: unknown };
  fields?: unknown;
}

/**
 * What a visitor makes of one link: `removeLink` when it cannot be resolved; `{ target }`, a value put in its
 * place as it is (an asset); or `{ entry }`, an entry whose own fields are resolved in turn.
 */
export type LinkResolution =
  | typeof removeLink
  | { target: unknown }
  | { entry: { id: string; contentType: string; fields: unknown } };

export type Visit = (linked: LinkedObject) => LinkResolution;

/**
 * An entry the answer already gives in full (an item of the answer, or an entry expanded earlier in it), or one met
 * again inside its own fields: given by its `sys` alone. So each entry's fields appear at most once in an answer,
 * cycles end, and the answer stays a finite tree no bigger than what the source sent.
 */
export interface EntryReference {
  sys: { id: string; contentType: { sys: { id: string } } };
}

const linkTypes = new Set(["Link", "Asset", "Entry"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isLinked(value: Record<string, unknown>): value is Record<string, unknown> & LinkedObject {
  return isObject(value.sys) && linkTypes.has(value.sys.type as string);
}

/**
 * Walks entry fields, at any depth, and hands every link, asset or entry (anything with `sys.type`) to `visit`.
 * Lists drop removed items; rich-text nodes whose `data.target` is removed are dropped whole, so renderers never
 * meet an embedded block without its asset; nothing else is dropped or changed. Entries can link to each other
 * in a loop, so what stops the walk is what it has visited, not a depth: `given` holds the ids of the entries
 * the answer gives in full (share one set across an answer's items, starting with their ids); an entry found
 * there becomes an EntryReference, any other is expanded once and added.
 */
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

/** An asset in the shape pages receive, whatever the source added around it. */
export function trimAsset(id: string, fields: { title?: unknown; description?: unknown; file: AssetFile }): Asset {
  const trimmed: Asset["fields"] = { file: fields.file };
  if (typeof fields.title === "string") trimmed.title = fields.title;
  if (typeof fields.description === "string") trimmed.description = fields.description;
  return { sys: { id }, fields: trimmed };
}

function isAssetFields(value: unknown): value is { title?: unknown; description?: unknown; file: AssetFile } {
  return isObject(value) && isObject(value.file) && typeof value.file.url === "string";
}

/** The assets a page's fields already hold (as trimAsset made them), by id. */
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

/**
 * An entry's fields as Contentful's web app sends them while an editor types (the live preview SDK's update: the
 * entry the page subscribed with, the edit merged in, the fields of one locale), made into the fields pages receive
 * by the same walk and trimming as the sources' answers. A linked asset may come whole (`sys.type` "Asset") or as a
 * link: a link is resolved to the asset of that id the page already shows (`current`), and removed otherwise, as
 * an answer's unresolved link is. The page's own assets come back as it sent them (no `sys.type`) and stay as
 * they are.
 */
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
