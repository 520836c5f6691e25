import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalSource, draftsFolder, readLocalStore } from "../../server/content/local-source.ts";
import { compileQuery } from "../../server/content/query.ts";
import { fixturePosts, link, writeFixtureStore } from "../support/content-fixture.ts";

/** The embedded store is read at start (a broken file stops the start with its path and the problem) and on a purge. */

const dirs: string[] = [];
const fixture = () => {
  const dir = writeFixtureStore();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const entryFile = (dir: string, type: string, id: string) => path.join(dir, "entries", type, `${id}.json`);
const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(file, "utf8"));
  change(json);
  writeFileSync(file, JSON.stringify(json));
};

describe("the local store", () => {
  it("reads every entry with its assets resolved", async () => {
    const store = await readLocalStore(fixture());
    expect(store.entries.get("blogPost")).toHaveLength(5);
    expect(store.entries.get("homePage")?.[0]?.fields.carousel).toHaveLength(3);
    expect(store.assets.get("hero-alpha")?.fields.file.url).toBe("/content/images/hero-alpha.png");
  });

  it("is empty, not broken, where there is no store yet", async () => {
    const store = await readLocalStore(path.join(mkdtempSync(path.join(tmpdir(), "no-store-")), "content"));
    expect([...store.entries.values()].flat()).toEqual([]);
  });

  it("names a file that is not JSON", async () => {
    const dir = fixture();
    writeFileSync(entryFile(dir, "blogPost", "post-alpha"), "{ nope");
    await expect(readLocalStore(dir)).rejects.toThrow(/post-alpha\.json: .*JSON/);
  });

  it("names a link to an asset that does not exist", async () => {
    const dir = fixture();
    edit(entryFile(dir, "singleServices", "service-branding"), (json) => {
      (json.fields as Record<string, unknown>).accordionImage = {
        sys: { type: "Link", linkType: "Asset", id: "ghost" },
      };
    });
    await expect(readLocalStore(dir)).rejects.toThrow(/service-branding\.json: links to asset "ghost"/);
  });

  it("needs sys.id to match the file name, and ids to be unique", async () => {
    const dir = fixture();
    edit(entryFile(dir, "blogPost", "post-alpha"), (json) => {
      json.sys = { id: "post-beta" };
    });
    await expect(readLocalStore(dir)).rejects.toThrow(/post-alpha\.json: sys\.id "post-beta" must match the file name/);
    const other = fixture();
    mkdirSync(path.join(other, "entries", "singleServices"), { recursive: true });
    renameSync(entryFile(other, "blogPost", "post-alpha"), entryFile(other, "singleServices", "post-alpha"));
    writeFileSync(
      entryFile(other, "blogPost", "post-alpha"),
      readFileSync(entryFile(other, "singleServices", "post-alpha")),
    );
    await expect(readLocalStore(other)).rejects.toThrow(/sys\.id "post-alpha" is also used by/);
  });

  it("refuses a folder that is not a content type, and an asset without a file", async () => {
    const dir = fixture();
    mkdirSync(path.join(dir, "entries", "author"));
    await expect(readLocalStore(dir)).rejects.toThrow(/author: not a content type/);
    const other = fixture();
    const assetsFile = path.join(other, "assets.json");
    const assets = JSON.parse(readFileSync(assetsFile, "utf8"));
    delete assets[0].fields.file;
    writeFileSync(assetsFile, JSON.stringify(assets));
    await expect(readLocalStore(other)).rejects.toThrow(/assets\.json: 0\.fields\.file/);
  });

  it("is read again on reload (a purge); a broken file keeps the store in use and names the file", async () => {
    const dir = fixture();
    const source = await createLocalSource(dir);
    const titleOf = async () => {
      const { items } = await source.getEntries(
        compileQuery({ content_type: "blogPost", "fields.slug": "alpha-launch" }),
      );
      return items[0]?.fields.blogTitle;
    };
    expect(await titleOf()).toBe("Alpha launch");
    edit(entryFile(dir, "blogPost", "post-alpha"), (json) => {
      (json.fields as Record<string, unknown>).blogTitle = "Alpha relaunch";
    });
    expect(await titleOf()).toBe("Alpha launch");
    const reloading = source.reload();
    // A read that starts while the files are read again waits for them.
    expect(await titleOf()).toBe("Alpha relaunch");
    await reloading;

    writeFileSync(entryFile(dir, "blogPost", "post-alpha"), "{ not json");
    await expect(source.reload()).rejects.toThrow(/post-alpha\.json/);
    expect(await titleOf()).toBe("Alpha relaunch");
  });
});

/** The embedded store's drafts (content/drafts/): read through the same loader, only when preview asks. */

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
