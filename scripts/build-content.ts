/**
 * Writes the embedded content store from the sample site's sources (scripts/content/): one JSON file per entry
 * under content/entries/<contentType>/ and content/assets.json, whose sizes are read from the image files
 * themselves. Run scripts/generate-content-images.ts first when images change. Run by hand; outputs committed.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { storeFiles } from "./content/outputs.ts";
import { buildSite } from "./content/site.ts";

const contentDir = join(import.meta.dirname, "..", "content");

const site = buildSite();
const { files, problems, imageBytes } = await storeFiles(site, join(contentDir, "images"));
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}

await rm(join(contentDir, "entries"), { recursive: true, force: true });
await rm(join(contentDir, "drafts"), { recursive: true, force: true });
for (const [path, text] of files) {
  await mkdir(dirname(join(contentDir, path)), { recursive: true });
  await writeFile(join(contentDir, path), text);
}
console.log(
  `Wrote ${site.entries.length} entries, ${site.drafts.length} drafts and ${site.images.size} assets (${(imageBytes / 1e6).toFixed(1)} MB of images)`,
);
