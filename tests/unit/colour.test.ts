import { describe, expect, it } from "vitest";
import { contrastRatio, minimumContrast, parseHex, projectColours } from "../../src/lib/colour.ts";

describe("project colours", () => {
  it("reads hex colours in their usual spellings", () => {
    expect(parseHex("#1A2b3c")).toEqual([0x1a, 0x2b, 0x3c]);
    expect(parseHex("fff")).toEqual([255, 255, 255]);
    expect(parseHex("rebeccapurple")).toBeUndefined();
    expect(parseHex(undefined)).toBeUndefined();
  });

  it("puts paper text and the white logo on dark colours, ink on light ones", () => {
    expect(projectColours("#0b1f4d")).toEqual({ background: "#0b1f4d", text: "#f6f1e8", dark: true });
    expect(projectColours("#ffd84d")).toEqual({ background: "#ffd84d", text: "#141414", dark: false });
  });

  it("falls back to the night colour when the colour cannot be read", () => {
    expect(projectColours("not a colour")).toMatchObject({ background: "#141414", dark: true });
  });

  it("keeps text at WCAG AA contrast on any background colour", () => {
    for (let r = 0; r <= 255; r += 15) {
      for (let g = 0; g <= 255; g += 15) {
        for (let b = 0; b <= 255; b += 15) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          const { background, text } = projectColours(hex);
          const ratio = contrastRatio(parseHex(background) ?? [0, 0, 0], parseHex(text) ?? [0, 0, 0]);
          expect(ratio, `${text} on ${hex}`).toBeGreaterThanOrEqual(minimumContrast);
        }
      }
    }
  });
});
