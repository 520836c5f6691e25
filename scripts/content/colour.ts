/** Colour arithmetic for the artwork: mixing, contrast, and a project's palette from its colour. */

export interface Palette {
  /** The project's colour (its BackgroundColour). */
  base: string;
  /** A darker shade of the base, for depth. */
  deep: string;
  /** A pale tint of the base, for backdrops. */
  light: string;
  /** The second colour that makes the base sing. */
  accent: string;
  ink: string;
  paper: string;
}

export const ink = "#141414";
const paper = "#f6f1e8";

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mixes b into a by the given amount (0 = a, 1 = b). */
export function mix(a: string, b: string, amount: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex([0, 1, 2].map((i) => (ca[i] ?? 0) + ((cb[i] ?? 0) - (ca[i] ?? 0)) * amount) as [number, number, number]);
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Ink or paper, whichever reads better on the given colour. */
export function on(background: string): string {
  return contrast(background, paper) >= contrast(background, ink) ? paper : ink;
}

export function palette(base: string, accent: string): Palette {
  return { base, accent, deep: mix(base, "#000000", 0.38), light: mix(base, paper, 0.82), ink, paper };
}
