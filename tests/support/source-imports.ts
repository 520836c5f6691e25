import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The project's own source read as text: which files a folder holds and what each imports of the others.

export const repositoryRoot = path.resolve(import.meta.dirname, "../..");

/** The .ts and .tsx files under a folder, as paths from the repository's root. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repositoryRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(repositoryRoot, path.join(entry.parentPath, entry.name)));
}

/**
 * A file's relative imports as paths from the repository's root: `import … from`, `import type`, `export … from`,
 * `import "…"` and `import("…")`, a query (`?url`) left off.
 */
export function relativeImports(file: string): string[] {
  const text = readFileSync(path.join(repositoryRoot, file), "utf8");
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"'?]+)/g)].map((match) =>
    path.normalize(path.join(path.dirname(file), match[1] as string)),
  );
}
