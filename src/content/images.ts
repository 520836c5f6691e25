import type { Asset } from "./types.ts";

/** What an <img> needs to show an asset at a width without layout shift. */
export interface ImageSource {
  src: string;
  /** Width candidates (Contentful only: its Images API resizes); absent for the embedded store's files. */
  srcSet?: string;
  /** Goes with srcSet: the image fills its container up to `width`. */
  sizes?: string;
  width: number;
  /** Absent only when the asset carries no dimensions. */
  height?: number;
  /** The asset's description, else its title, else empty (decorative). */
  alt: string;
}

export interface ImageOptions {
  /** Images API quality, 1-100. */
  quality?: number;
}

const contentfulImages = /^(https?:)?\/\/images\.ctfassets\.net\//;
const candidateWidths = [320, 480, 640, 960, 1280, 1600, 1920, 2560];
// The Images API cannot convert these without losing what they are (vectors, animation).
const keepFormat = new Set(["image/svg+xml", "image/gif"]);

function contentfulUrl(url: string, width: number, quality: number, convert: boolean): string {
  const base = url.startsWith("//") ? `https:${url}` : url;
  const params = new URLSearchParams({ w: String(width) });
  if (convert) {
    params.set("fm", "webp");
    params.set("q", String(quality));
  }
  return `${base}?${params}`;
}

/**
 * The src, srcset and size of an asset shown at most `width` CSS pixels wide. Contentful images are resized
 * and converted to WebP by its Images API (`w`, `fm=webp`, `q`); the embedded store's files are used as they
 * are (they are stored at the sizes pages show).
 */
export function imageSource(
  asset: Asset | undefined,
  width: number,
  options: ImageOptions = {},
): ImageSource | undefined {
  const file = asset?.fields?.file;
  if (!asset || !file?.url) return undefined;
  const natural = file.details?.image;
  const shown = Math.max(1, Math.round(natural ? Math.min(width, natural.width) : width));
  const height = natural ? Math.round((shown * natural.height) / natural.width) : undefined;
  const alt = asset.fields.description || asset.fields.title || "";
  if (!contentfulImages.test(file.url)) return { src: file.url, width: shown, height, alt };

  const quality = options.quality ?? 75;
  const convert = !keepFormat.has(file.contentType);
  if (!convert && file.contentType === "image/svg+xml") {
    return { src: file.url.startsWith("//") ? `https:${file.url}` : file.url, width: shown, height, alt };
  }
  const largest = natural ? Math.min(shown * 2, natural.width) : shown * 2;
  const widths = [...new Set([...candidateWidths.filter((w) => w < largest), shown, largest])].sort((a, b) => a - b);
  return {
    src: contentfulUrl(file.url, shown, quality, convert),
    srcSet: widths.map((w) => `${contentfulUrl(file.url, w, quality, convert)} ${w}w`).join(", "),
    sizes: `(max-width: ${shown}px) 100vw, ${shown}px`,
    width: shown,
    height,
    alt,
  };
}
