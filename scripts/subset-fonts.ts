/**
 * Writes the two web fonts the site serves (src/styles/fonts/), cut from the @fontsource-variable packages'
 * Latin files down to the weights the CSS uses: the same characters (fonts.css keeps the packages'
 * unicode-range), a shorter weight axis. Run by hand after a font package upgrade or a change of weights here;
 * the outputs are committed.
 *
 *   npm run fonts:subset   write the files (tests/unit/web-fonts.test.ts fails while a committed one differs)
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");

/** Each served font: where it comes from, the weights the site uses (font-weight in fonts.css), where it goes. */
export const webFonts = [
  {
    source: "node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2",
    weights: { min: 400, max: 800 },
    output: "src/styles/fonts/bricolage-grotesque-latin-wght-400-800.woff2",
  },
  {
    source: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    weights: { min: 400, max: 900 },
    output: "src/styles/fonts/inter-latin-wght-400-900.woff2",
  },
] as const;

/**
 * The packages' Latin subset, as their CSS declares it (and fonts.css repeats): every character the source file
 * has in these ranges is kept.
 */
export const latinRanges =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

function charactersOf(ranges: string): string {
  let text = "";
  for (const range of ranges.split(",")) {
    const [first, last = first] = range.trim().replace(/^U\+/, "").split("-");
    for (let code = Number.parseInt(first ?? "", 16); code <= Number.parseInt(last ?? "", 16); code++) {
      text += String.fromCodePoint(code);
    }
  }
  return text;
}

/** The served file for one font: its characters, its weight axis limited to what the site uses. */
export async function subset(font: (typeof webFonts)[number], source?: Buffer): Promise<Buffer> {
  return subsetFont(source ?? (await readFile(path.join(root, font.source))), charactersOf(latinRanges), {
    targetFormat: "woff2",
    variationAxes: { wght: font.weights },
  });
}

async function main() {
  for (const font of webFonts) {
    const source = await readFile(path.join(root, font.source));
    const bytes = await subset(font, source);
    await writeFile(path.join(root, font.output), bytes);
    console.log(`${font.output}: ${bytes.length} bytes (from ${source.length})`);
  }
}

if (import.meta.main) await main();
