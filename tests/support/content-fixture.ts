import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";

/**
 * A small content store with known data, in the embedded store's format (docs/content-model.md), for tests
 * that need exact answers: the contract suite runs it through both sources.
 */

export const link = (id: string) => ({ sys: { type: "Link", linkType: "Asset", id } });

const paragraph = (text: string) => ({
  nodeType: "paragraph",
  data: {},
  content: [{ nodeType: "text", value: text, marks: [], data: {} }],
});
const heading = (text: string) => ({ ...paragraph(text), nodeType: "heading-2" });
const document = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const embedded = (id: string) => ({ nodeType: "embedded-asset-block", data: { target: link(id) }, content: [] });

export const fixtureAssets = [
  {
    id: "hero-alpha",
    fileName: "hero-alpha.png",
    width: 1600,
    height: 900,
    title: "Alpha hero",
    description: "A studio desk",
  },
  { id: "inline-alpha", fileName: "articles/inline-alpha.png", width: 1200, height: 800, title: "Sketches" },
  { id: "hero-bright", fileName: "hero-bright.png", width: 1600, height: 900, title: "Bright hero" },
  { id: "carousel-1", fileName: "carousel-1.png", width: 1920, height: 1080, title: "Carousel one" },
  { id: "carousel-2", fileName: "carousel-2.png", width: 1920, height: 1080, title: "Carousel two" },
  { id: "carousel-3", fileName: "carousel-3.png", width: 1920, height: 1080, title: "Carousel three" },
  { id: "project-tile", fileName: "project-tile.png", width: 800, height: 800, title: "Project tile" },
];

const post = (
  id: string,
  title: string,
  slug: string,
  categories: string[],
  date: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  fields: {
    blogTitle: title,
    slug,
    blogCategory: categories,
    blogPostDate: date,
    blogTags: categories.map((category) => category.toLowerCase()),
    blogHero: [link("hero-bright")],
    blogIntro: document(paragraph(`${title}: the intro.`)),
    blogText: document(heading("First"), paragraph("Body text.")),
    seoTitle: title,
    seoDescription: `${title} in brief.`,
    seoKeywords: ["design"],
    ...extra,
  },
});

/** Dates mix forms on purpose: "2026-03-01T00:30:00+02:00" is earlier than "2026-02-28T23:00:00Z". */
export const fixturePosts = [
  post("post-alpha", "Alpha launch", "alpha-launch", ["Branding"], "2026-01-10", {
    blogHero: [link("hero-alpha")],
    blogInternalImage: [link("inline-alpha")],
    blogText: document(heading("Why"), paragraph("Because."), embedded("inline-alpha"), heading("How")),
  }),
  post("post-bright", "Bright ideas", "bright-ideas", ["Web Design", "Branding"], "2026-02-28T23:00:00Z"),
  post("post-carols", "Carols at the studio", "carols-at-the-studio", ["Studio"], "2025-12-24"),
  post("post-dash", "Dashboards that help", "dashboards-that-help", ["Web Design"], "2026-03-01T00:30:00+02:00"),
  post("post-eagle", "Eagle-eyed proofing", "eagle-eyed-proofing", ["Branding"], "2026-03-15"),
];

const project = (id: string, title: string, slug: string, category: string[], small: "yes" | "no") => ({
  id,
  fields: {
    projectTitle: title,
    slug,
    category,
    services: category,
    featuredImage: link("project-tile"),
    BackgroundColour: "#1d1d1b",
    heroContent: `${title}, told short.`,
    introContent: document(paragraph(`${title} intro.`)),
    clientName: title,
    date: "2025-06-01",
    smallProject: small,
    seoTitle: title,
  },
});

const fixtureProjects = [
  project("project-warmies", "Warmies", "warmies", ["Packaging", "Branding"], "no"),
  project("project-bowmer", "Bowmer Kirkland", "bowmer-kirkland", ["Web Design"], "yes"),
  project("project-dennis", "Dennis Group", "dennis-group", ["Branding"], "no"),
  project("project-adidas", "Adidas", "adidas", ["Photography"], "yes"),
];

const service = (id: string, title: string, slug: string) => ({
  id,
  fields: {
    slug,
    title,
    subHeading: `${title} that works`,
    stats: ["250+", "20", "98%"],
    statsDescription: ["projects", "years", "happy clients"],
    servicesHero: link("project-tile"),
    mainStatement: `${title} is what we do.`,
    carousel: [link("carousel-1"), link("carousel-2")],
    leftText: document(paragraph("Left.")),
    seoTitle: title,
  },
});

const fixtureServices = [
  service("service-web-design", "Web Design", "web-design"),
  service("service-branding", "Branding", "branding"),
];

const fixtureHomePage = {
  id: "home",
  fields: { carousel: [link("carousel-1"), link("carousel-2"), link("carousel-3")] },
};

/** A valid PNG of one pixel: enough for a browser and for content-type checks. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from([0, 0xd9, 0x4f, 0x2c]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function writeJson(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes the fixture store into a new temporary folder and returns its path. */
export function writeFixtureStore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "content-fixture-"));
  const png = tinyPng();
  writeJson(
    path.join(dir, "assets.json"),
    fixtureAssets.map((asset) => {
      mkdirSync(path.dirname(path.join(dir, "images", asset.fileName)), { recursive: true });
      writeFileSync(path.join(dir, "images", asset.fileName), png);
      return {
        sys: { id: asset.id },
        fields: {
          title: asset.title,
          ...(asset.description ? { description: asset.description } : {}),
          file: {
            url: `/content/images/${asset.fileName}`,
            fileName: path.basename(asset.fileName),
            contentType: "image/png",
            details: { size: png.length, image: { width: asset.width, height: asset.height } },
          },
        },
      };
    }),
  );
  const write = (type: string, entries: { id: string; fields: unknown }[]) => {
    for (const entry of entries) {
      writeJson(path.join(dir, "entries", type, `${entry.id}.json`), { sys: { id: entry.id }, fields: entry.fields });
    }
  };
  write("blogPost", fixturePosts);
  write("singleProject", fixtureProjects);
  write("singleServices", fixtureServices);
  write("homePage", [fixtureHomePage]);
  return dir;
}
