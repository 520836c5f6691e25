import { describe, expect, it } from "vitest";
import type { ProjectFields } from "../../src/content/model.ts";
import { contrastRatio, minimumContrast, parseHex, projectColours } from "../../src/lib/colour.ts";
import { projectChrome } from "../../src/lib/project-chrome.ts";

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

describe("project header chrome (docs/decisions/0074)", () => {
  const project = (fields: Partial<ProjectFields>) => ({ BackgroundColour: "#0b1f4d", ...fields }) as ProjectFields;

  it("takes the project's colour, the white logo on dark colours, and absolute from absoluteHeader", () => {
    expect(projectChrome(project({ absoluteHeader: "yes" }))).toEqual({
      headerColour: "#0b1f4d",
      logoWhite: true,
      absolute: true,
      split: false,
      size: "regular",
    });
    expect(projectChrome(project({ BackgroundColour: "#ffd84d", absoluteHeader: "no" }))).toMatchObject({
      logoWhite: false,
      absolute: false,
    });
  });

  it("splits over the full layout's two-part hero and is small on the small layout", () => {
    const heroBackground = {
      sys: { id: "h" },
      fields: { file: { url: "/x.webp", fileName: "x", contentType: "image/webp" } },
    };
    expect(projectChrome(project({ heroBackground }))).toMatchObject({ split: true, size: "regular" });
    expect(projectChrome(project({ heroBackground, smallProject: "yes" }))).toMatchObject({
      split: false,
      size: "small",
    });
  });

  it("says nothing without a project (the 404 page dresses itself)", () => {
    expect(projectChrome(undefined)).toBeUndefined();
  });
});
