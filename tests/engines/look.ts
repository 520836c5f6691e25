import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Engine } from "./browsers.ts";

/** A heading, a section or a picture of the page, by what it is (so that a shuffled order still pairs them up). */
interface Part {
  key: string;
  kind: "heading" | "section" | "picture";
  /** In the document's coordinates, CSS pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** A picture as drawn, shrunk to a small grey grid (row by row, 0-255), where it was seen whole. */
  drawn?: number[];
}

/** A page as one engine drew it: its parts, and whether the engine said its pointer can hover. */
export interface Look {
  /** `(hover: hover)`: the site shows a project tile's caption on hover then, and under the picture otherwise. */
  hover: boolean;
  parts: Part[];
}

/** The width of the grid a picture is shrunk to: enough to tell a wordmark from specks, too coarse for anti-aliasing. */
const gridWidth = 16;

/** Everything the look compares, and where each part is in the viewport now. */
function partsInView() {
  const parts: { key: string; kind: string; rect: DOMRect; whole: boolean }[] = [];
  const counts = new Map<string, number>();
  const keyed = (key: string) => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n === 1 ? key : `${key} #${n}`;
  };
  const header = document.querySelector("body > header, header");
  const headerStyle = header ? getComputedStyle(header) : undefined;
  const top =
    header && headerStyle && /fixed|sticky/.test(headerStyle.position) ? header.getBoundingClientRect().bottom : 0;
  const text = (element: Element) => (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 48);
  for (const element of document.querySelectorAll("main h1, main h2, main h3")) {
    if (!element.checkVisibility()) continue;
    parts.push({
      key: keyed(`${element.tagName} ${text(element)}`),
      kind: "heading",
      rect: element.getBoundingClientRect(),
      whole: false,
    });
  }
  for (const [index, element] of [...document.querySelectorAll("main > section, main > * > section")].entries())
    parts.push({
      key: keyed(`section ${index}`),
      kind: "section",
      rect: element.getBoundingClientRect(),
      whole: false,
    });
  for (const element of document.querySelectorAll("main img, main svg[role='img']")) {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const name = element.getAttribute("alt") || element.getAttribute("aria-label") || element.getAttribute("src") || "";
    const rect = element.getBoundingClientRect();
    // Seen whole: inside the viewport, under no fixed header, and not clipped by a scroller (a carousel's slide).
    const middle = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const whole =
      rect.width >= 8 &&
      rect.height >= 8 &&
      rect.top >= top &&
      rect.left >= 0 &&
      rect.bottom <= innerHeight &&
      rect.right <= document.documentElement.clientWidth &&
      !!middle &&
      (element === middle ||
        element.contains(middle) ||
        middle.contains(element) ||
        !!middle.closest("a")?.contains(element));
    parts.push({ key: keyed(`picture ${name}`), kind: "picture", rect, whole });
  }
  return {
    scrollY,
    height: document.documentElement.scrollHeight,
    viewport: innerHeight,
    parts: parts.map(({ key, kind, rect, whole }) => ({
      key,
      kind,
      whole,
      rect: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
    })),
  };
}

/**
 * The site's web fonts as a returning visitor sees them. `font-display: optional` lets an engine that took too long
 * for them (under load, or with them not yet cached) keep the fallback for the page's lifetime, which moves every
 * line: each face is added again, loaded, without that deadline, so every engine draws the same fonts.
 */
async function withWebFonts() {
  const rules: CSSFontFaceRule[] = [];
  for (const sheet of document.styleSheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of list) if (rule instanceof CSSFontFaceRule) rules.push(rule);
  }
  const faces = rules.flatMap((rule) => {
    const style = rule.style;
    const src = style.getPropertyValue("src");
    // The fallbacks are local() faces of system fonts, with nothing to wait for.
    if (!src.includes("url(")) return [];
    return new FontFace(style.getPropertyValue("font-family").replaceAll('"', ""), src, {
      weight: style.getPropertyValue("font-weight") || "normal",
      style: style.getPropertyValue("font-style") || "normal",
      unicodeRange: style.getPropertyValue("unicode-range") || "U+0-10FFFF",
      display: "block",
    });
  });
  for (const face of await Promise.all(faces.map((face) => face.load()))) document.fonts.add(face);
}

/**
 * Waits until what is on screen has settled: fonts, the pictures in view decoded, sections streamed in, and every
 * time-driven animation at its end (finished at once, not waited out). Animations driven by the scroll (a carousel's
 * edge, a reveal) stand where the scroll puts them, as they do for the visitor.
 */
async function settled() {
  // Each wait is bounded: a picture that never decodes is for the comparison to find, not a reason to hang.
  const atMost = (promise: Promise<unknown>, ms: number) =>
    Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
  await atMost(document.fonts.ready, 2_000);
  const frame = () =>
    atMost(new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))), 200);
  await frame();
  // In view both ways: a lazy picture in a carousel's hidden slide is not loaded until it slides in.
  const pictures = [...document.images].filter((image) => {
    const rect = image.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
  });
  await atMost(Promise.all(pictures.map((image) => image.decode().catch(() => {}))), 5_000);
  for (let i = 0; i < 40; i++) {
    for (const animation of document.getAnimations())
      if (
        animation.timeline === document.timeline &&
        animation.playState === "running" &&
        animation.effect?.getComputedTiming().iterations !== Infinity
      )
        animation.finish();
    if (!document.querySelector("main [aria-busy='true']")) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await frame();
}

/**
 * The page as the engine draws it at this width: scrolled from top to bottom a screen at a time, each screen saved
 * (under `saveDir`) and each picture shrunk from the first screen that shows it whole.
 */
export async function lookOf(
  engine: Engine,
  page: string,
  width: number,
  height: number,
  saveDir: string,
): Promise<Look> {
  await engine.resize(width, height);
  await engine.goto(page);
  // An earlier test's click or wheel may have left the pointer over a logo, which is then drawn hovered.
  await engine.pointerAway();
  await engine.run(withWebFonts);
  const parts = new Map<string, Part>();
  await mkdir(saveDir, { recursive: true });
  for (let step = 0, y = 0; step < 40; step++) {
    await engine.run((top: number) => window.scrollTo({ top, behavior: "instant" }), y);
    await engine.run(settled);
    // Headless Chromium keeps room for its hidden scrollbar where the page asks for a stable gutter (the side-scroll
    // story does), which no overlay scrollbar takes: the gutter is left to the engine in all of them.
    await engine.run(() => document.documentElement.style.removeProperty("scrollbar-gutter"));
    const view = await engine.run(partsInView);
    const shot = await engine.screenshot();
    const name = `${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}-${width}-${String(step).padStart(2, "0")}.png`;
    await writeFile(path.join(saveDir, name), shot);
    const { width: shotWidth = width } = await sharp(shot).metadata();
    const scale = shotWidth / width;
    for (const seen of view.parts) {
      const box = { ...seen.rect, y: seen.rect.y + view.scrollY };
      const known = parts.get(seen.key);
      if (!known) parts.set(seen.key, { key: seen.key, kind: seen.kind as Part["kind"], box });
      const part = parts.get(seen.key) as Part;
      if (seen.kind === "picture" && seen.whole && !part.drawn) part.drawn = await shrink(shot, seen.rect, scale);
    }
    if (view.scrollY + view.viewport >= view.height - 1) break;
    y = view.scrollY + Math.round(view.viewport * 0.8);
  }
  // Where everything ends up, once every section has been near the screen (and hydrated): a box first seen before
  // its section hydrated is measured again.
  await engine.run(() => document.documentElement.style.removeProperty("scrollbar-gutter"));
  const last = await engine.run(partsInView);
  for (const seen of last.parts) {
    const part = parts.get(seen.key);
    if (part) part.box = { ...seen.rect, y: seen.rect.y + last.scrollY };
  }
  const hover = await engine.run(() => matchMedia("(hover: hover)").matches);
  return { hover, parts: [...parts.values()] };
}

/** A picture's pixels, grey, shrunk to `gridWidth` columns and as many rows as keep its proportions (at least 4). */
async function shrink(shot: Buffer, rect: Part["box"], scale: number): Promise<number[]> {
  const left = Math.max(0, Math.round(rect.x * scale));
  const top = Math.max(0, Math.round(rect.y * scale));
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  const rows = Math.max(4, Math.round((gridWidth * height) / width));
  const grid = await sharp(shot)
    .extract({ left, top, width, height })
    .greyscale()
    .resize(gridWidth, rows, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
  return [...grid];
}

/** How far apart two shrunk pictures are: the mean difference of their cells, 0 (the same) to 255. */
function distance(a: number[], b: number[]): number {
  if (a.length !== b.length) return 255;
  return a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;
}

/**
 * How far a box may be from Chromium's: engines round text and borders differently by a few pixels, which add up
 * down a long section.
 */
const tolerance = (size: number) => Math.max(8, size * 0.01);
/** A picture drawn differently differs by far more than anti-aliasing does (a mean of a few levels). */
const drawnTolerance = 24;

/**
 * What differs from Chromium's drawing of the page: a heading or section missing, or placed or sized otherwise
 * (across: x and width; down: height, as text wraps alike or not at all), a picture of another size, or drawn
 * otherwise. Heights are compared only between engines whose pointers agree on hovering: the site lays some parts
 * out for either (a project tile's caption on the picture, or under it).
 */
export function differences(reference: Look, engine: Look): string[] {
  const found: string[] = [];
  const sameDevice = reference.hover === engine.hover;
  const mine = new Map(engine.parts.map((part) => [part.key, part]));
  for (const expected of reference.parts) {
    const part = mine.get(expected.key);
    if (!part) {
      if (expected.kind !== "picture" && sameDevice) found.push(`${expected.key}: missing`);
      continue;
    }
    const a = expected.box;
    const b = part.box;
    const off = (name: string, x: number, y: number) =>
      Math.abs(x - y) > tolerance(Math.max(x, y)) ? [`${name} ${Math.round(y)} (Chromium ${Math.round(x)})`] : [];
    const offsets = [
      ...(expected.kind === "picture" ? [] : off("x", a.x, b.x)),
      ...off("width", a.width, b.width),
      ...(sameDevice ? off("height", a.height, b.height) : []),
    ];
    if (offsets.length > 0) found.push(`${expected.key}: ${offsets.join(", ")}`);
    if (expected.drawn && part.drawn) {
      const apart = distance(expected.drawn, part.drawn);
      if (apart > drawnTolerance) found.push(`${expected.key}: drawn otherwise (${Math.round(apart)} levels apart)`);
    }
  }
  return found;
}
