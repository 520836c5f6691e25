import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createContentfulSource } from "../../server/content/contentful-source.ts";
import { readLocalStore } from "../../server/content/local-source.ts";
import { compileQuery } from "../../server/content/query.ts";
import type { ContentSource } from "../../server/content/source.ts";
import type { Entry } from "../../src/shared/content/types.ts";
import { cdaOverFixture } from "../support/cda-fixture.ts";
import { fixtureAssets, fixturePosts } from "../support/content-fixture.ts";
import { nestedList, richTextDocument, textValues } from "../support/rich-text-arbitrary.ts";

/**
 * Random rich-text documents of any depth (nested lists, marks, hyperlinks, tables, entry and asset links) pass
 * through link resolution unchanged apart from their links: each link to something that exists is replaced by
 * it, each link to something that does not is dropped, and nothing else is. Entries that link to each other in
 * loops come out as a finite answer in which each entry is given in full once and named by reference elsewhere.
 */

const fixture = cdaOverFixture();
const postIds = fixturePosts.map((post) => post.id);
const assetIds = fixtureAssets.map((asset) => asset.id);
const storedPost = new Map(fixturePosts.map((post) => [post.id, post.fields as Record<string, unknown>]));

type Json = Record<string, unknown>;
const dropped = Symbol("dropped");

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `Entry:id` / `Asset:id` for a link as stored, or `dropped` when the answer cannot have what it names. */
function storedLabel(answerable: ReadonlySet<string>) {
  return (value: Json): string | typeof dropped | undefined => {
    const sys = value.sys as Json | undefined;
    if (sys?.type !== "Link") return undefined;
    const found = sys.linkType === "Entry" ? answerable.has(String(sys.id)) : assetIds.includes(String(sys.id));
    return found ? `${String(sys.linkType)}:${String(sys.id)}` : dropped;
  };
}

/** Ids of the posts `body` links to. */
function linkedPosts(body: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    const sys = value.sys as Json | undefined;
    if (sys?.type === "Link" && sys.linkType === "Entry") found.add(String(sys.id));
    else Object.values(value).forEach(visit);
  };
  visit(body);
  return [...found].filter((id) => postIds.includes(id));
}

/** `Entry:id` / `Asset:id` for a resolved link as served (an entry, an entry reference or an asset). */
function servedLabel(value: Json): string | undefined {
  const sys = value.sys as Json | undefined;
  if (!isObject(sys) || typeof sys.id !== "string") return undefined;
  return `${sys.contentType ? "Entry" : "Asset"}:${sys.id}`;
}

/**
 * A value with every link (stored) or resolved link (served) replaced by its label; stored links to nothing are
 * removed as the site drops them: from lists, as a field, and as the rich-text node that carries them.
 */
function skeleton(value: unknown, label: (value: Json) => string | typeof dropped | undefined): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => skeleton(item, label)).filter((item) => item !== dropped);
  }
  if (!isObject(value)) return value;
  const own = label(value);
  if (own !== undefined) return own;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    const mapped = skeleton(item, label);
    if (mapped === dropped) {
      if (key === "data" || (key === "target" && typeof value.nodeType !== "string")) return dropped;
      continue;
    }
    out[key] = mapped;
  }
  return out;
}

/** Every entry given in full (id → fields), every entry reference, every asset, found anywhere in an answer. */
function collect(items: Entry[]) {
  const full: { id: string; fields: Json }[] = [];
  const references: string[] = [];
  const assets: Json[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    const sys = value.sys as Json | undefined;
    if (isObject(sys) && typeof sys.id === "string") {
      if (!sys.contentType) assets.push(value);
      else if (isObject(value.fields)) full.push({ id: sys.id, fields: value.fields });
      else references.push(sys.id);
    }
    for (const [key, item] of Object.entries(value)) if (key !== "sys") visit(item);
  };
  for (const item of items) {
    full.push({ id: item.sys.id, fields: item.fields });
    visit(item.fields);
  }
  return { full, references, assets };
}

/**
 * The checks every answer must pass, against the posts as stored (with `bodies` as their blogText). The answer
 * can resolve links to its items and to the posts they link to (the Delivery API's `include` of 1).
 */
function expectWhole(items: Entry[], bodies: Map<string, unknown>) {
  const answerable = new Set(items.flatMap((item) => [item.sys.id, ...linkedPosts(bodies.get(item.sys.id))]));
  // A finite tree: JSON carries it without loss (a cycle would throw, a shared object would be copied).
  expect(JSON.parse(JSON.stringify(items))).toEqual(items);
  const { full, references, assets } = collect(items);
  const fullIds = full.map((entry) => entry.id);
  expect(new Set(fullIds).size, "each entry is given in full at most once per answer").toBe(fullIds.length);
  for (const id of references) expect(fullIds, `a reference to ${id} names an entry given in full`).toContain(id);
  for (const { id, fields } of full) {
    const stored = { ...storedPost.get(id), blogText: bodies.get(id) };
    expect(skeleton(fields, servedLabel), id).toEqual(skeleton(stored, storedLabel(answerable)));
  }
  for (const asset of assets) {
    const known = fixtureAssets.find((candidate) => candidate.id === (asset.sys as Json).id);
    expect(known, JSON.stringify(asset)).toBeDefined();
    const fields = asset.fields as { title: string; file: { fileName: string } };
    expect(fields.title).toBe(known?.title);
    expect(fields.file.fileName).toBe(path.basename(known?.fileName ?? ""));
  }
}

/** A rich-text node that links to the entry `id`. */
const linkNode = (nodeType: string, id: string, content: unknown[] = []) => ({
  nodeType,
  data: { target: { sys: { type: "Link", linkType: "Entry", id } } },
  content,
});
const documentOf = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const reference = (id: string) => ({ sys: { id, contentType: { sys: { id: "blogPost" } } } });

/** Property tests run many cases; on a busy machine they need more than the default time. */
const propertyTimeout = 60_000;

describe("link resolution keeps rich text whole: the contentful SDK against the Delivery API stand-in", () => {
  let source: ContentSource;
  beforeAll(() => {
    source = createContentfulSource(fixture.cda.sdkOptions());
  });
  const everyPost = compileQuery({ content_type: "blogPost" });
  const publish = async (bodies: Map<string, unknown>, query = everyPost) => {
    for (const [id, body] of bodies) fixture.cda.publish(id, "blogText", body);
    return (await source.getEntries(query)).items;
  };
  const ids = { entries: [...postIds, "gone-entry"], assets: [...assetIds, "gone-asset"] };
  const documents = fc.array(richTextDocument(ids), { minLength: postIds.length, maxLength: postIds.length });

  it(
    "random documents, with links to posts (in loops), assets and things that do not exist",
    async () => {
      await fc.assert(
        fc.asyncProperty(documents, async (docs) => {
          const bodies = new Map(postIds.map((id, index) => [id, docs[index]]));
          const items = await publish(bodies);
          expect(items.map((item) => item.sys.id).sort()).toEqual([...postIds].sort());
          expectWhole(items, bodies);
        }),
        { numRuns: 60 },
      );
    },
    propertyTimeout,
  );

  it(
    "the same when some linked posts are not items: those sent alongside are given in full once",
    async () => {
      const twoPosts = compileQuery({ content_type: "blogPost", limit: 2 });
      let expanded = 0;
      await fc.assert(
        fc.asyncProperty(documents, async (docs) => {
          const bodies = new Map(postIds.map((id, index) => [id, docs[index]]));
          const items = await publish(bodies, twoPosts);
          expect(items).toHaveLength(2);
          expectWhole(items, bodies);
          expanded += collect(items).full.length - items.length;
        }),
        { numRuns: 60 },
      );
      // The runs met linked entries that were not items of the answer, so the expansion was exercised.
      expect(expanded).toBeGreaterThan(0);
    },
    propertyTimeout,
  );

  it("a post that links to itself and to a post that links back: each is given once, the loops as references", async () => {
    const [first = "", second = ""] = postIds;
    const linkTo = (id: string) => ({
      nodeType: "paragraph",
      data: {},
      content: [linkNode("entry-hyperlink", id, [{ nodeType: "text", value: `see ${id}`, marks: [], data: {} }])],
    });
    const body = documentOf;
    const bodies = new Map<string, unknown>(postIds.map((id) => [id, body()]));
    bodies.set(first, body(linkTo(first), linkTo(second)));
    bodies.set(second, body(linkTo(first)));
    const items = await publish(bodies);
    expectWhole(items, bodies);
    const firstItem = items.find((item) => item.sys.id === first);
    const targets = collect(firstItem ? [firstItem] : []);
    expect(targets.references.sort()).toEqual([first, second].sort());
  });

  it("with select (items' sys is only their id), links between the items are kept as references", async () => {
    const [first = "", second = ""] = postIds;
    const body = (id: string) => documentOf(linkNode("embedded-entry-block", id));
    const selected = compileQuery({ content_type: "blogPost", select: "sys.id,fields.blogText", limit: 2 });
    const items = await publish(
      new Map([
        [first, body(second)],
        [second, body(first)],
      ]),
      selected,
    );
    const resolved = (id: string) =>
      documentOf({ ...linkNode("embedded-entry-block", id), data: { target: reference(id) } });
    expect(items.map((item) => item.fields.blogText)).toEqual([resolved(second), resolved(first)]);
  });

  it("a list nested 300 levels deep arrives with every level's text", async () => {
    const deep = nestedList(300);
    const items = await publish(new Map([[postIds[0] ?? "", deep]]));
    const served = items.find((item) => item.sys.id === postIds[0]);
    expect(textValues(served?.fields.blogText)).toEqual(textValues(deep));
    expect(textValues(deep)).toHaveLength(301);
  });
});

describe("link resolution keeps rich text whole: the local store", () => {
  const file = () => path.join(fixture.storeDir, "entries", "blogPost", `${postIds[0]}.json`);

  it(
    "random documents with links to assets, at any depth",
    async () => {
      const original = readFileSync(file(), "utf8");
      try {
        await fc.assert(
          fc.asyncProperty(richTextDocument({ entries: [], assets: assetIds }), async (doc) => {
            const stored = JSON.parse(original) as { fields: Json };
            writeFileSync(file(), JSON.stringify({ ...stored, fields: { ...stored.fields, blogText: doc } }));
            const store = await readLocalStore(fixture.storeDir);
            const items = store.entries.get("blogPost") ?? [];
            expectWhole(
              items,
              new Map(postIds.map((id) => [id, id === postIds[0] ? doc : storedPost.get(id)?.blogText])),
            );
          }),
          { numRuns: 40 },
        );
      } finally {
        writeFileSync(file(), original);
      }
    },
    propertyTimeout,
  );

  it("a list nested 300 levels deep arrives with every level's text", async () => {
    const original = readFileSync(file(), "utf8");
    try {
      const deep = nestedList(300);
      const stored = JSON.parse(original) as { fields: Json };
      writeFileSync(file(), JSON.stringify({ ...stored, fields: { ...stored.fields, blogText: deep } }));
      const store = await readLocalStore(fixture.storeDir);
      const served = store.entries.get("blogPost")?.find((item) => item.sys.id === postIds[0]);
      expect(textValues(served?.fields.blogText)).toEqual(textValues(deep));
    } finally {
      writeFileSync(file(), original);
    }
  });
});
