import type { Art } from "./art.ts";
import type { Palette } from "./colour.ts";
import { type AssetLink, assetLink } from "./rich-text.ts";
import type { Wordmark } from "./wordmark.ts";

/**
 * Collects the sample site while the copy modules describe it: entries (in the store's JSON shape, with asset
 * links) and the images they use. The image generator draws the images; the JSON builder writes the entries.
 */

export type ContentTypeId = "homePage" | "blogPost" | "singleProject" | "singleServices";

/** A raster image drawn by the generator. */
export interface DrawnImage {
  kind: "drawn";
  id: string;
  /** Path under content/images, e.g. "projects/warmies/featured.webp". */
  path: string;
  width: number;
  height: number;
  title: string;
  description: string;
  art: Art;
  palette: Palette;
}

/** An SVG file written by the generator: a client's wordmark in one colour. */
export interface VectorImage {
  kind: "vector";
  id: string;
  path: string;
  title: string;
  description: string;
  wordmark: Wordmark;
  colour: string;
}

export type ImageSpec = DrawnImage | VectorImage;

export interface EntrySpec {
  contentType: ContentTypeId;
  id: string;
  fields: Record<string, unknown>;
}

export class Store {
  readonly images = new Map<string, ImageSpec>();
  readonly entries: EntrySpec[] = [];

  /** Registers an image (once per id) and returns the link entries use. */
  image(spec: Omit<DrawnImage, "kind"> | Omit<VectorImage, "kind">): AssetLink {
    const full = ("art" in spec ? { kind: "drawn", ...spec } : { kind: "vector", ...spec }) as ImageSpec;
    const known = this.images.get(spec.id);
    if (known && known.path !== spec.path) throw new Error(`Image id ${spec.id} used for two files`);
    if (!known) this.images.set(spec.id, full);
    return assetLink(spec.id);
  }

  /** A link to an image registered elsewhere (reuse across entries). */
  use(id: string): AssetLink {
    if (!this.images.has(id)) throw new Error(`No image ${id} registered yet`);
    return assetLink(id);
  }

  entry(contentType: ContentTypeId, id: string, fields: Record<string, unknown>): void {
    if (this.entries.some((entry) => entry.id === id)) throw new Error(`Entry id ${id} used twice`);
    this.entries.push({ contentType, id, fields });
  }

  /** Unpublished changes, shown only in preview: a new entry, or a draft of a published one (same id). */
  readonly drafts: EntrySpec[] = [];

  draft(contentType: ContentTypeId, id: string, fields: Record<string, unknown>): void {
    if (this.drafts.some((entry) => entry.id === id)) throw new Error(`Draft id ${id} used twice`);
    this.drafts.push({ contentType, id, fields });
  }
}
