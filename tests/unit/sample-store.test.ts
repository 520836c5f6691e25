import { open, readdir, readFile, stat } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { BLOCKS, type Document, INLINES, validateRichTextDocument } from "@contentful/rich-text-types";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { clients } from "../../src/content/clients.ts";
import type { BlogPostFields, HomePageFields, ProjectFields, ServiceFields } from "../../src/shared/content/model.ts";
import type { Asset } from "../../src/shared/content/types.ts";
import { site } from "../../src/shared/site.ts";

/**
 * The embedded content store (content/) is a complete sample site: every entry parses and carries the fields
 * the pages read, every link lands on an asset, and every asset's file exists with the size it declares.
 */

const root = join(import.meta.dirname, "..", "..");
const contentDir = join(root, "content");

const projectSlugs = [
  "dennis-group",
  "adidas",
  "best-of-south-west-ldn",
  "drivenmedia",
  site.slug,
  "prym-health",
  "sc-johnson",
  "vetcare-at-home",
  "percys-pet-products",
  "project-wingman",
  "propfirmtrader",
  "branding",
  "warmies",
  "bowmer-kirkland",
];
// The five the home page links to, then the services overview's ten.
const serviceSlugs = [
  ...["design", "web-design", "branding", "marketing", "web-development"],
  ...["graphic-design", "photography", "packaging", "ux-design", "print-design", "social-media"],
  ...["image-editing", "ecommerce"],
];

// Entries as stored: what model.ts calls an Asset is a link in the file.
const link = z.object({
  sys: z.object({ type: z.literal("Link"), linkType: z.literal("Asset"), id: z.string().min(1) }),
});
type AssetLink = z.infer<typeof link>;
type StoredValue<V> = V extends Asset ? AssetLink : V extends Asset[] ? AssetLink[] : V;
type Stored<T> = { [K in keyof T]: StoredValue<T[K]> };

const richText = z.custom<Document>(
  (value) =>
    (value as Document)?.nodeType === BLOCKS.DOCUMENT && validateRichTextDocument(value as Document).length === 0,
  "not a valid rich-text document",
);
const text = z.string().trim().min(1);
const words = z.array(text).min(1);
const isoDate = z.iso.date();
const links = (min: number, max = 100) => z.array(link).min(min).max(max);
const seo = { seoTitle: text, seoDescription: text.max(170), seoKeywords: words };

/** The schemas must produce model.ts's fields (checked by the type checker); the sample fills the optional ones too. */
function fieldsOf<T>() {
  return <S extends z.ZodType<Stored<T>>>(schema: S) => schema;
}

const schemas = {
  blogPost: fieldsOf<BlogPostFields>()(
    z.strictObject({
      blogTitle: text,
      slug: text,
      blogCategory: words,
      blogPostDate: isoDate,
      blogTags: words,
      blogHero: links(1),
      blogFeaturedImage: link,
      blogInternalImage: links(1),
      blogIntro: richText,
      blogText: richText,
      ...seo,
    }),
  ),
  singleProject: fieldsOf<ProjectFields>()(
    z.strictObject({
      projectTitle: text,
      slug: text,
      category: words,
      services: words,
      featuredImage: link,
      BackgroundColour: z.string().regex(/^#[0-9a-f]{6}$/i),
      heroContent: text,
      heroBackground: link,
      introContent: richText,
      logo: link.optional(),
      clientName: text,
      website: z.url({ protocol: /^https$/ }).optional(),
      date: isoDate,
      images: links(2),
      fullWidthImages: links(1).optional(),
      fullWidthImages2: links(1).optional(),
      images3: links(3, 3).optional(),
      images4: links(2, 2),
      theBrief: richText,
      contentSection: richText,
      gallery: links(3),
      quote: richText,
      theOutcome: richText,
      smallProject: z.enum(["yes", "no"]),
      absoluteHeader: z.enum(["yes", "no"]),
      ...seo,
    }),
  ),
  singleServices: fieldsOf<ServiceFields>()(
    z.strictObject({
      slug: text,
      title: text,
      subHeading: text,
      servicesHero: link,
      stats: z.array(text).length(3),
      statsDescription: z.array(text).length(3),
      servicesTwoImages: links(2, 2),
      leftText: richText,
      rightText: richText,
      accordionTitle1: text,
      accordionContent1: richText,
      accordionTitle2: text,
      accordionContent2: richText,
      accordionTitle3: text,
      accordionContent3: richText,
      accordionTitle4: text,
      accordionContent4: richText,
      accordionTitle5: text,
      accordionContent5: richText,
      accordionImage: link,
      mainStatement: text,
      carousel: links(3),
      ...seo,
    }),
  ),
  homePage: fieldsOf<HomePageFields>()(z.strictObject({ carousel: links(5) })),
};
type ContentTypeId = keyof typeof schemas;

interface StoredEntry {
  contentType: ContentTypeId;
  file: string;
  sys: { id: string };
  fields: Record<string, unknown>;
}

const assetSchema = z.strictObject({
  sys: z.strictObject({ id: text }),
  fields: z.strictObject({
    title: text,
    description: text,
    file: z.strictObject({
      url: z.string().regex(/^\/content\/images\/[\w/.-]+\.(webp|svg)$/),
      fileName: text,
      contentType: z.enum(["image/webp", "image/svg+xml"]),
      details: z.strictObject({
        size: z.number().int().positive(),
        image: z.strictObject({ width: z.number().int().positive(), height: z.number().int().positive() }),
      }),
    }),
  }),
});
type StoredAsset = z.infer<typeof assetSchema>;

/** Width and height from a WebP file's header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(header: Buffer): { width: number; height: number } {
  if (header.toString("ascii", 0, 4) !== "RIFF" || header.toString("ascii", 8, 12) !== "WEBP")
    throw new Error("not a WebP file");
  const chunk = header.toString("ascii", 12, 16);
  if (chunk === "VP8X") return { width: 1 + header.readUIntLE(24, 3), height: 1 + header.readUIntLE(27, 3) };
  if (chunk === "VP8 ") return { width: header.readUInt16LE(26) & 0x3fff, height: header.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = header.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

/** Width and height from an SVG's width and height attributes. */
function svgSize(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  return { width: Number(/\swidth="(\d+)"/.exec(tag)?.[1]), height: Number(/\sheight="(\d+)"/.exec(tag)?.[1]) };
}

async function fileHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path);
  try {
    const buffer = Buffer.alloc(bytes);
    await handle.read(buffer, 0, bytes, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

function linkedIds(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) linkedIds(item, found);
  else if (value && typeof value === "object") {
    const sys = (value as { sys?: { type?: string; id?: string } }).sys;
    if (sys?.type === "Link" && sys.id) found.push(sys.id);
    for (const child of Object.values(value)) linkedIds(child, found);
  }
  return found;
}

type Node = { nodeType: string; value?: string; content?: Node[]; data?: Record<string, unknown> };
function nodes(node: Node): Node[] {
  return [node, ...(node.content ?? []).flatMap(nodes)];
}
function plainText(node: Node): string {
  return nodes(node)
    .map((n) => n.value ?? "")
    .join(" ");
}

const entries: StoredEntry[] = [];
let assets: StoredAsset[] = [];
const ofType = (type: ContentTypeId) => entries.filter((entry) => entry.contentType === type);

beforeAll(async () => {
  for (const folder of await readdir(join(contentDir, "entries"))) {
    for (const file of await readdir(join(contentDir, "entries", folder))) {
      const parsed = JSON.parse(await readFile(join(contentDir, "entries", folder, file), "utf8"));
      entries.push({ contentType: folder as ContentTypeId, file, ...parsed });
    }
  }
  assets = JSON.parse(await readFile(join(contentDir, "assets.json"), "utf8"));
});

describe("the embedded content store", () => {
  it("holds only the four content types, one entry per file named by its id, ids unique", () => {
    expect(new Set(entries.map((entry) => entry.contentType))).toEqual(new Set(Object.keys(schemas)));
    for (const entry of entries) {
      expect(entry.file).toBe(`${entry.sys.id}.json`);
      expect(Object.keys(entry).sort()).toEqual(["contentType", "fields", "file", "sys"]);
    }
    const ids = [...entries.map((entry) => entry.sys.id), ...assets.map((asset) => asset.sys.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every entry the fields its page reads, with valid rich text", () => {
    for (const entry of entries) {
      const result = schemas[entry.contentType].safeParse(entry.fields);
      expect(result.error?.issues ?? [], `${entry.contentType}/${entry.file}`).toEqual([]);
    }
  });

  it("has every project and service slug the site links to, and no slug twice", () => {
    const slugs = (type: ContentTypeId) => ofType(type).map((entry) => entry.fields.slug as string);
    expect(slugs("singleProject").sort()).toEqual([...projectSlugs].sort());
    expect(slugs("singleServices").sort()).toEqual([...new Set(serviceSlugs)].sort());
    for (const type of ["blogPost", "singleProject", "singleServices"] as const) {
      expect(new Set(slugs(type)).size).toBe(slugs(type).length);
      for (const slug of slugs(type)) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("names each project's services as service pages, so a page can link them", () => {
    const services = new Set(ofType("singleServices").map((entry) => entry.fields.slug));
    for (const project of ofType("singleProject"))
      for (const name of project.fields.services as string[])
        expect(services.has(name.toLowerCase().replace(/\s+/g, "-")), `${project.fields.slug}: ${name}`).toBe(true);
  });

  it("shows projects in both layouts and in several categories", () => {
    const projects = ofType("singleProject");
    const small = projects.filter((entry) => entry.fields.smallProject === "yes");
    expect(small.length).toBeGreaterThanOrEqual(2);
    expect(small.length).toBeLessThan(projects.length);
    expect(new Set(projects.flatMap((entry) => entry.fields.category as string[])).size).toBeGreaterThanOrEqual(5);
    // The full layout fills its wide and three-up rows.
    for (const entry of projects.filter((project) => project.fields.smallProject === "no"))
      for (const field of ["fullWidthImages", "fullWidthImages2", "images3"])
        expect(entry.fields[field], `${entry.fields.slug}.${field}`).toBeDefined();
  });

  it("quotes people by role, never by an invented name", () => {
    for (const entry of ofType("singleProject")) {
      const quote = entry.fields.quote as Node;
      const attribution = nodes(quote)
        .filter((n) => n.nodeType === BLOCKS.PARAGRAPH)
        .at(-1);
      expect(attribution && plainText(attribution), String(entry.fields.slug)).toMatch(
        /^\s*(Founder|Co-founder|Owner|Trustee|Head of|Managing|Marketing|Brand|Creative|Clinical|Community)\b/,
      );
    }
  });

  it("has at least 9 posts over at least 3 categories, dated within the last two years", () => {
    const posts = ofType("blogPost");
    expect(posts.length).toBeGreaterThanOrEqual(9);
    expect(new Set(posts.map((post) => (post.fields.blogCategory as string[])[0])).size).toBeGreaterThanOrEqual(3);
    const dates = posts.map((post) => post.fields.blogPostDate as string).sort();
    expect(new Set(dates).size).toBe(dates.length);
    const span = Date.parse(dates.at(-1) ?? "") - Date.parse(dates[0] ?? "");
    expect(span / 86_400_000).toBeGreaterThan(300);
    expect(span / 86_400_000).toBeLessThan(730);
  });

  it("gives every post body h2 sections, a list, a link, a quote, an embedded image and a few minutes' reading", () => {
    for (const post of ofType("blogPost")) {
      const body = post.fields.blogText as Node;
      const all = nodes(body);
      const has = (type: string) => all.filter((n) => n.nodeType === type).length;
      const slug = String(post.fields.slug);
      expect(has(BLOCKS.HEADING_2), slug).toBeGreaterThanOrEqual(2);
      expect(has(BLOCKS.UL_LIST) + has(BLOCKS.OL_LIST), slug).toBeGreaterThanOrEqual(1);
      expect(has(INLINES.HYPERLINK), slug).toBeGreaterThanOrEqual(1);
      expect(has(BLOCKS.QUOTE), slug).toBeGreaterThanOrEqual(1);
      expect(has(BLOCKS.EMBEDDED_ASSET), slug).toBeGreaterThanOrEqual(1);
      // Read time is the words of the paragraphs over 100.
      const paragraphWords = all
        .filter((n) => n.nodeType === BLOCKS.PARAGRAPH)
        .flatMap((n) => plainText(n).split(/\s+/).filter(Boolean)).length;
      expect(Math.round(paragraphWords / 100), slug).toBeGreaterThanOrEqual(5);
      expect(Math.round(paragraphWords / 100), slug).toBeLessThanOrEqual(13);
    }
  });

  it("has one home page whose carousel has at least five images", () => {
    const [home, ...others] = ofType("homePage");
    expect(others).toEqual([]);
    expect(home?.fields.carousel).toBeInstanceOf(Array);
    expect((home?.fields.carousel as unknown[] | undefined)?.length).toBeGreaterThanOrEqual(5);
  });

  it("resolves every link, in fields and in rich text, to an asset", () => {
    const known = new Set(assets.map((asset) => asset.sys.id));
    for (const entry of entries)
      for (const id of linkedIds(entry.fields)) expect(known.has(id), `${entry.sys.id} → ${id}`).toBe(true);
  });

  it("keeps every asset's file beside it with the type and size it declares", async () => {
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(assetSchema.safeParse(asset).error?.issues ?? [], asset.sys.id).toEqual([]);
      const { file } = asset.fields;
      const path = join(root, file.url);
      expect(file.fileName).toBe(basename(file.url));
      expect((await stat(path)).size, file.url).toBe(file.details.size);
      const actual =
        extname(path) === ".webp" ? webpSize(await fileHead(path, 30)) : svgSize(await readFile(path, "utf8"));
      expect(file.contentType).toBe(extname(path) === ".webp" ? "image/webp" : "image/svg+xml");
      expect(actual, file.url).toEqual(file.details.image);
    }
  });

  it("uses every image file it ships, and ships less than 25 MB of them", async () => {
    const listed = new Set(assets.map((asset) => asset.fields.file.url));
    const imagesDir = join(contentDir, "images");
    let bytes = 0;
    for (const file of await readdir(imagesDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const url = `/${join(file.parentPath, file.name).slice(root.length + 1)}`;
      expect(listed.has(url), url).toBe(true);
      bytes += (await stat(join(file.parentPath, file.name))).size;
    }
    expect(bytes).toBeLessThan(25 * 1024 * 1024);
  });
});

describe("the trusted-by clients", () => {
  it("lists about 28 clients, each a symbol of the logo sheet at the declared size", async () => {
    expect(clients.length).toBeGreaterThanOrEqual(24);
    expect(new Set(clients.map((client) => client.name)).size).toBe(clients.length);
    for (const client of clients) {
      // The sheet is a build asset: under Vite (as in this test) its URL is the file's path in the project.
      const [file = "", slug = ""] = client.logo.src.split("#");
      const sheet = await readFile(join(root, file), "utf8");
      const box = new RegExp(`<symbol id="${slug}" viewBox="[-\\d.]+ [-\\d.]+ (\\d+) (\\d+)">`).exec(sheet);
      expect(box, client.name).not.toBeNull();
      const [, width, height] = box ?? [];
      expect({ width: Number(width), height: Number(height) }, client.name).toEqual({
        width: client.logo.width,
        height: client.logo.height,
      });
    }
  });

  it("links case-study clients to their project page and the rest out to their own site", () => {
    const projects = new Set(ofType("singleProject").map((entry) => entry.fields.slug));
    const internal = clients.filter((client) => !client.external);
    expect(internal.length).toBeGreaterThanOrEqual(10);
    expect(clients.length - internal.length).toBeGreaterThanOrEqual(10);
    for (const client of internal)
      expect(projects.has(client.href.replace(/^\/project\//, "")), client.name).toBe(true);
    for (const client of clients.filter((c) => c.external)) expect(client.href, client.name).toMatch(/^https:\/\//);
  });
});
