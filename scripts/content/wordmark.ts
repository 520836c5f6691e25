import { letter } from "./lettering.ts";

/**
 * Client wordmarks: our own plain settings of a client's name in the site's two faces, with at most one
 * simple geometric symbol. Deliberately not copies of anyone's real logo.
 */

type Symbol = "circle" | "ring" | "square" | "triangle" | "arc" | "slash" | "diamond" | "bars";

export interface Wordmark {
  /** Each part is set in the display face, or in spaced capitals of the text face. */
  parts: { text: string; style: "display" | "caps" }[];
  /** inline: parts side by side on one baseline; stack: one part per line. */
  layout?: "inline" | "stack";
  symbol?: Symbol;
}

const displaySize = 48;
const capsSize = 21;
const capsTracking = 0.2;
const pad = 2;

function symbolPath(symbol: Symbol, x: number, top: number, size: number): string {
  const r = size / 2;
  const cx = x + r;
  const cy = top + r;
  const f = (v: number) => Math.round(v * 10) / 10;
  switch (symbol) {
    case "circle":
      return `M${f(cx - r)} ${f(cy)}a${f(r)} ${f(r)} 0 1 0 ${f(size)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-size)} 0Z`;
    case "ring": {
      const i = r * 0.55;
      return `M${f(cx - r)} ${f(cy)}a${f(r)} ${f(r)} 0 1 0 ${f(size)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-size)} 0ZM${f(cx - i)} ${f(cy)}a${f(i)} ${f(i)} 0 1 1 ${f(i * 2)} 0a${f(i)} ${f(i)} 0 1 1 ${f(-i * 2)} 0Z`;
    }
    case "square":
      return `M${f(x)} ${f(top)}h${f(size)}v${f(size)}h${f(-size)}Z`;
    case "triangle":
      return `M${f(x)} ${f(top + size)}L${f(cx)} ${f(top)}L${f(x + size)} ${f(top + size)}Z`;
    case "arc":
      return `M${f(x)} ${f(top + size)}A${f(size)} ${f(size)} 0 0 1 ${f(x + size)} ${f(top)}V${f(top + size)}Z`;
    case "slash":
      return `M${f(x + size * 0.55)} ${f(top)}h${f(size * 0.45)}L${f(x + size * 0.45)} ${f(top + size)}H${f(x)}Z`;
    case "diamond":
      return `M${f(cx)} ${f(top)}L${f(x + size)} ${f(cy)}L${f(cx)} ${f(top + size)}L${f(x)} ${f(cy)}Z`;
    case "bars":
      return [0, 1, 2]
        .map((i) => `M${f(x + i * size * 0.38)} ${f(top)}h${f(size * 0.24)}v${f(size)}h${f(-size * 0.24)}Z`)
        .join("");
  }
}

/** A drawn wordmark: the SVG document (filled with the colour), its size in pixels, its view box and its shapes. */
export interface DrawnWordmark {
  svg: string;
  width: number;
  height: number;
  /** Its label as the text of a title element (escaped). */
  title: string;
  /** The document's viewBox: where the shapes are, with the padding. */
  viewBox: string;
  /** The shapes, one `<g>` filled with the colour: what a sheet of several wordmarks places. */
  shapes: string;
}

/** Draws the wordmark. */
export function drawWordmark(mark: Wordmark, label: string, colour: string): DrawnWordmark {
  // Capitals on their own carry the name, so they are set larger than beside a display word.
  const capsOnly = mark.parts.every((part) => part.style === "caps");
  const set = mark.parts.map((part) =>
    part.style === "display"
      ? letter(part.text, { face: "display", size: displaySize, tracking: -0.01 })
      : letter(part.text, {
          face: "text",
          size: capsOnly ? capsSize * 1.6 : capsSize,
          tracking: capsTracking,
          uppercase: true,
        }),
  );
  const paths: string[] = [];
  // Caps in the text face are thin beside the display face: a stroke in the same colour gives them weight.
  const place = (i: number, x: number, y: number) => {
    const shape = set[i];
    const part = mark.parts[i];
    if (!shape || !part) return;
    const stroke = part.style === "caps" ? ` stroke="${colour}" stroke-width="${capsOnly ? 1.6 : 1.1}"` : "";
    paths.push(`<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)})" d="${shape.d}"${stroke}/>`);
  };
  const capTop = -(set[0]?.capHeight ?? displaySize * 0.7);
  let width = 0;
  let top = 0;
  let bottom = 0;
  let x = 0;
  if (mark.symbol) {
    const size = set[0]?.capHeight ?? displaySize * 0.7;
    paths.push(`<path d="${symbolPath(mark.symbol, 0, capTop, size)}"/>`);
    x = size + size * 0.35;
    top = capTop;
  }
  if ((mark.layout ?? "inline") === "inline") {
    set.forEach((shape, i) => {
      place(i, x, 0);
      top = Math.min(top, shape.top);
      bottom = Math.max(bottom, shape.bottom);
      x += shape.width + (mark.parts[i + 1]?.style === "caps" || mark.parts[i]?.style === "caps" ? 14 : 12);
    });
    width = x - 12;
  } else {
    let y = 0;
    set.forEach((shape, i) => {
      if (i > 0) y += shape.capHeight + (mark.parts[i]?.style === "caps" ? 12 : 16);
      place(i, x, y);
      top = Math.min(top, y + shape.top);
      bottom = Math.max(bottom, y + shape.bottom);
      width = Math.max(width, x + shape.width);
    });
  }
  const name = label.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const w = Math.ceil(width + pad * 2);
  const h = Math.ceil(bottom - top + pad * 2);
  const viewBox = `${-pad} ${(top - pad).toFixed(1)} ${w} ${h}`;
  const shapes = `<g fill="${colour}">${paths.join("")}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}" role="img" aria-label="${name}"><title>${name}</title>${shapes}</svg>\n`;
  return { svg, width: w, height: h, title: name, viewBox, shapes };
}
