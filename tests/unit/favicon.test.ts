import { readFileSync } from "node:fs";
import sharp, { type Sharp } from "sharp";
import { describe, expect, test } from "vitest";
import { siteIcons } from "../../src/shared/site.ts";

const publicDir = new URL("../../public/", import.meta.url);

/** The image's pixels, RGBA, at its own size. */
async function pixels(image: Sharp) {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("the browser's icons", () => {
  for (const icon of siteIcons) {
    test(`${icon.href} is public/favicon.svg drawn at ${icon.sizes}`, async () => {
      const [width, height] = icon.sizes.split("x").map(Number);
      const png = await pixels(sharp(readFileSync(new URL(`.${icon.href}`, publicDir))));
      expect([png.width, png.height]).toEqual([width, height]);
      const drawn = await pixels(
        sharp(readFileSync(new URL("favicon.svg", publicDir)), { density: 600 }).resize(width, height),
      );
      // The same picture: no channel of any pixel more than a rounding step apart. A changed SVG (another colour,
      // another letter) moves whole areas by far more.
      const worst = drawn.data.reduce((most, value, i) => Math.max(most, Math.abs(value - (png.data[i] ?? -255))), 0);
      expect(worst).toBeLessThanOrEqual(8);
    });
  }
});
