// Project pages take the project's BackgroundColour: which text colour stays readable on it (WCAG 2 contrast).

export type Rgb = readonly [number, number, number];

export function parseHex(colour: string | undefined): Rgb | undefined {
  const hex = colour?.trim().replace(/^#/, "") ?? "";
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return undefined;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const ink: Rgb = [0x14, 0x14, 0x14];
const paper: Rgb = [0xf6, 0xf1, 0xe8];
const white: Rgb = [0xff, 0xff, 0xff];
const black: Rgb = [0, 0, 0];

export const minimumContrast = 4.5;

export interface ProjectColours {
  background: string;
  /** Paper or ink, whichever contrasts more; pure white or black when neither reaches AA on a mid colour. */
  text: string;
  /** Light text is the readable one, so the header shows the white logo. */
  dark: boolean;
}

/** The one form a colour from content may take in a style sheet, so content cannot write CSS. */
export function cssHex(colour: string | undefined): string | undefined {
  const rgb = parseHex(colour);
  return rgb && toHex(rgb);
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

export function projectColours(backgroundColour: string | undefined): ProjectColours {
  const background = parseHex(backgroundColour) ?? ink;
  const dark = contrastRatio(background, paper) >= contrastRatio(background, ink);
  let text = dark ? paper : ink;
  if (contrastRatio(background, text) < minimumContrast) text = dark ? white : black;
  return { background: toHex(background), text: toHex(text), dark };
}
