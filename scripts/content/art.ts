import { mix, on, type Palette } from "./colour.ts";
import { type Face, letter, wrap } from "./lettering.ts";

/**
 * The studio's house artwork: bold gradients, geometric shapes and big lettering, composed as SVG in a project's
 * colours. Each composition stands in for a deliverable (a cover, a site, a pack, a poster) without pretending to
 * be a photograph of a real client's work.
 */

export type Art =
  /** A calm backdrop of gradient and two big shapes, for text to sit on. */
  | { kind: "field" }
  /** A typographic cover: the name huge, a kicker and a footer line. */
  | { kind: "cover"; title: string; kicker?: string; footer?: string }
  /** A brand pattern of geometric tiles, optionally with the name on a badge. */
  | { kind: "pattern"; mark?: string }
  /** A website in a browser window. */
  | { kind: "browser"; name: string; headline: string }
  /** Three phones showing a site or app. */
  | { kind: "phones"; name: string; headline: string }
  /** Letterhead, business cards and an envelope. */
  | { kind: "stationery"; name: string }
  /** The colour palette as swatches with their values. */
  | { kind: "swatches"; name: string }
  /** Two posters on a wall. */
  | { kind: "posters"; name: string; headline: string }
  /** A box and a pouch. */
  | { kind: "packaging"; name: string; product: string }
  /** A grid of social posts. */
  | { kind: "social"; name: string; words: string[] }
  /** A roadside billboard. */
  | { kind: "billboard"; name: string; headline: string }
  /** A type specimen. */
  | { kind: "specimen"; name: string }
  /** A results dashboard with charts. */
  | { kind: "dashboard"; name: string; figures: [string, string, string] }
  /** A studio still life of simple forms, lit like a product shot. */
  | { kind: "stillLife" };

export interface Canvas {
  width: number;
  height: number;
  palette: Palette;
  /** Seeds the composition so the same id always draws the same picture. */
  seed: string;
}

/** A deterministic random source (mulberry32) seeded from a string. */
export function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rnd: Rand, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
const n = (v: number) => Math.round(v * 10) / 10;

interface TextOptions {
  x: number;
  y: number;
  size: number;
  fill: string;
  face?: Face;
  anchor?: "start" | "middle" | "end";
  tracking?: number;
  uppercase?: boolean;
  opacity?: number;
}

/** Text as a path, positioned by its baseline. Returns the markup and the drawn width. */
function text(value: string, o: TextOptions): { svg: string; width: number } {
  const shape = letter(value, {
    face: o.face ?? "display",
    size: o.size,
    tracking: o.tracking,
    uppercase: o.uppercase,
  });
  const x = o.anchor === "middle" ? o.x - shape.width / 2 : o.anchor === "end" ? o.x - shape.width : o.x;
  const opacity = o.opacity === undefined ? "" : ` fill-opacity="${o.opacity}"`;
  return {
    svg: `<path transform="translate(${n(x)} ${n(o.y)})" d="${shape.d}" fill="${o.fill}"${opacity}/>`,
    width: shape.width,
  };
}

/** Small spaced capitals in the text face: kickers, captions and labels. */
function label(value: string, o: Omit<TextOptions, "face" | "uppercase">): { svg: string; width: number } {
  return text(value, { tracking: 0.14, ...o, face: "text", uppercase: true });
}

/** The largest size (up to max) at which the text wraps into at most maxLines lines within the box. */
function fitText(
  value: string,
  maxWidth: number,
  maxLines: number,
  max: number,
  maxHeight = Number.POSITIVE_INFINITY,
): { size: number; lines: string[] } {
  let size = max;
  for (;;) {
    const lines = wrap(value, maxWidth, { size });
    const widest = Math.max(...lines.map((line) => letter(line, { size }).width));
    const fits = lines.length <= maxLines && widest <= maxWidth && lines.length * size * 0.94 <= maxHeight;
    if (fits || size < 8) return { size, lines };
    size *= 0.94;
  }
}

/** Lines of text set solid, the first baseline at y. */
function block(lines: string[], o: TextOptions & { leading?: number }): string {
  return lines.map((line, i) => text(line, { ...o, y: o.y + i * o.size * (o.leading ?? 0.94) }).svg).join("");
}

/** Grey bars that read as copy at a glance. */
function copyLines(x: number, y: number, width: number, count: number, gap: number, fill: string, rnd: Rand): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const w = i === count - 1 ? width * (0.35 + rnd() * 0.3) : width * (0.82 + rnd() * 0.18);
    out += `<rect x="${n(x)}" y="${n(y + i * gap)}" width="${n(w)}" height="${n(gap * 0.42)}" rx="${n(gap * 0.21)}" fill="${fill}"/>`;
  }
  return out;
}

interface Draw {
  defs: string[];
  id: (name: string) => string;
}

function linear(d: Draw, from: string, to: string, angle = 45): string {
  const id = d.id("lin");
  const r = (angle * Math.PI) / 180;
  const [x1, y1, x2, y2] = [0.5 - Math.cos(r) / 2, 0.5 - Math.sin(r) / 2, 0.5 + Math.cos(r) / 2, 0.5 + Math.sin(r) / 2];
  d.defs.push(
    `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

function glow(d: Draw, colour: string, cx: number, cy: number, r: number, opacity = 0.7): string {
  const id = d.id("glow");
  d.defs.push(
    `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${id})`;
}

function shadow(d: Draw, u: number, strength = 0.3): string {
  const id = d.id("shadow");
  d.defs.push(
    `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="${n(u * 0.8)}" dy="${n(u * 1.4)}" stdDeviation="${n(u * 1.6)}" flood-color="#000" flood-opacity="${strength}"/></filter>`,
  );
  return `url(#${id})`;
}

function clip(d: Draw, shape: string): string {
  const id = d.id("clip");
  d.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
  return `url(#${id})`;
}

/** One geometric motif filling a square cell: the alphabet of the house style. */
function motif(kind: number, x: number, y: number, s: number, fill: string, rotation: number): string {
  const c = `${n(x + s / 2)} ${n(y + s / 2)}`;
  const rot = ` transform="rotate(${rotation} ${c})"`;
  switch (kind) {
    case 0:
      return `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.42)}" fill="${fill}"/>`;
    case 1:
      return `<path${rot} d="M${n(x)} ${n(y + s)}A${n(s)} ${n(s)} 0 0 1 ${n(x + s)} ${n(y)}L${n(x + s)} ${n(y + s)}Z" fill="${fill}"/>`;
    case 2:
      return `<path${rot} d="M${n(x)} ${n(y + s)}A${n(s / 2)} ${n(s / 2)} 0 0 1 ${n(x + s)} ${n(y + s)}Z" fill="${fill}"/>`;
    case 3:
      return `<path${rot} d="M${n(x)} ${n(y + s)}L${n(x + s / 2)} ${n(y)}L${n(x + s)} ${n(y + s)}Z" fill="${fill}"/>`;
    case 4: {
      let bars = "";
      for (let i = 0; i < 4; i++)
        bars += `<rect x="${n(x)}" y="${n(y + (i * s) / 4 + s / 16)}" width="${n(s)}" height="${n(s / 8)}" fill="${fill}"/>`;
      return `<g${rot}>${bars}</g>`;
    }
    case 5:
      return `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.33)}" fill="none" stroke="${fill}" stroke-width="${n(s * 0.12)}"/>`;
    case 6:
      return `<rect x="${n(x + s * 0.2)}" y="${n(y + s * 0.2)}" width="${n(s * 0.6)}" height="${n(s * 0.6)}" fill="${fill}" transform="rotate(${45 + rotation} ${c})"/>`;
    default: {
      let dots = "";
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          dots += `<circle cx="${n(x + s * (0.2 + i * 0.3))}" cy="${n(y + s * (0.2 + j * 0.3))}" r="${n(s * 0.07)}" fill="${fill}"/>`;
      return dots;
    }
  }
}

function composeCover(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "cover" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  const fg = on(p.base);
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.base, p.deep, 35 + rnd() * 40)}"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.light, rnd() > 0.5 ? 0.85 : 0.15, 0.1 + rnd() * 0.2, 0.75, 0.4)}"/>`;
  const bold = [
    () =>
      `<circle cx="${n(w * (0.62 + rnd() * 0.22))}" cy="${n(h * (0.2 + rnd() * 0.15))}" r="${n(u * (20 + rnd() * 12))}" fill="${p.accent}"/>`,
    () => {
      const s = u * (42 + rnd() * 14);
      return `<path d="M${w} ${n(s)}A${n(s)} ${n(s)} 0 0 1 ${n(w - s)} 0L${w} 0Z" fill="${p.accent}"/>`;
    },
    () =>
      // A band through the top-right corner only, clear of the title below.
      `<rect x="${n(w * 0.82 - u * 6)}" y="${n(-h * 0.45)}" width="${n(u * 12)}" height="${n(h * 0.9)}" fill="${p.accent}" transform="rotate(${n(28 + rnd() * 14)} ${n(w * 0.82)} 0)"/>`,
  ];
  const quiet = [
    () => {
      const r = u * (30 + rnd() * 20);
      const cx = w * (0.55 + rnd() * 0.3);
      return `<path d="M${n(cx - r)} ${h}A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${h}Z" fill="${mix(p.base, p.paper, 0.2)}" fill-opacity="0.5"/>`;
    },
    () =>
      `<circle cx="${n(w * (0.25 + rnd() * 0.3))}" cy="${n(h * (0.25 + rnd() * 0.2))}" r="${n(u * (22 + rnd() * 10))}" fill="none" stroke="${on(p.base)}" stroke-opacity="0.3" stroke-width="${n(u * 1.1)}"/>`,
    () => {
      const s = u * (34 + rnd() * 16);
      return `<path d="M${w} ${n(h - s)}A${n(s)} ${n(s)} 0 0 0 ${n(w - s)} ${h}L${w} ${h}Z" fill="${p.ink}" fill-opacity="0.75"/>`;
    },
    () => {
      let dots = "";
      const x0 = w * (0.08 + rnd() * 0.3);
      const y0 = h * 0.2;
      for (let i = 0; i < 5; i++)
        for (let j = 0; j < 3; j++)
          dots += `<circle cx="${n(x0 + i * u * 5)}" cy="${n(y0 + j * u * 5)}" r="${n(u * 0.9)}"/>`;
      return `<g fill="${on(p.base)}" fill-opacity="0.55">${dots}</g>`;
    },
  ];
  out += pick(rnd, quiet)();
  out += pick(rnd, bold)();
  const margin = u * 7;
  const { size, lines } = fitText(art.title, w - margin * 2, w > h ? 3 : 4, h * 0.36, h - margin * 2 - u * 14);
  const lineHeight = size * 0.94;
  const firstBaseline = h - margin - (lines.length - 1) * lineHeight;
  out += block(lines, { x: margin, y: firstBaseline, size, fill: fg });
  const small = { size: u * 2.6, fill: fg, tracking: 0.14 };
  // Labels stack top left, leaving the top right to the shapes.
  if (art.kicker) out += label(art.kicker, { ...small, x: margin, y: margin + u * 2 }).svg;
  if (art.footer) out += label(art.footer, { ...small, x: margin, y: margin + u * 6.5, opacity: 0.8 }).svg;
  return out;
}

function composeField(c: Canvas, d: Draw, rnd: Rand): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.base, p.deep, 20 + rnd() * 30)}"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.accent, 0.8 + rnd() * 0.15, 0.2, 0.55, 0.35)}"/>`;
  const r = u * (55 + rnd() * 20);
  out += `<circle cx="${n(w - r * 0.55)}" cy="${n(h * (0.3 + rnd() * 0.2))}" r="${n(r)}" fill="${mix(p.base, p.paper, 0.12)}" fill-opacity="0.45"/>`;
  out += `<circle cx="${n(w - r * 0.55)}" cy="${n(h * 0.45)}" r="${n(r * 1.35)}" fill="none" stroke="${p.paper}" stroke-opacity="0.16" stroke-width="${n(u * 0.8)}"/>`;
  const q = u * (24 + rnd() * 10);
  out += `<path d="M0 ${n(h - q)}A${n(q)} ${n(q)} 0 0 1 ${n(q)} ${h}L0 ${h}Z" fill="${p.accent}" fill-opacity="0.9"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.ink, 0.1, 0.6, 0.8, 0.35)}"/>`;
  return out;
}

function composePattern(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "pattern" }>): string {
  const { width: w, height: h, palette: p } = c;
  const rows = w >= h ? 4 : 5;
  const s = h / rows;
  const cols = Math.ceil(w / s);
  const fills = [p.base, p.base, p.deep, p.accent, p.paper, p.ink];
  let out = `<rect width="${w}" height="${h}" fill="${p.base}"/>`;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const bg = pick(rnd, fills);
      let fg = pick(rnd, fills);
      if (fg === bg) fg = bg === p.accent ? p.ink : p.accent;
      out += `<rect x="${n(i * s)}" y="${n(j * s)}" width="${n(s + 1)}" height="${n(s + 1)}" fill="${bg}"/>`;
      out += motif(Math.floor(rnd() * 8), i * s, j * s, s, fg, pick(rnd, [0, 90, 180, 270]));
    }
  }
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.paper, 0.3, 0.2, 0.8, 0.18)}"/>`;
  if (art.mark) {
    const u = Math.min(w, h) / 100;
    const { size, lines } = fitText(art.mark, w * 0.5, 1, u * 12);
    const label = letter(lines[0] ?? art.mark, { size });
    const bw = label.width + u * 12;
    const bh = size * 1.6;
    out += `<rect x="${n((w - bw) / 2)}" y="${n((h - bh) / 2)}" width="${n(bw)}" height="${n(bh)}" rx="${n(bh / 2)}" fill="${p.paper}" filter="${shadow(d, u)}"/>`;
    out += text(art.mark, { x: w / 2, y: h / 2 + label.capHeight / 2, size, fill: p.ink, anchor: "middle" }).svg;
  }
  return out;
}

/** A miniature web page in the project's colours, drawn into the box x, y, w, h. */
function webPage(
  d: Draw,
  rnd: Rand,
  p: Palette,
  box: { x: number; y: number; w: number; h: number },
  name: string,
  headline: string,
  narrow: boolean,
): string {
  const { x, y, w, h } = box;
  const u = w / 100;
  let out = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${p.paper}"/>`;
  const navH = narrow ? u * 14 : u * 6;
  const logoSize = narrow ? u * 6 : u * 2.4;
  out += text(name, { x: x + u * 4, y: y + navH / 2 + logoSize * 0.36, size: logoSize, fill: p.ink }).svg;
  if (narrow) {
    for (let i = 0; i < 3; i++)
      out += `<rect x="${n(x + w - u * 14)}" y="${n(y + navH / 2 - u * 3 + i * u * 2.6)}" width="${n(u * 10)}" height="${n(u * 1.2)}" fill="${p.ink}"/>`;
  } else {
    for (let i = 0; i < 4; i++)
      out += `<rect x="${n(x + w - u * (38 - i * 8))}" y="${n(y + navH / 2 - u * 0.4)}" width="${n(u * 5.5)}" height="${n(u * 0.8)}" rx="${n(u * 0.4)}" fill="${p.ink}" fill-opacity="0.7"/>`;
  }
  const heroH = narrow ? h * 0.5 : h * 0.52;
  const heroY = y + navH;
  out += `<rect x="${n(x)}" y="${n(heroY)}" width="${n(w)}" height="${n(heroH)}" fill="${linear(d, p.base, p.deep, 60)}"/>`;
  const textW = narrow ? w - u * 10 : w * 0.5;
  const { size, lines } = fitText(headline, textW, 3, narrow ? u * 13 : u * 6.5);
  const fg = on(p.base);
  out += block(lines, { x: x + u * 5, y: heroY + u * 5 + size, size, fill: fg });
  const buttonY = heroY + u * 5 + size * (lines.length + 0.5);
  const bw = narrow ? u * 36 : u * 14;
  const bh = narrow ? u * 9 : u * 3.6;
  if (buttonY + bh < heroY + heroH - u * 2)
    out += `<rect x="${n(x + u * 5)}" y="${n(buttonY)}" width="${n(bw)}" height="${n(bh)}" rx="${n(bh / 2)}" fill="${p.accent}"/>`;
  if (!narrow) {
    const ix = x + w * 0.6;
    const iw = w * 0.34;
    const ih = heroH - u * 8;
    const iy = heroY + u * 4;
    out += `<g clip-path="${clip(d, `<rect x="${n(ix)}" y="${n(iy)}" width="${n(iw)}" height="${n(ih)}" rx="${n(u)}"/>`)}">`;
    out += `<rect x="${n(ix)}" y="${n(iy)}" width="${n(iw)}" height="${n(ih)}" fill="${linear(d, p.accent, p.base, 120)}"/>`;
    out += `<circle cx="${n(ix + iw * 0.65)}" cy="${n(iy + ih * 0.4)}" r="${n(iw * 0.3)}" fill="${p.paper}" fill-opacity="0.85"/>`;
    out += `<path d="M${n(ix)} ${n(iy + ih)}A${n(iw * 0.5)} ${n(iw * 0.5)} 0 0 1 ${n(ix + iw)} ${n(iy + ih)}Z" fill="${p.ink}" fill-opacity="0.85"/></g>`;
  }
  const cardsY = heroY + heroH + u * 4;
  const cols = narrow ? 1 : 3;
  const gap = u * 3;
  const cw = (w - u * 10 - gap * (cols - 1)) / cols;
  for (let i = 0; i < cols; i++) {
    const cx = x + u * 5 + i * (cw + gap);
    const ch = narrow ? h * 0.18 : h * 0.2;
    const fill = [p.light, mix(p.accent, p.paper, 0.5), mix(p.base, p.paper, 0.55)][i % 3] ?? p.light;
    out += `<rect x="${n(cx)}" y="${n(cardsY)}" width="${n(cw)}" height="${n(ch)}" rx="${n(u * 0.8)}" fill="${fill}"/>`;
    out += motif(
      Math.floor(rnd() * 7),
      cx + cw / 2 - ch * 0.3,
      cardsY + ch * 0.2,
      ch * 0.6,
      p.base,
      pick(rnd, [0, 90, 180]),
    );
    out += copyLines(cx, cardsY + ch + u * 2.5, cw, 3, narrow ? u * 4.4 : u * 1.9, mix(p.ink, p.paper, 0.75), rnd);
  }
  return out;
}

function composeBrowser(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "browser" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.light, mix(p.accent, p.paper, 0.55), 30)}"/>`;
  out += `<circle cx="${n(w * 0.86)}" cy="${n(h * 0.18)}" r="${n(u * 30)}" fill="${p.accent}"/>`;
  out += `<path d="M0 ${n(h * 0.55)}A${n(h * 0.45)} ${n(h * 0.45)} 0 0 1 ${n(h * 0.45)} ${h}L0 ${h}Z" fill="${p.base}"/>`;
  const bw = Math.min(w * 0.82, h * 1.45);
  const bx = (w - bw) / 2;
  const by = h * 0.12;
  const bh = h - by + u * 4;
  const bar = u * 5.5;
  out += `<g filter="${shadow(d, u, 0.28)}"><rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="${n(u * 1.6)}" fill="${p.paper}"/></g>`;
  out += `<g clip-path="${clip(d, `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="${n(u * 1.6)}"/>`)}">`;
  out += `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bar)}" fill="#e4ddd0"/>`;
  ["#ff5f57", "#febc2e", "#28c840"].forEach((dot, i) => {
    out += `<circle cx="${n(bx + u * (3 + i * 2.4))}" cy="${n(by + bar / 2)}" r="${n(u * 0.8)}" fill="${dot}"/>`;
  });
  out += `<rect x="${n(bx + bw * 0.3)}" y="${n(by + bar * 0.22)}" width="${n(bw * 0.4)}" height="${n(bar * 0.56)}" rx="${n(bar * 0.28)}" fill="${p.paper}"/>`;
  out += webPage(d, rnd, p, { x: bx, y: by + bar, w: bw, h: bh - bar }, art.name, art.headline, false);
  out += "</g>";
  return out;
}

function phone(d: Draw, rnd: Rand, p: Palette, x: number, y: number, ph: number, name: string, headline: string) {
  const pw = ph * 0.49;
  const r = pw * 0.14;
  const inset = pw * 0.04;
  let out = `<g filter="${shadow(d, ph / 100, 0.35)}"><rect x="${n(x)}" y="${n(y)}" width="${n(pw)}" height="${n(ph)}" rx="${n(r)}" fill="${p.ink}"/></g>`;
  const screen = { x: x + inset, y: y + inset, w: pw - inset * 2, h: ph - inset * 2 };
  out += `<g clip-path="${clip(d, `<rect x="${n(screen.x)}" y="${n(screen.y)}" width="${n(screen.w)}" height="${n(screen.h)}" rx="${n(r - inset)}"/>`)}">`;
  out += webPage(d, rnd, p, screen, name, headline, true);
  out += `<rect x="${n(x + pw * 0.36)}" y="${n(y + inset * 1.8)}" width="${n(pw * 0.28)}" height="${n(pw * 0.07)}" rx="${n(pw * 0.035)}" fill="${p.ink}"/></g>`;
  return out;
}

function composePhones(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "phones" }>): string {
  const { width: w, height: h, palette: p } = c;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.base, p.deep, 70)}"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.accent, 0.5, 0.5, 0.6, 0.5)}"/>`;
  out += `<circle cx="${n(w / 2)}" cy="${n(h / 2)}" r="${n(Math.min(w, h) * 0.42)}" fill="none" stroke="${p.paper}" stroke-opacity="0.25" stroke-width="${n(h / 120)}"/>`;
  const count = w < h ? 2 : 3;
  const ph = Math.min(h * (count === 2 ? 0.7 : 0.78), (w * (count === 2 ? 0.4 : 0.27)) / 0.49);
  const pw = ph * 0.49;
  const gap = Math.min(pw * 0.22, (w - pw * count) / (count + 1));
  const total = pw * count + gap * (count - 1);
  const heads = [art.headline, "Made properly.", "Say hello."];
  const offsets = count === 2 ? [0.1, 0.2] : [0.2, 0.08, 0.2];
  offsets.forEach((offset, i) => {
    const x = (w - total) / 2 + i * (pw + gap);
    out += phone(d, rnd, p, x, h * offset, ph, art.name, heads[i] ?? art.headline);
  });
  return out;
}

function composeStationery(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "stationery" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.base, p.deep, 120)}"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.paper, 0.2, 0.2, 0.7, 0.18)}"/>`;
  const s = shadow(d, u, 0.35);
  // Letterhead
  const k = Math.min(h, w * 0.75);
  const lw = k * 0.7;
  const lh = lw * Math.SQRT2;
  const lx = w * 0.1;
  const ly = h * 0.5 - k * 0.34;
  out += `<g transform="rotate(-7 ${n(lx + lw / 2)} ${n(ly + lh / 2)})"><rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh)}" fill="${p.paper}" filter="${s}"/>`;
  out += text(art.name, { x: lx + lw * 0.1, y: ly + lw * 0.16, size: lw * 0.055, fill: p.base }).svg;
  out += `<rect x="${n(lx + lw * 0.1)}" y="${n(ly + lw * 0.22)}" width="${n(lw * 0.8)}" height="${n(lw * 0.006)}" fill="${p.accent}"/>`;
  out += copyLines(lx + lw * 0.62, ly + lw * 0.28, lw * 0.28, 4, lw * 0.028, mix(p.ink, p.paper, 0.7), rnd);
  out += copyLines(lx + lw * 0.1, ly + lw * 0.5, lw * 0.8, 9, lw * 0.04, mix(p.ink, p.paper, 0.75), rnd);
  out += copyLines(lx + lw * 0.1, ly + lw * 0.92, lw * 0.8, 6, lw * 0.04, mix(p.ink, p.paper, 0.75), rnd);
  out += "</g>";
  // Envelope
  const ew = k * 0.78;
  const eh = ew / 2;
  const ex = w - ew * 0.92;
  const ey = h * 0.5 + k * 0.12;
  out += `<g transform="rotate(6 ${n(ex + ew / 2)} ${n(ey + eh / 2)})"><rect x="${n(ex)}" y="${n(ey)}" width="${n(ew)}" height="${n(eh)}" fill="${p.light}" filter="${s}"/>`;
  out += `<path d="M${n(ex)} ${n(ey)}L${n(ex + ew / 2)} ${n(ey + eh * 0.55)}L${n(ex + ew)} ${n(ey)}" fill="none" stroke="${mix(p.light, p.ink, 0.12)}" stroke-width="${n(u * 0.4)}"/>`;
  out += text(art.name, { x: ex + ew * 0.06, y: ey + eh * 0.85, size: eh * 0.08, fill: p.base }).svg;
  out += "</g>";
  // Business cards
  const cw = k * 0.44;
  const ch = cw * 0.62;
  const cx = w - cw - w * 0.14;
  const cy = h * 0.5 - k * 0.38;
  out += `<g transform="rotate(12 ${n(cx + cw / 2)} ${n(cy + ch / 2)})"><rect x="${n(cx)}" y="${n(cy)}" width="${n(cw)}" height="${n(ch)}" rx="${n(u * 0.6)}" fill="${p.paper}" filter="${s}"/>`;
  out += copyLines(cx + cw * 0.08, cy + ch * 0.55, cw * 0.5, 4, ch * 0.09, mix(p.ink, p.paper, 0.6), rnd);
  out += `<circle cx="${n(cx + cw * 0.82)}" cy="${n(cy + ch * 0.26)}" r="${n(ch * 0.11)}" fill="${p.accent}"/></g>`;
  const cx2 = w - cw - w * 0.08;
  const cy2 = h * 0.5 - k * 0.18;
  const fit2 = fitText(art.name, cw * 0.8, 2, ch * 0.26);
  out += `<g transform="rotate(-4 ${n(cx2 + cw / 2)} ${n(cy2 + ch / 2)})"><rect x="${n(cx2)}" y="${n(cy2)}" width="${n(cw)}" height="${n(ch)}" rx="${n(u * 0.6)}" fill="${p.accent}" filter="${s}"/>`;
  out += block(fit2.lines, {
    x: cx2 + cw * 0.1,
    y: cy2 + ch * 0.5 - (fit2.lines.length - 1) * fit2.size * 0.47 + fit2.size * 0.36,
    size: fit2.size,
    fill: on(p.accent),
  });
  out += "</g>";
  return out;
}

function composeSwatches(c: Canvas, _d: Draw, _rnd: Rand, art: Extract<Art, { kind: "swatches" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  const swatches: [string, string][] = [
    [p.base, "Primary"],
    [p.deep, "Deep"],
    [p.accent, "Accent"],
    [p.light, "Tint"],
    [p.ink, "Ink"],
  ];
  const shares = [0.4, 0.15, 0.15, 0.15, 0.15];
  const across = w >= h;
  let at = 0;
  let out = "";
  swatches.forEach(([colour, role], i) => {
    const size = (across ? w : h) * (shares[i] ?? 0.15);
    const [x, y, sw, sh] = across ? [at, 0, size, h] : [0, at, w, size];
    const fg = on(colour);
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(sw + (across ? 1 : 0))}" height="${n(sh + (across ? 0 : 1))}" fill="${colour}"/>`;
    const small = { size: u * 2.4, fill: fg, tracking: 0.12 };
    if (across) {
      out += label(role, { ...small, x: x + u * 3, y: h - u * 8 }).svg;
      out += label(colour, { ...small, x: x + u * 3, y: h - u * 4.4, opacity: 0.75 }).svg;
    } else {
      out += label(role, { ...small, x: u * 5, y: y + sh - u * 3.5 }).svg;
      out += label(colour, {
        ...small,
        x: w - u * 5,
        y: y + sh - u * 3.5,
        anchor: "end",
        opacity: 0.75,
      }).svg;
    }
    if (i === 0) {
      const aaSize = across ? Math.min(sw * 0.6, h * 0.42) : Math.min(sh * 0.62, w * 0.5);
      out += text("Aa", {
        x: x + u * (across ? 3 : 5),
        y: across ? h * 0.55 : y + sh * 0.72,
        size: aaSize,
        fill: fg,
      }).svg;
      out += text(art.name, { x: x + u * (across ? 3 : 5), y: y + u * 8, size: u * 3.4, fill: fg }).svg;
    }
    at += size;
  });
  return out;
}

function composePosters(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "posters" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, "#e9e2d5", "#d8cfbf", 90)}"/>`;
  out += `<rect y="${n(h * 0.86)}" width="${w}" height="${n(h * 0.14)}" fill="#cfc5b3"/>`;
  const single = w < h * 1.1;
  const ph = single ? Math.min(h * 0.7, w * 0.75 * Math.SQRT2) : h * 0.66;
  const pw = ph / Math.SQRT2;
  const gap = u * 6;
  const x0 = single ? (w - pw) / 2 : (w - pw * 2 - gap) / 2;
  const y0 = h * 0.12;
  const s = shadow(d, u, 0.3);
  // Poster one: the headline
  out += `<rect x="${n(x0)}" y="${n(y0)}" width="${n(pw)}" height="${n(ph)}" fill="${p.base}" filter="${s}"/>`;
  out += `<g clip-path="${clip(d, `<rect x="${n(x0)}" y="${n(y0)}" width="${n(pw)}" height="${n(ph)}"/>`)}">`;
  out += `<circle cx="${n(x0 + pw * 0.8)}" cy="${n(y0 + ph * 0.22)}" r="${n(pw * 0.34)}" fill="${p.accent}"/>`;
  const f = fitText(art.headline, pw * 0.84, 4, pw * 0.22);
  out += block(f.lines, {
    x: x0 + pw * 0.08,
    y: y0 + ph * 0.92 - (f.lines.length - 1) * f.size * 0.94,
    size: f.size,
    fill: on(p.base),
  });
  out += label(art.name, {
    x: x0 + pw * 0.08,
    y: y0 + pw * 0.1,
    size: pw * 0.035,
    tracking: 0.14,
    fill: on(p.base),
  }).svg;
  out += "</g>";
  if (single) return out;
  // Poster two: the pattern
  const x1 = x0 + pw + gap;
  out += `<rect x="${n(x1)}" y="${n(y0)}" width="${n(pw)}" height="${n(ph)}" fill="${p.paper}" filter="${s}"/>`;
  const cell = pw / 3;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const fill = pick(rnd, [p.base, p.accent, p.ink, p.deep]);
      out += motif(Math.floor(rnd() * 8), x1 + i * cell, y0 + j * cell, cell, fill, pick(rnd, [0, 90, 180, 270]));
    }
  out += text(art.name, { x: x1 + pw * 0.08, y: y0 + ph * 0.9, size: pw * 0.1, fill: p.ink }).svg;
  return out;
}

function composePackaging(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "packaging" }>): string {
  const { width: w, height: h } = c;
  // Repeats within a project swap the box and pouch colours, and the backdrop.
  const swapped = rnd() > 0.5;
  const p = swapped ? { ...c.palette, base: c.palette.accent, accent: c.palette.base } : c.palette;
  const deep = swapped ? mix(p.base, "#000000", 0.3) : p.deep;
  const u = Math.min(w, h) / 100;
  const backdrop =
    rnd() > 0.5
      ? [c.palette.light, mix(c.palette.accent, p.paper, 0.4)]
      : [mix(c.palette.base, p.paper, 0.55), c.palette.light];
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, backdrop[0] ?? p.light, backdrop[1] ?? p.light, 90)}"/>`;
  out += `<rect y="${n(h * 0.78)}" width="${w}" height="${n(h * 0.22)}" fill="${mix(c.palette.light, c.palette.base, 0.18)}"/>`;
  const blur = d.id("blur");
  d.defs.push(`<filter id="${blur}"><feGaussianBlur stdDeviation="${n(u * 1.8)}"/></filter>`);
  // Box
  const bw = Math.min(w * (w < h ? 0.38 : 0.3), h * 0.42);
  const bh = bw * 1.25;
  const depth = bw * 0.38;
  const groupWidth = bw * 2.16 + w * 0.04;
  const bx = (w - groupWidth) / 2;
  const by = h * 0.82 - bh;
  out += `<ellipse cx="${n(bx + bw * 0.7)}" cy="${n(h * 0.83)}" rx="${n(bw * 0.85)}" ry="${n(u * 2.4)}" fill="#000" fill-opacity="0.3" filter="url(#${blur})"/>`;
  out += `<path d="M${n(bx)} ${n(by)}L${n(bx + depth)} ${n(by - depth * 0.5)}L${n(bx + depth + bw)} ${n(by - depth * 0.5)}L${n(bx + bw)} ${n(by)}Z" fill="${mix(p.base, p.paper, 0.25)}"/>`;
  out += `<path d="M${n(bx + bw)} ${n(by)}L${n(bx + bw + depth)} ${n(by - depth * 0.5)}L${n(bx + bw + depth)} ${n(by + bh - depth * 0.5)}L${n(bx + bw)} ${n(by + bh)}Z" fill="${deep}"/>`;
  out += `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" fill="${p.base}"/>`;
  out += `<rect x="${n(bx)}" y="${n(by + bh * 0.58)}" width="${n(bw)}" height="${n(bh * 0.16)}" fill="${p.accent}"/>`;
  out += `<circle cx="${n(bx + bw * 0.76)}" cy="${n(by + bh * 0.3)}" r="${n(bw * 0.14)}" fill="${p.accent}"/>`;
  const f = fitText(art.name, bw * 0.78, 2, bw * 0.2);
  out += block(f.lines, { x: bx + bw * 0.1, y: by + bh * 0.22 + f.size * 0.3, size: f.size, fill: on(p.base) });
  out += label(art.product, {
    x: bx + bw * 0.1,
    y: by + bh * 0.68,
    size: bw * 0.045,
    tracking: 0.12,
    fill: on(p.accent),
  }).svg;
  // Pouch
  const pw = bw * 0.78;
  const phh = pw * 1.35;
  const px = bx + bw + depth + w * 0.04;
  const py = h * 0.82 - phh;
  out += `<ellipse cx="${n(px + pw / 2)}" cy="${n(h * 0.83)}" rx="${n(pw * 0.6)}" ry="${n(u * 2)}" fill="#000" fill-opacity="0.3" filter="url(#${blur})"/>`;
  const pouch = `M${n(px + pw * 0.04)} ${n(py + phh * 0.06)}L${n(px + pw * 0.96)} ${n(py + phh * 0.06)}Q${n(px + pw * 1.02)} ${n(py + phh * 0.6)} ${n(px + pw)} ${n(py + phh)}L${n(px)} ${n(py + phh)}Q${n(px - pw * 0.02)} ${n(py + phh * 0.6)} ${n(px + pw * 0.04)} ${n(py + phh * 0.06)}Z`;
  out += `<path d="${pouch}" fill="${p.accent}"/>`;
  out += `<path d="${pouch}" fill="${linear(d, "#ffffff", "#000000", 0)}" fill-opacity="0.14"/>`;
  out += `<rect x="${n(px + pw * 0.04)}" y="${n(py)}" width="${n(pw * 0.92)}" height="${n(phh * 0.07)}" fill="${mix(p.accent, p.ink, 0.2)}"/>`;
  out += `<circle cx="${n(px + pw / 2)}" cy="${n(py + phh * 0.5)}" r="${n(pw * 0.3)}" fill="${p.paper}"/>`;
  const f2 = fitText(art.name, pw * 0.46, 2, pw * 0.14);
  out += block(f2.lines, {
    x: px + pw / 2,
    y: py + phh * 0.5 - (f2.lines.length - 1) * f2.size * 0.47 + f2.size * 0.36,
    size: f2.size,
    fill: p.base,
    anchor: "middle",
  });
  return out;
}

function composeSocial(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "social" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${p.light}"/>`;
  const rows = 3;
  const gap = u * 2.2;
  const s = (h - gap * (rows + 1)) / rows;
  const cols = Math.floor((w - gap) / (s + gap));
  const x0 = (w - (cols * s + (cols - 1) * gap)) / 2;
  const order = [0, 1, 2, 3, 4, 0, 2, 1].sort(() => rnd() - 0.5);
  let word = Math.floor(rnd() * art.words.length);
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      const x = x0 + i * (s + gap);
      const y = gap + j * (s + gap);
      const variant = order[(i + j * cols) % order.length] ?? 0;
      const r = u * 1.2;
      const tile = `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" rx="${n(r)}"/>`;
      out += `<g clip-path="${clip(d, tile)}">`;
      if (variant === 0 || variant === 3) {
        const bg = variant === 0 ? p.base : p.ink;
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" fill="${bg}"/>`;
        const value = art.words[word++ % art.words.length] ?? art.name;
        const f = fitText(value, s * 0.8, 3, s * 0.24);
        out += block(f.lines, {
          x: x + s * 0.1,
          y: y + s * 0.9 - (f.lines.length - 1) * f.size * 0.94,
          size: f.size,
          fill: variant === 0 ? on(p.base) : p.accent,
        });
      } else if (variant === 1) {
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" fill="${p.accent}"/>`;
        out += motif(Math.floor(rnd() * 7), x + s * 0.15, y + s * 0.15, s * 0.7, p.base, pick(rnd, [0, 90, 180, 270]));
      } else if (variant === 2) {
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" fill="${linear(d, p.deep, p.accent, 40 + rnd() * 90)}"/>`;
        out += `<circle cx="${n(x + s * (0.3 + rnd() * 0.4))}" cy="${n(y + s * 0.45)}" r="${n(s * 0.24)}" fill="${p.paper}" fill-opacity="0.9"/>`;
        out += `<rect x="${n(x)}" y="${n(y + s * 0.72)}" width="${n(s)}" height="${n(s * 0.28)}" fill="${p.ink}" fill-opacity="0.55"/>`;
      } else {
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" fill="${p.paper}"/>`;
        out += text("“", { x: x + s * 0.1, y: y + s * 0.42, size: s * 0.4, fill: p.base }).svg;
        out += copyLines(x + s * 0.1, y + s * 0.48, s * 0.8, 4, s * 0.085, mix(p.ink, p.paper, 0.55), rnd);
        out += label(art.name, {
          x: x + s * 0.1,
          y: y + s * 0.92,
          size: s * 0.06,
          fill: p.ink,
          tracking: 0.1,
        }).svg;
      }
      out += "</g>";
    }
  return out;
}

function composeBillboard(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "billboard" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, mix(p.accent, p.paper, 0.35), p.light, 90)}"/>`;
  out += `<circle cx="${n(w * 0.82)}" cy="${n(h * 0.2)}" r="${n(u * 9)}" fill="${p.paper}" fill-opacity="0.8"/>`;
  let skyline = "";
  let x = 0;
  while (x < w) {
    const bw = u * (6 + rnd() * 12);
    const bh = h * (0.12 + rnd() * 0.22);
    skyline += `<rect x="${n(x)}" y="${n(h * 0.8 - bh)}" width="${n(bw + 1)}" height="${n(bh)}"/>`;
    x += bw;
  }
  out += `<g fill="${mix(p.deep, p.light, 0.45)}">${skyline}</g>`;
  out += `<rect y="${n(h * 0.8)}" width="${w}" height="${n(h * 0.2)}" fill="${p.deep}"/>`;
  const bw = Math.min(w * 0.7, h * 1.1);
  const bh = bw * 0.45;
  const bx = (w - bw) / 2;
  const by = h * 0.14;
  out += `<rect x="${n(w / 2 - bw * 0.25 - u)}" y="${n(by + bh)}" width="${n(u * 2)}" height="${n(h * 0.8 - by - bh)}" fill="${p.ink}"/>`;
  out += `<rect x="${n(w / 2 + bw * 0.25 - u)}" y="${n(by + bh)}" width="${n(u * 2)}" height="${n(h * 0.8 - by - bh)}" fill="${p.ink}"/>`;
  out += `<rect x="${n(bx - u)}" y="${n(by - u)}" width="${n(bw + u * 2)}" height="${n(bh + u * 2)}" fill="${p.ink}" filter="${shadow(d, u, 0.25)}"/>`;
  out += `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" fill="${p.base}"/>`;
  out += `<g clip-path="${clip(d, `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}"/>`)}">`;
  out += `<circle cx="${n(bx + bw * 0.88)}" cy="${n(by + bh * 0.85)}" r="${n(bh * 0.45)}" fill="${p.accent}"/>`;
  const f = fitText(art.headline, bw * 0.68, 2, bh * 0.34);
  out += block(f.lines, { x: bx + bw * 0.05, y: by + bh * 0.2 + f.size * 0.75, size: f.size, fill: on(p.base) });
  out += label(art.name, {
    x: bx + bw * 0.05,
    y: by + bh * 0.9,
    size: bh * 0.08,
    fill: on(p.base),
    tracking: 0.14,
  }).svg;
  out += "</g>";
  return out;
}

function composeSpecimen(c: Canvas, d: Draw, _rnd: Rand, art: Extract<Art, { kind: "specimen" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  const fg = on(p.base);
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.base, p.deep, 20)}"/>`;
  const small = { size: u * 2.4, fill: fg, tracking: 0.14 };
  out += label(`${art.name} — Typography`, { ...small, x: u * 6, y: u * 9 }).svg;
  out += label("Display / Text", { ...small, x: w - u * 6, y: u * 9, anchor: "end" }).svg;
  const wide = w >= h;
  const aa = text("Aa", { x: u * 5, y: wide ? h * 0.7 : h * 0.42, size: wide ? h * 0.6 : w * 0.5, fill: fg });
  out += aa.svg;
  out += `<circle cx="${n(u * 5 + aa.width + u * 4)}" cy="${n(wide ? h * 0.66 : h * 0.39)}" r="${n(u * 3)}" fill="${p.accent}"/>`;
  const colX = wide ? Math.max(w * 0.52, u * 12 + aa.width) : u * 6;
  const colW = w - colX - u * 6;
  let y = wide ? h * 0.3 : h * 0.54;
  const alphabet = ["ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "abcdefghijklm", "nopqrstuvwxyz", "0123456789&?!"];
  const room = (wide ? h * 0.62 : h * 0.34) / (alphabet.length * 1.1 + 1.2);
  const size = Math.min(room, ...alphabet.map((line) => fitText(line, colW, 1, u * 9).size));
  for (const line of alphabet) {
    out += text(line, { x: colX, y, size, fill: fg }).svg;
    y += size * 1.1;
  }
  const body = wrap("The quick brown fox jumps over the lazy dog, then asks for a second round of amends.", colW, {
    size: u * 2.6,
    face: "text",
  });
  out += block(body, { x: colX, y: y + u * 3, size: u * 2.6, face: "text", fill: fg, leading: 1.5, opacity: 0.85 });
  return out;
}

function composeDashboard(c: Canvas, d: Draw, rnd: Rand, art: Extract<Art, { kind: "dashboard" }>): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, p.deep, mix(p.deep, p.ink, 0.5), 60)}"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, p.accent, 0.9, 0.05, 0.6, 0.3)}"/>`;
  const m = u * 6;
  const gap = u * 2.5;
  const card = (x: number, y: number, cw: number, ch: number, fill: string) =>
    `<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" rx="${n(u * 1.6)}" fill="${fill}"/>`;
  out += text(art.name, { x: m, y: m + u * 2, size: u * 4, fill: p.paper }).svg;
  out += text("Last 90 days", {
    x: w - m,
    y: m + u * 1.5,
    size: u * 2.2,
    face: "text",
    fill: p.paper,
    anchor: "end",
    opacity: 0.7,
  }).svg;
  const top = m + u * 7;
  const kw = (w - m * 2 - gap * 2) / 3;
  const kh = h * 0.2;
  art.figures.forEach((figure, i) => {
    const x = m + i * (kw + gap);
    const fill = i === 0 ? p.accent : mix(p.deep, p.paper, 0.1);
    out += card(x, top, kw, kh, fill);
    const fg = on(fill);
    out += text(figure, {
      x: x + u * 3,
      y: top + kh * 0.62,
      size: fitText(figure, kw - u * 6, 1, kh * 0.4).size,
      fill: fg,
    }).svg;
    out += `<rect x="${n(x + u * 3)}" y="${n(top + kh * 0.76)}" width="${n(kw * 0.4)}" height="${n(u * 1.1)}" rx="${n(u * 0.55)}" fill="${fg}" fill-opacity="0.5"/>`;
  });
  const y2 = top + kh + gap;
  const ch = h - y2 - m;
  const lw = (w - m * 2 - gap) * 0.62;
  out += card(m, y2, lw, ch, mix(p.deep, p.paper, 0.1));
  const points: string[] = [];
  let v = 0.3;
  for (let i = 0; i <= 12; i++) {
    v = Math.min(0.95, Math.max(0.1, v + (rnd() - 0.35) * 0.14));
    points.push(`${n(m + u * 3 + (i / 12) * (lw - u * 6))} ${n(y2 + ch - u * 4 - v * (ch - u * 10))}`);
  }
  const area = `M${points[0]}L${points.slice(1).join("L")}L${n(m + lw - u * 3)} ${n(y2 + ch - u * 4)}L${n(m + u * 3)} ${n(y2 + ch - u * 4)}Z`;
  out += `<path d="${area}" fill="${linear(d, p.accent, mix(p.deep, p.paper, 0.1), 90)}" fill-opacity="0.55"/>`;
  out += `<path d="M${points.join("L")}" fill="none" stroke="${p.accent}" stroke-width="${n(u * 0.7)}" stroke-linejoin="round"/>`;
  const bx = m + lw + gap;
  const bw = w - m - bx;
  out += card(bx, y2, bw, ch, p.paper);
  const bars = 6;
  const barW = (bw - u * 6) / (bars * 1.6);
  for (let i = 0; i < bars; i++) {
    const bh = (ch - u * 12) * (0.3 + rnd() * 0.7);
    out += `<rect x="${n(bx + u * 3 + i * barW * 1.6)}" y="${n(y2 + ch - u * 4 - bh)}" width="${n(barW)}" height="${n(bh)}" rx="${n(barW * 0.2)}" fill="${i % 2 ? p.base : p.accent}"/>`;
  }
  out += `<rect x="${n(bx + u * 3)}" y="${n(y2 + u * 3)}" width="${n(bw * 0.4)}" height="${n(u * 1.2)}" rx="${n(u * 0.6)}" fill="${p.ink}" fill-opacity="0.6"/>`;
  return out;
}

function composeStillLife(c: Canvas, d: Draw, rnd: Rand): string {
  const { width: w, height: h, palette: p } = c;
  const u = Math.min(w, h) / 100;
  const floor = h * 0.7;
  let out = `<rect width="${w}" height="${h}" fill="${linear(d, mix(p.light, p.paper, 0.3), p.light, 90)}"/>`;
  out += `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="${linear(d, mix(p.light, p.base, 0.22), mix(p.light, p.base, 0.08), 90)}"/>`;
  out += `<rect width="${w}" height="${h}" fill="${glow(d, "#ffffff", 0.3, 0.25, 0.6, 0.6)}"/>`;
  const blur = d.id("blur");
  d.defs.push(
    `<filter id="${blur}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(u * 2.2)}"/></filter>`,
  );
  const shade = (colour: string) => {
    const id = d.id("shade");
    d.defs.push(
      `<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="${mix(colour, "#ffffff", 0.25)}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, "#000000", 0.35)}"/></linearGradient>`,
    );
    return `url(#${id})`;
  };
  const ball = (colour: string) => {
    const id = d.id("ball");
    d.defs.push(
      `<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${mix(colour, "#ffffff", 0.45)}"/><stop offset="0.5" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, "#000000", 0.45)}"/></radialGradient>`,
    );
    return `url(#${id})`;
  };
  // Objects scale with the shorter side, so portrait frames get the same still life, not a shrunken one.
  const k = Math.min(w * 1.25, h * 1.33) / 100;
  const ground = (x: number, y: number, rx: number) =>
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(k * 2.6)}" fill="#000" fill-opacity="0.3" filter="url(#${blur})"/>`;
  const objects = [
    (x: number, y: number, colour: string) => {
      const cw = k * 16;
      const ch = k * 32;
      return (
        ground(x + cw * 0.2, y, cw * 0.8) +
        `<rect x="${n(x - cw / 2)}" y="${n(y - ch)}" width="${n(cw)}" height="${n(ch)}" fill="${shade(colour)}"/>` +
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(cw / 2)}" ry="${n(cw * 0.14)}" fill="${shade(colour)}"/>` +
        `<ellipse cx="${n(x)}" cy="${n(y - ch)}" rx="${n(cw / 2)}" ry="${n(cw * 0.14)}" fill="${mix(colour, "#ffffff", 0.3)}"/>`
      );
    },
    (x: number, y: number, colour: string) => {
      const q = k * 14;
      return (
        ground(x + q * 0.2, y - q * 0.1, q * 0.9) +
        `<path d="M${n(x - q * 0.55)} ${n(y - q * 0.25)}L${n(x)} ${n(y)}L${n(x)} ${n(y - q)}L${n(x - q * 0.55)} ${n(y - q * 1.25)}Z" fill="${mix(colour, "#ffffff", 0.15)}"/>` +
        `<path d="M${n(x)} ${n(y)}L${n(x + q * 0.6)} ${n(y - q * 0.3)}L${n(x + q * 0.6)} ${n(y - q * 1.3)}L${n(x)} ${n(y - q)}Z" fill="${mix(colour, "#000000", 0.25)}"/>` +
        `<path d="M${n(x - q * 0.55)} ${n(y - q * 1.25)}L${n(x)} ${n(y - q)}L${n(x + q * 0.6)} ${n(y - q * 1.3)}L${n(x + q * 0.05)} ${n(y - q * 1.55)}Z" fill="${mix(colour, "#ffffff", 0.4)}"/>`
      );
    },
    (x: number, y: number, colour: string) => {
      const r = k * 9;
      return (
        ground(x + r * 0.3, y, r * 1.1) + `<circle cx="${n(x)}" cy="${n(y - r)}" r="${n(r)}" fill="${ball(colour)}"/>`
      );
    },
    (x: number, y: number, colour: string) => {
      // A sphere on a low plinth
      const pw = k * 20;
      const ph = k * 8;
      const r = k * 7;
      return (
        ground(x + pw * 0.1, y, pw * 0.6) +
        `<rect x="${n(x - pw / 2)}" y="${n(y - ph)}" width="${n(pw)}" height="${n(ph)}" fill="${shade(mix(colour, p.paper, 0.55))}"/>` +
        `<ellipse cx="${n(x)}" cy="${n(y - ph)}" rx="${n(pw / 2)}" ry="${n(pw * 0.12)}" fill="${mix(colour, p.paper, 0.75)}"/>` +
        `<circle cx="${n(x)}" cy="${n(y - ph - r * 0.9)}" r="${n(r)}" fill="${ball(colour)}"/>`
      );
    },
  ].sort(() => rnd() - 0.5);
  const colours = [p.base, p.accent, p.deep].sort(() => rnd() - 0.5);
  if (rnd() > 0.5) {
    // An arch in the backdrop
    const aw = k * 34;
    const ax = w * (0.3 + rnd() * 0.4) - aw / 2;
    out += `<path d="M${n(ax)} ${n(floor)}V${n(floor - k * 30)}A${n(aw / 2)} ${n(aw / 2)} 0 0 1 ${n(ax + aw)} ${n(floor - k * 30)}V${n(floor)}Z" fill="${mix(p.light, p.base, 0.14)}"/>`;
  } else {
    out += `<circle cx="${n(w * (0.25 + rnd() * 0.5))}" cy="${n(floor - k * 26)}" r="${n(k * 18)}" fill="${mix(p.accent, p.paper, 0.45)}"/>`;
  }
  const slots = [0.3, 0.5, 0.7].map((f) => w / 2 + (f - 0.5) * k * 120);
  slots.forEach((x, i) => {
    out += objects[i]?.(x, floor + k * (4 + i * 3), colours[i] ?? p.base) ?? "";
  });
  out += `<circle cx="${n((slots[0] ?? 0) - k * 14)}" cy="${n(floor + k * 14)}" r="${n(k * 2.6)}" fill="${ball(p.ink)}"/>`;
  return out;
}

/** The full SVG document for a piece of art at the canvas size. */
export function compose(art: Art, canvas: Canvas): string {
  let count = 0;
  const d: Draw = { defs: [], id: (name) => `${name}${count++}` };
  const rnd = random(canvas.seed);
  let body: string;
  switch (art.kind) {
    case "field":
      body = composeField(canvas, d, rnd);
      break;
    case "cover":
      body = composeCover(canvas, d, rnd, art);
      break;
    case "pattern":
      body = composePattern(canvas, d, rnd, art);
      break;
    case "browser":
      body = composeBrowser(canvas, d, rnd, art);
      break;
    case "phones":
      body = composePhones(canvas, d, rnd, art);
      break;
    case "stationery":
      body = composeStationery(canvas, d, rnd, art);
      break;
    case "swatches":
      body = composeSwatches(canvas, d, rnd, art);
      break;
    case "posters":
      body = composePosters(canvas, d, rnd, art);
      break;
    case "packaging":
      body = composePackaging(canvas, d, rnd, art);
      break;
    case "social":
      body = composeSocial(canvas, d, rnd, art);
      break;
    case "billboard":
      body = composeBillboard(canvas, d, rnd, art);
      break;
    case "specimen":
      body = composeSpecimen(canvas, d, rnd, art);
      break;
    case "dashboard":
      body = composeDashboard(canvas, d, rnd, art);
      break;
    case "stillLife":
      body = composeStillLife(canvas, d, rnd);
      break;
  }
  const { width, height } = canvas;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${d.defs.join("")}</defs>${body}</svg>`;
}

/** What a piece of art shows, in words, for its alt text when the content does not say better. */
export function describe(art: Art, subject: string): string {
  switch (art.kind) {
    case "field":
      return "An abstract backdrop: a deep gradient with a large soft circle and a quarter disc in the corner.";
    case "cover":
      return `Typographic cover: “${art.title}” set large over a gradient with bold geometric shapes.`;
    case "pattern":
      return `${subject} brand pattern: a grid of circles, arcs and triangles${art.mark ? " around the wordmark" : ""}.`;
    case "browser":
      return `The ${art.name} website on a desktop browser: hero headline “${art.headline}”, a call to action and three feature cards.`;
    case "phones":
      return `Three phones showing the ${art.name} site on mobile.`;
    case "stationery":
      return `${art.name} stationery: letterhead, envelope and two business cards.`;
    case "swatches":
      return `The ${art.name} colour palette as five swatches with their hex values.`;
    case "posters":
      return `Two ${art.name} posters on a wall; one reads “${art.headline}”.`;
    case "packaging":
      return `${art.name} packaging: a box and a pouch for ${art.product.toLowerCase()}.`;
    case "social":
      return `A grid of ${art.name} social posts mixing bold type, shapes and quotes.`;
    case "billboard":
      return `A ${art.name} billboard above a city skyline reading “${art.headline}”.`;
    case "specimen":
      return `The ${art.name} type specimen: a large “Aa”, the alphabet and figures.`;
    case "dashboard":
      return `A ${art.name} results dashboard with three headline figures, a line chart and a bar chart.`;
    case "stillLife":
      return `A studio still life for ${subject}: a cylinder, a cube and two spheres on a soft backdrop.`;
  }
}
