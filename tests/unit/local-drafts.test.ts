import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { draftsFolder, readLocalStore } from "../../server/content/local-source.ts";
import { fixturePosts, link, writeFixtureStore } from "../support/content-fixture.ts";

/** The embedded store's drafts (content/drafts/): read through the same loader, only when preview asks. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeWithDrafts() {
  const dir = writeFixtureStore();
  dirs.push(dir);
  const write = (type: string, id: string, fields: Record<string, unknown>) => {
    const folder = path.join(dir, draftsFolder, "entries", type);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${id}.json`), JSON.stringify({ sys: { id }, fields }));
  };
  const alpha = fixturePosts.find((post) => post.id === "post-alpha");
  write("blogPost", "post-alpha", { ...alpha?.fields, blogTitle: "Alpha, redrafted" });
  write("blogPost", "post-new", {
    ...alpha?.fields,
    blogTitle: "Brand new",
    slug: "brand-new",
    blogHero: [link("hero-bright")],
  });
  return dir;
}

const titles = (store: Awaited<ReturnType<typeof readLocalStore>>) =>
  (store.entries.get("blogPost") ?? []).map((entry) => String(entry.fields.blogTitle)).sort();

describe("drafts in the embedded store", () => {
  it("are left out of the published store", async () => {
    const store = await readLocalStore(storeWithDrafts());
    expect(titles(store)).toContain("Alpha launch");
    expect(titles(store)).not.toContain("Alpha, redrafted");
    expect(titles(store)).not.toContain("Brand new");
  });

  it("replace the published entry of the same id and add new ones, links resolved, in preview", async () => {
    const store = await readLocalStore(storeWithDrafts(), { drafts: true });
    expect(titles(store)).toContain("Alpha, redrafted");
    expect(titles(store)).not.toContain("Alpha launch");
    expect(titles(store)).toContain("Brand new");
    expect(store.entries.get("blogPost")).toHaveLength(fixturePosts.length + 1);
    const added = store.entries.get("blogPost")?.find((entry) => entry.sys.id === "post-new");
    const hero = added?.fields.blogHero as { fields: { file: { url: string } } }[] | undefined;
    expect(hero?.[0]?.fields.file.url).toBe("/content/images/hero-bright.png");
  });

  it("are checked like the rest: a broken draft stops preview with its path", async () => {
    const dir = storeWithDrafts();
    writeFileSync(path.join(dir, draftsFolder, "entries", "blogPost", "post-new.json"), "{ nope");
    await expect(readLocalStore(dir, { drafts: true })).rejects.toThrow(/drafts\/entries\/blogPost\/post-new\.json/);
  });

  it("the sample content has a draft article and a draft edit of a published project", async () => {
    const contentDir = path.resolve(import.meta.dirname, "../../content");
    const published = await readLocalStore(contentDir);
    const preview = await readLocalStore(contentDir, { drafts: true });
    const ids = (store: typeof published, type: "blogPost" | "singleProject") =>
      new Set((store.entries.get(type) ?? []).map((entry) => entry.sys.id));
    const newPosts = [...ids(preview, "blogPost")].filter((id) => !ids(published, "blogPost").has(id));
    expect(newPosts.length).toBeGreaterThanOrEqual(1);
    const retitled = (preview.entries.get("singleProject") ?? []).filter((draft) => {
      const live = published.entries.get("singleProject")?.find((entry) => entry.sys.id === draft.sys.id);
      return live && live.fields.projectTitle !== draft.fields.projectTitle;
    });
    expect(retitled.length).toBeGreaterThanOrEqual(1);
  });
});
