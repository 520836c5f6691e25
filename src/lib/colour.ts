/**
 * Colour arithmetic for project pages, whose hero and header take the project's BackgroundColour: which text
 * colour stays readable on it (WCAG 2 contrast), and whether the white logo is the one to show.
 */

export type Rgb = readonly [number, number, number];

/** "#1a2b3c", "#abc" or "1a2b3c" → [r, g, b]; anything else → undefined. */
export function parseHex(colour: string | undefined): Rgb | undefined {
  const hex = colour?.trim().replace(/^#/, "") ?? "";
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return undefined;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** WCAG 2 relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The site's ink and paper (tokens.css), the text colours a project colour is paired with first. */
export const ink: Rgb = [0x14, 0x14, 0x14];
export const paper: Rgb = [0xf6, 0xf1, 0xe8];
const white: Rgb = [0xff, 0xff, 0xff];
const black: Rgb = [0, 0, 0];

/** WCAG AA for normal text. */
export const minimumContrast = 4.5;

export interface ProjectColours {
  /** The background as given (normalised), or the site's night colour when it cannot be read. */
  background: string;
  /** Paper or ink, whichever contrasts more; pure white or black when neither reaches AA on a mid colour. */
  text: string;
  /** True when light text is the readable one: the header shows the white logo. */
  dark: boolean;
}

/** A colour from content as the one form a style sheet may be given: "#rrggbb", or undefined. */
export function cssHex(colour: string | undefined): string | undefined {
  const rgb = parseHex(colour);
  return rgb && toHex(rgb);
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** The colours of a project page from its BackgroundColour. */
export function projectColours(backgroundColour: string | undefined): ProjectColours {
  const background = parseHex(backgroundColour) ?? ink;
  const dark = contrastRatio(background, paper) >= contrastRatio(background, ink);
  let text = dark ? paper : ink;
  if (contrastRatio(background, text) < minimumContrast) text = dark ? white : black;
  return { background: toHex(background), text: toHex(text), dark };
}
