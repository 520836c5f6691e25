import { execFileSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { clientFiles, clientListSource, storeFiles } from "../../scripts/content/outputs.ts";
import { buildSite } from "../../scripts/content/site.ts";

const root = join(import.meta.dirname, "..", "..");
const contentDir = join(root, "content");

async function filesUnder(dir: string): Promise<string[]> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  return found.filter((file) => file.isFile()).map((file) => relative(dir, join(file.parentPath, file.name)));
}

/** The committed sample content is what its sources in scripts/content/ make, nothing more and nothing less. */
describe("the committed sample content", () => {
  it("is the store the sources make: every entry, every draft and the asset list, no file missing or left over", async () => {
    const { files, problems } = await storeFiles(buildSite(), join(contentDir, "images"));
    expect(problems).toEqual([]);
    const committed = [
      "assets.json",
      ...(await filesUnder(join(contentDir, "entries"))).map((path) => `entries/${path}`),
      ...(await filesUnder(join(contentDir, "drafts"))).map((path) => `drafts/${path}`),
    ].sort();
    expect(committed).toEqual([...files.keys()].sort());
    for (const [path, text] of files) expect(await readFile(join(contentDir, path), "utf8"), path).toBe(text);
  });

  it("has the client wordmarks and the client list the sources make", async () => {
    const { sheet, list } = clientFiles();
    expect(await readFile(join(root, "src", "content", "logos.svg"), "utf8")).toBe(sheet);

    const listFile = join(root, "src", "content", "clients.ts");
    const formatted = execFileSync(
      join(root, "node_modules", ".bin", "biome"),
      ["format", `--stdin-file-path=${listFile}`],
      { input: clientListSource(list), encoding: "utf8" },
    );
    expect(await readFile(listFile, "utf8")).toBe(formatted);
  });
});
