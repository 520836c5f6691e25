import { type Art, describe } from "./art.ts";
import type { Palette } from "./colour.ts";
import type { AssetLink } from "./rich-text.ts";
import type { Store } from "./store.ts";

/** Sizes the pages show each kind of image at (px). */
const sizes = {
  projectFeatured: [1600, 1200],
  wide: [2400, 1350],
  landscape: [1200, 900],
  portrait: [900, 1200],
  tall: [1200, 1500],
  postHero: [1600, 900],
  postInline: [1200, 800],
} as const satisfies Record<string, readonly [number, number]>;

export type Size = keyof typeof sizes;
export type Kind = Art["kind"];

/** Words the artwork borrows from its subject: lines for sites, posters and billboards; packs; posts; figures. */
export interface ArtWords {
  name: string;
  headlines: string[];
  products?: string[];
  words?: string[];
  figures?: [string, string, string];
  kicker?: string;
  footer?: string;
}

const labels: Record<Kind, string> = {
  field: "backdrop",
  cover: "cover",
  pattern: "brand pattern",
  browser: "website on desktop",
  phones: "website on mobile",
  stationery: "stationery",
  swatches: "colour palette",
  posters: "posters",
  packaging: "packaging",
  social: "social posts",
  billboard: "billboard",
  specimen: "type specimen",
  dashboard: "dashboard",
  stillLife: "still life",
};

/** The art for a kind of composition, filled in from the subject's words; index varies the lines used. */
function artFor(kind: Kind, words: ArtWords, index: number): Art {
  const line = (offset = 0) => words.headlines[(index + offset) % words.headlines.length] ?? words.name;
  switch (kind) {
    case "field":
    case "stillLife":
      return { kind };
    case "cover":
      return { kind, title: index === 0 ? words.name : line(), kicker: words.kicker, footer: words.footer };
    case "pattern":
      return { kind, mark: index % 2 === 0 ? words.name : undefined };
    case "browser":
    case "phones":
    case "posters":
    case "billboard":
      return { kind, name: words.name, headline: line() };
    case "stationery":
    case "swatches":
    case "specimen":
      return { kind, name: words.name };
    case "packaging":
      return { kind, name: words.name, product: words.products?.[index % words.products.length] ?? "Gift box" };
    case "social":
      return { kind, name: words.name, words: words.words ?? words.headlines };
    case "dashboard":
      return { kind, name: words.name, figures: words.figures ?? ["+24%", "3.1k", "68%"] };
  }
}

/** Registers one drawn image and returns its link. */
export function drawn(
  store: Store,
  options: {
    id: string;
    path: string;
    size: Size;
    kind: Kind;
    words: ArtWords;
    palette: Palette;
    subject: string;
    index?: number;
    description?: string;
  },
): AssetLink {
  const [width, height] = sizes[options.size];
  const art = artFor(options.kind, options.words, options.index ?? 0);
  return store.image({
    id: options.id,
    path: options.path,
    width,
    height,
    title: `${options.subject}: ${labels[options.kind]}`,
    description: options.description ?? describe(art, options.subject),
    art,
    palette: options.palette,
  });
}
