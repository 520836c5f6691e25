// Writes the embedded store as a Contentful space export (content types, assets, entries, all published), the
// file `contentful space import` reads. docs/content-model.md, "Importing into a real space", says how to use it.
// Usage: node scripts/contentful-export.ts [--content-dir ./content] [--locale en-US] [--base-url https://site]
import path from "node:path";
import { parseArgs } from "node:util";
import { readStoreFiles, type StoredAsset, type StoredEntry } from "../server/content/local-source.ts";
import { contentFields, type FieldKind } from "../src/shared/content/fields.ts";
import type { ContentType } from "../src/shared/content/types.ts";

const names: Record<ContentType, { name: string; description: string; displayField: string | null }> = {
  homePage: {
    name: "Home page",
    description: "The home and about pages' carousel (the first entry is used).",
    displayField: null,
  },
  blogPost: { name: "Blog post", description: "An article on /news and /post/{slug}.", displayField: "blogTitle" },
  singleProject: {
    name: "Project",
    description: "A client project on /projects and /project/{slug}.",
    displayField: "projectTitle",
  },
  singleServices: { name: "Service", description: "A service page at /service/{slug}.", displayField: "title" },
};

const yesNo = [{ in: ["yes", "no"] }];

function contentfulField(id: string, kind: FieldKind) {
  const base = { id, name: id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase()) };
  const common = { localized: false, required: id === "slug", disabled: false, omitted: false };
  const validations =
    id === "slug" ? [{ unique: true }] : id === "smallProject" || id === "absoluteHeader" ? yesNo : [];
  const assetLink = { type: "Link", linkType: "Asset", validations: [{ linkMimetypeGroup: ["image"] }] };
  switch (kind) {
    case "text":
      return { ...base, type: "Symbol", ...common, validations };
    case "longText":
      return { ...base, type: "Text", ...common, validations };
    case "date":
      return { ...base, type: "Date", ...common, validations };
    case "list":
      return { ...base, type: "Array", items: { type: "Symbol", validations: [] }, ...common, validations };
    case "asset":
      return { ...base, ...assetLink, ...common };
    case "assets":
      return { ...base, type: "Array", items: assetLink, ...common, validations: [] };
    case "richText":
      return { ...base, type: "RichText", ...common, validations: [] };
  }
}

const published = (id: string, type: string) => ({ id, type, version: 2, publishedVersion: 1 });

/** The export document (every entity marked published, so the import publishes it) and the fields left out. */
export function toSpaceExport(
  store: { entries: StoredEntry[]; assets: StoredAsset[] },
  options: { locale: string; contentDir: string; baseUrl?: string },
) {
  const localized = (value: unknown) => ({ [options.locale]: value });
  const contentTypes = Object.entries(contentFields).map(([id, fields]) => ({
    sys: published(id, "ContentType"),
    ...names[id as ContentType],
    fields: Object.entries(fields).map(([field, kind]) => contentfulField(field, kind)),
  }));
  const assets = store.assets.map((asset) => {
    const sitePath = asset.fields.file.url;
    // With --base-url Contentful fetches each file from the running site; otherwise `--upload-assets
    // --assets-directory <parent of the content folder>` uploads it from disk (the import reads the path after //).
    const storePath = sitePath.replace(/^\/content\//, `${path.basename(options.contentDir)}/`);
    const url = options.baseUrl ? `${options.baseUrl.replace(/\/+$/, "")}${sitePath}` : `//${storePath}`;
    const fields: Record<string, unknown> = {
      file: localized({ url, fileName: asset.fields.file.fileName, contentType: asset.fields.file.contentType }),
    };
    if (asset.fields.title) fields.title = localized(asset.fields.title);
    if (asset.fields.description) fields.description = localized(asset.fields.description);
    return { sys: published(asset.sys.id, "Asset"), fields };
  });
  const unknownFields: string[] = [];
  const entries = store.entries.map((entry) => {
    const known: Readonly<Record<string, FieldKind>> = contentFields[entry.contentType];
    const fields: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(entry.fields)) {
      if (Object.hasOwn(known, field)) fields[field] = localized(value);
      else unknownFields.push(`${entry.file}: ${field}`);
    }
    return {
      sys: {
        ...published(entry.id, "Entry"),
        contentType: { sys: { type: "Link", linkType: "ContentType", id: entry.contentType } },
      },
      fields,
    };
  });
  // Locales stay as the space has them: `locale` must be the space's default locale.
  return { space: { contentTypes, editorInterfaces: [], assets, entries, locales: [], webhooks: [] }, unknownFields };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      "content-dir": { type: "string", default: "./content" },
      locale: { type: "string", default: "en-US" },
      "base-url": { type: "string" },
    },
  });
  const contentDir = values["content-dir"];
  const store = await readStoreFiles(contentDir);
  const { space, unknownFields } = toSpaceExport(store, {
    locale: values.locale,
    contentDir,
    baseUrl: values["base-url"],
  });
  for (const field of unknownFields) console.error(`left out (not in the content model): ${field}`);
  process.stdout.write(`${JSON.stringify(space, null, 2)}\n`);
}
