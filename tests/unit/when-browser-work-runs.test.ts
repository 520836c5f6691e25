import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot, sourceFiles } from "../support/source-imports.ts";

/**
 * When the browser's code runs is decided in few places, each named where a reader looks for it: the files of src/
 * that ask the browser for an idle moment, a frame or what is on screen are at most five, and docs/architecture.md's
 * "How a page starts and moves" names every one. The rest call components/when.ts.
 */
const browserMoments = /requestIdleCallback|requestAnimationFrame|IntersectionObserver/;
const mostFiles = 5;

const read = (file: string) => readFileSync(path.join(repositoryRoot, file), "utf8");

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no section "${heading}"`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

describe("when browser work runs", () => {
  const asking = sourceFiles("src").filter((file) => browserMoments.test(read(file)));
  const startsAndMoves = section(read("docs/architecture.md"), "How a page starts and moves");

  it("is asked of the browser in at most five files of src/", () => {
    expect(asking.length).toBeGreaterThan(0);
    expect(asking.length, asking.join(", ")).toBeLessThanOrEqual(mostFiles);
  });

  it("names each of those files in 'How a page starts and moves'", () => {
    const unnamed = asking.filter((file) => !startsAndMoves.includes(path.relative("src", file)));
    expect(unnamed).toEqual([]);
  });
});
