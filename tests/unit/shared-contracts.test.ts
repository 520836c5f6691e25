import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The files of src/ that the server runs too (the cache key's query rules, the CSP's consent rule, the enquiry
 * schema, the content model…) say so on their first line, so a change made for the UI cannot change the server
 * unnoticed: every file server/ imports, directly or through another src/ file, carries the mark, and no other does.
 */

const root = path.resolve(import.meta.dirname, "../..");
const sharedMark = "// Shared with the server";

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The relative imports of a file (static and dynamic), as paths from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((match) =>
    path.normalize(path.join(path.dirname(file), match[1] as string)),
  );
}

/** Every src/ file the server reaches through its imports. */
function reachedFromServer(): Set<string> {
  const reached = new Set<string>();
  const queue = sourceFiles("server").flatMap(importsOf);
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (!file.startsWith("src/") || reached.has(file) || !existsSync(path.join(root, file))) continue;
    reached.add(file);
    queue.push(...importsOf(file));
  }
  return reached;
}

describe("src/ files the server runs", () => {
  const shared = reachedFromServer();
  const marked = sourceFiles("src").filter((file) =>
    readFileSync(path.join(root, file), "utf8").startsWith(sharedMark),
  );

  it("are found (the server reads the content model, the enquiry rules, the page queries…)", () => {
    for (const file of [
      "src/shared/page-queries.ts",
      "src/shared/consent.ts",
      "src/shared/enquiry.ts",
      "src/shared/content/types.ts",
    ]) {
      expect(shared.has(file), file).toBe(true);
    }
  });

  it("each say so on their first line", () => {
    const unmarked = [...shared].filter((file) => !marked.includes(file));
    expect(unmarked, `add "${sharedMark} …" as the first line of each`).toEqual([]);
  });

  it("and no file the server does not run says so", () => {
    expect(marked.filter((file) => !shared.has(file))).toEqual([]);
  });
});
