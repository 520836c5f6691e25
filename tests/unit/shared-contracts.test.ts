import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { relativeImports, repositoryRoot, sourceFiles } from "../support/source-imports.ts";

/**
 * What src/ shares with the server (the cache key's query rules, the CSP's consent rule, the enquiry schema, the
 * content model…) sits in src/shared/, and each of its files says so on its first line, so a change made for the UI
 * cannot change the server unnoticed: every file server/ imports from src/, directly or through another src/ file,
 * lies in src/shared/ and carries the mark; src/shared/ holds nothing else, and no other file carries the mark.
 */

const sharedFolder = "src/shared/";
const sharedMark = "// Shared with the server";

/** Every src/ file the server reaches through its imports. */
function reachedFromServer(): Set<string> {
  const reached = new Set<string>();
  const queue = sourceFiles("server").flatMap(relativeImports);
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (!file.startsWith("src/") || reached.has(file) || !existsSync(path.join(repositoryRoot, file))) continue;
    reached.add(file);
    queue.push(...relativeImports(file));
  }
  return reached;
}

describe("src/ files the server runs", () => {
  const shared = reachedFromServer();
  const marked = sourceFiles("src").filter((file) =>
    readFileSync(path.join(repositoryRoot, file), "utf8").startsWith(sharedMark),
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

  it(`lie in ${sharedFolder}`, () => {
    const outside = [...shared].filter((file) => !file.startsWith(sharedFolder));
    expect(outside, `move each into ${sharedFolder}, or stop the server importing it`).toEqual([]);
  });

  it("each say so on their first line", () => {
    const unmarked = [...shared].filter((file) => !marked.includes(file));
    expect(unmarked, `add "${sharedMark} …" as the first line of each`).toEqual([]);
  });

  it(`and no file the server does not run says so or sits in ${sharedFolder}`, () => {
    const inShared = sourceFiles(sharedFolder);
    expect(inShared.length).toBeGreaterThan(20);
    expect([...new Set([...marked, ...inShared])].filter((file) => !shared.has(file))).toEqual([]);
  });
});
