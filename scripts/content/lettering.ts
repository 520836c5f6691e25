import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/** Lettering drawn as SVG paths from the site's own fonts, so artwork and logos need no installed font. */

export type Face = "display" | "text";

const fontFiles: Record<Face, string> = {
  // The default instance of each variable font: Bricolage Grotesque ExtraBold 96pt, Inter Regular.
  display: "@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-standard-normal.woff2",
  text: "@fontsource-variable/inter/files/inter-latin-standard-normal.woff2",
};

const loaded = new Map<Face, fontkit.Font>();

function font(face: Face): fontkit.Font {
  let found = loaded.get(face);
  if (!found) {
    const file = createRequire(import.meta.url).resolve(fontFiles[face]);
    found = fontkit.create(readFileSync(file)) as fontkit.Font;
    loaded.set(face, found);
  }
  return found;
}

export interface LetteringOptions {
  face?: Face;
  size: number;
  /** Extra space between letters, in em. */
  tracking?: number;
  uppercase?: boolean;
}

export interface Lettering {
  /** SVG path data with the baseline at y = 0 and the text starting at x = 0. */
  d: string;
  width: number;
  /** Height of capitals above the baseline. */
  capHeight: number;
  ascent: number;
  descent: number;
  /** The ink's vertical extent relative to the baseline (negative is above it). */
  top: number;
  bottom: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

export function letter(text: string, options: LetteringOptions): Lettering {
  const f = font(options.face ?? "display");
  const scale = options.size / f.unitsPerEm;
  const tracking = (options.tracking ?? 0) * f.unitsPerEm;
  const run = f.layout(options.uppercase ? text.toUpperCase() : text);
  let pen = 0;
  let top = 0;
  let bottom = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    if (!position) return;
    const x = pen + position.xOffset;
    const y = position.yOffset;
    if (glyph.path.commands.length > 0) {
      top = Math.min(top, -(glyph.bbox.maxY + y) * scale);
      bottom = Math.max(bottom, -(glyph.bbox.minY + y) * scale);
    }
    for (const { command, args } of glyph.path.commands) {
      const points: string[] = [];
      for (let k = 0; k < args.length; k += 2) {
        points.push(`${round(((args[k] ?? 0) + x) * scale)} ${round(-((args[k + 1] ?? 0) + y) * scale)}`);
      }
      const code = { moveTo: "M", lineTo: "L", quadraticCurveTo: "Q", bezierCurveTo: "C", closePath: "Z" }[command];
      parts.push(code + points.join(" "));
    }
    pen += position.xAdvance + (i < run.glyphs.length - 1 ? tracking : 0);
  });
  return {
    d: parts.join(""),
    width: pen * scale,
    capHeight: f.capHeight * scale,
    ascent: f.ascent * scale,
    descent: -f.descent * scale,
    top,
    bottom,
  };
}

/** Splits text into lines no wider than maxWidth at the given size (greedy, by words). */
export function wrap(text: string, maxWidth: number, options: LetteringOptions): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && letter(candidate, options).width > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}
