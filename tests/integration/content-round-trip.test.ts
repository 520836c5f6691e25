import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStoreFiles, type StoredEntry } from "../../server/content/local-source.ts";
import { contentFields, type FieldKind } from "../../src/shared/content/fields.ts";
import type { ContentType } from "../../src/shared/content/types.ts";
import { buildTestApp } from "../support/app.ts";
import { type CdaServer, startCdaServer } from "../support/cda-server.ts";
import { normaliseSpace, type PageText, readPage } from "../support/page-text.ts";
import { textValues } from "../support/rich-text-arbitrary.ts";

/**
 * The sample store, entry by entry, from what is stored to what is shown, through both sources (the embedded
 * store, and the real contentful SDK against the Delivery API stand-in serving the same files): every text of
 * every rich-text field, and every string field the entry's page shows, is on that page; and the content proxy
 * returns every field as stored, its links resolved.
 */

const contentDir = path.resolve(import.meta.dirname, "../../content");
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Where a string field shows: in the page's text, its <title>, a <meta> tag, or a link's href. */
type Shown = "text" | "first in text" | "title" | "description" | "keywords" | "href";

/** Each content type's page and the string fields it shows (rich-text fields are all checked, whatever they are). */
const pages: Record<ContentType, { path: (entry: StoredEntry) => string; shows: Record<string, Shown> }> = {
  blogPost: {
    path: (entry) => `/post/${entry.fields.slug}`,
    shows: {
      blogTitle: "text",
      blogCategory: "first in text",
      seoTitle: "title",
      seoDescription: "description",
      seoKeywords: "keywords",
    },
  },
  singleProject: {
    path: (entry) => `/project/${entry.fields.slug}`,
    shows: {
      projectTitle: "text",
      clientName: "text",
      heroContent: "text",
      services: "text",
      website: "href",
      seoTitle: "title",
      seoDescription: "description",
      seoKeywords: "keywords",
    },
  },
  singleServices: {
    path: (entry) => `/service/${entry.fields.slug}`,
    shows: {
      title: "text",
      subHeading: "text",
      stats: "text",
      statsDescription: "text",
      accordionTitle1: "text",
      accordionTitle2: "text",
      accordionTitle3: "text",
      accordionTitle4: "text",
      accordionTitle5: "text",
      mainStatement: "text",
      seoTitle: "title",
      seoDescription: "description",
      seoKeywords: "keywords",
    },
  },
  homePage: { path: () => "/", shows: {} },
};

const kindOf = (entry: StoredEntry, field: string): FieldKind | undefined =>
  (contentFields[entry.contentType] as Readonly<Record<string, FieldKind>>)[field];

/** What is missing from the page: each rich-text text in document order, then each shown string field. */
function missingFrom(page: PageText, entry: StoredEntry): string[] {
  const missing: string[] = [];
  for (const [field, value] of Object.entries(entry.fields)) {
    if (kindOf(entry, field) !== "richText") continue;
    let from = 0;
    for (const text of textValues(value).map(normaliseSpace).filter(Boolean)) {
      const at = page.text.indexOf(text, from);
      if (at < 0) {
        missing.push(`${field}: "${text}"${page.text.includes(text) ? " (out of order)" : ""}`);
      } else {
        from = at + text.length;
      }
    }
  }
  for (const [field, shown] of Object.entries(pages[entry.contentType].shows)) {
    const value = entry.fields[field];
    if (value === undefined) continue;
    const values = (Array.isArray(value) ? value : [value]).map((item) => normaliseSpace(String(item)));
    const wanted = shown === "first in text" ? values.slice(0, 1) : values;
    for (const text of wanted) {
      const found = {
        text: () => page.text.includes(text),
        "first in text": () => page.text.includes(text),
        title: () => page.title === text,
        description: () => normaliseSpace(page.meta.get("description") ?? "") === text,
        keywords: () => (page.meta.get("keywords") ?? "").split(",").map(normaliseSpace).includes(text),
        href: () => page.hrefs.includes(text),
      }[shown]();
      if (!found) missing.push(`${field} (${shown}): "${text}"`);
    }
  }
  return missing;
}

/** A field with every link, stored or resolved, replaced by the id it names. */
function linksAsIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(linksAsIds);
  if (typeof value !== "object" || value === null) return value;
  const sys = (value as { sys?: { id?: string; type?: string } }).sys;
  if (sys?.id !== undefined && (sys.type === "Link" || "fields" in value)) return `link:${sys.id}`;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, linksAsIds(item)]));
}

let stored: StoredEntry[];
let cda: CdaServer;

beforeAll(async () => {
  stored = (await readStoreFiles(contentDir)).entries;
  cda = await startCdaServer(contentDir);
});

afterAll(async () => {
  await cda?.close();
});

const sources = [
  { name: "the local store", env: () => ({ CONTENT_SOURCE: "local" }) },
  {
    name: "the contentful SDK against the Delivery API stand-in",
    env: () => ({
      CONTENT_SOURCE: "contentful",
      CONTENTFUL_SPACE_ID: cda.space,
      CONTENTFUL_ACCESS_TOKEN: cda.token,
      CONTENTFUL_HOST: cda.origin,
    }),
  },
];

describe.each(sources)("the sample store, stored → shown, through $name", ({ env }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>["app"];
  beforeAll(async () => {
    ({ app } = await buildTestApp({ env: { ...env(), CONTENT_DIR: contentDir, CONTENT_RATE_LIMIT: "100000" } }));
  });

  it("every entry's page shows every text of its rich text and every string field it is meant to show", async () => {
    expect(stored.length).toBeGreaterThan(30);
    const problems: string[] = [];
    let texts = 0;
    for (const entry of stored) {
      const url = pages[entry.contentType].path(entry);
      const res = await request(app).get(url).set("User-Agent", googlebot);
      if (res.status !== 200) {
        problems.push(`${url}: ${res.status}`);
        continue;
      }
      const page = readPage(res.text);
      for (const missing of missingFrom(page, entry)) problems.push(`${url} (${path.basename(entry.file)}) ${missing}`);
      texts += Object.values(entry.fields).flatMap((value) => textValues(value)).length;
    }
    expect(problems).toEqual([]);
    // The store has rich text worth the name: lists, links and headings in every article.
    expect(texts).toBeGreaterThan(600);
  }, 60_000);

  it("no list item of any article is empty, and each stored one is drawn (no <li><p></p></li>)", async () => {
    let stored_ = 0;
    for (const entry of stored.filter((candidate) => candidate.contentType === "blogPost")) {
      const url = `/post/${entry.fields.slug}`;
      const html = (await request(app).get(url).set("User-Agent", googlebot)).text;
      expect(html, url).not.toMatch(/<li\b[^>]*>(\s|<p\b[^>]*>\s*<\/p>)*<\/li>/);
      const items = JSON.stringify(entry.fields).split('"list-item"').length - 1;
      expect(html.split("<li").length - 1, url).toBeGreaterThanOrEqual(items);
      stored_ += items;
    }
    expect(stored_).toBeGreaterThan(60);
  });

  it("POST /contentful/posts returns every field of every entry as stored, links resolved, list items whole", async () => {
    const problems: string[] = [];
    for (const entry of stored) {
      const query =
        typeof entry.fields.slug === "string"
          ? { content_type: entry.contentType, "fields.slug": entry.fields.slug }
          : { content_type: entry.contentType };
      const res = await request(app).post("/contentful/posts").send(query);
      const served = (res.body.items as { sys: { id: string }; fields: unknown }[]).find(
        (item) => item.sys.id === entry.id,
      );
      if (!served) {
        problems.push(`${entry.id}: not in the answer (${res.status})`);
        continue;
      }
      try {
        expect(linksAsIds(served.fields)).toEqual(linksAsIds(entry.fields));
      } catch {
        problems.push(`${entry.id}: fields differ from ${path.basename(entry.file)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
