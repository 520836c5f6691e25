import type { Asset, AssetFile } from "../../src/content/types.ts";

/** Returned by a link visitor to remove the link (from a list, a field, or a rich-text node). */
export const removeLink = Symbol("removeLink");

export interface LinkedObject {
  sys: { id?: unknown; type?: unknown; linkType?: unknown; contentType?: unknown };
  fields?: unknown;
}

type Visit = (linked: LinkedObject) => unknown;

const linkTypes = new Set(["Link", "Asset", "Entry"]);
// Entries that link to entries can loop; the model only nests assets, so a shallow bound is plenty.
const maxDepth = 8;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isLinked(value: Record<string, unknown>): value is Record<string, unknown> & LinkedObject {
  return isObject(value.sys) && linkTypes.has(value.sys.type as string);
}

/**
 * Walks entry fields and hands every link, asset or entry (anything with `sys.type`) to `visit`, which returns
 * its replacement or `removeLink`. Lists drop removed items; rich-text nodes whose `data.target` is removed are
 * dropped whole, so renderers never meet an embedded block without its asset.
 */
export function mapLinks(value: unknown, visit: Visit, depth = 0): unknown {
  if (depth > maxDepth) return removeLink;
  if (Array.isArray(value)) {
    const mapped: unknown[] = [];
    for (const item of value) {
      const result = mapLinks(item, visit, depth + 1);
      if (result !== removeLink) mapped.push(result);
    }
    return mapped;
  }
  if (!isObject(value)) return value;
  if (isLinked(value)) return visit(value);
  const mapped: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "data" && isObject(item) && "target" in item && typeof value.nodeType === "string") {
      const target = mapLinks(item.target, visit, depth + 1);
      if (target === removeLink) return removeLink;
      mapped.data = { ...item, target };
      continue;
    }
    const result = mapLinks(item, visit, depth + 1);
    if (result !== removeLink) mapped[key] = result;
  }
  return mapped;
}

/** An asset in the shape pages receive, whatever the source added around it. */
export function trimAsset(id: string, fields: { title?: unknown; description?: unknown; file: AssetFile }): Asset {
  const trimmed: Asset["fields"] = { file: fields.file };
  if (typeof fields.title === "string") trimmed.title = fields.title;
  if (typeof fields.description === "string") trimmed.description = fields.description;
  return { sys: { id }, fields: trimmed };
}

/** Freezes a value and everything in it: cached content is shared by every request, so nobody may change it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
