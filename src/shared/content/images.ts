// Shared with the server: the image resizer reads the same image URLs (server/content/image-sizes.ts).
import type { Asset } from "./types.ts";

// The srcset's steps, and the only sizes the server makes of the store's images; close enough together that a phone
// at 2x or 3x gets a file near its size rather than twice it.
export const imageWidths = [320, 480, 640, 800, 960, 1200, 1600, 2000, 2400] as const;

export interface ImageSources {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  alt: string;
}

// Contentful's Images API, and the embedded store's images (server/content/image-sizes.ts answers the same query).
const resizableImages = /^((https?:)?\/\/images\.ctfassets\.net\/|\/content\/images\/)/;
// Converting these to WebP would lose what they are (vectors, animation); they are served as uploaded.
const keepFormat = new Set(["image/svg+xml", "image/gif"]);

export function imageSources(asset: Asset | undefined, displayWidth = 1600): ImageSources | undefined {
  const file = asset?.fields.file;
  if (!asset || !file?.url) return undefined;
  const size = file.details?.image;
  const alt = asset.fields.description ?? asset.fields.title ?? "";
  const url = file.url.startsWith("//") ? `https:${file.url}` : file.url;
  if (!resizableImages.test(url) || keepFormat.has(file.contentType)) {
    return { src: url, width: size?.width, height: size?.height, alt };
  }
  const natural = size?.width ?? displayWidth * 2;
  // Up to twice the display width (high-density screens), never above the original.
  const largest = Math.min(natural, displayWidth * 2);
  const widths = [...imageWidths.filter((w) => w < largest), largest];
  const at = (w: number) => `${url}?w=${w}&fm=webp&q=75`;
  const src = at(Math.min(displayWidth, natural));
  return {
    src,
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(", "),
    width: size?.width,
    height: size?.height,
    alt,
  };
}
