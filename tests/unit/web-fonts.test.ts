import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { latinRanges, subset, webFonts } from "../../scripts/subset-fonts.ts";

/** The served web fonts: what fonts.css declares is what the committed files hold. */

const root = path.resolve(import.meta.dirname, "../..");
const fontsCss = readFileSync(path.join(root, "src/styles/fonts.css"), "utf8");
const faces = [...fontsCss.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1] ?? "");
const property = (face: string, name: string) =>
  new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.replace(/\s+/g, " ").trim();

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(file);
    return entry.name.endsWith(".css") ? [file] : [];
  });
}

describe("the web fonts", () => {
  for (const font of webFonts) {
    const file = path.basename(font.output);
    describe(file, () => {
      const face = faces.find((candidate) => candidate.includes(file)) ?? "";

      it("is declared in fonts.css with the weights and characters it was cut to", () => {
        expect(face).not.toBe("");
        expect(property(face, "font-weight")).toBe(`${font.weights.min} ${font.weights.max}`);
        expect(property(face, "unicode-range")).toBe(latinRanges);
        expect(property(face, "font-display")).toBe("optional");
      });

      it("is, byte for byte, what scripts/subset-fonts.ts cuts from the font package", async () => {
        const committed = readFileSync(path.join(root, font.output));
        const source = readFileSync(path.join(root, font.source));
        const cut = await subset(font, source);
        expect(committed.equals(cut)).toBe(true);
        expect(committed.length).toBeLessThan(source.length);
      });
    });
  }

  it("have every weight the stylesheets ask for", () => {
    const lowest = Math.max(...webFonts.map((font) => font.weights.min));
    const highest = Math.min(...webFonts.map((font) => font.weights.max));
    const asked = cssFiles(path.join(root, "src"))
      .filter((file) => !file.endsWith("fonts.css"))
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/font-weight:\s*(\d+)/g)].map((m) => Number(m[1])));
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter((weight) => weight < lowest || weight > highest)).toEqual([]);
  });
});
