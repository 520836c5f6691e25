import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";

/**
 * Every list item of every article, as stored in content/ (the store the e2e server serves), is on the page in a real browser: after the server render and
 * hydration, and after a client-side navigation (the loader data travels as `.data` and is drawn in the browser).
 */

interface RichNode {
  nodeType: string;
  value?: string;
  content?: RichNode[];
}

const normalise = (value: string) => value.replace(/\s+/g, " ").trim();

function textOf(node: RichNode): string {
  return node.nodeType === "text" ? (node.value ?? "") : (node.content ?? []).map(textOf).join("");
}

/** The text of each list item (with any list nested in it), in document order. */
function listItems(node: RichNode | undefined): string[] {
  if (!node) return [];
  const own = node.nodeType === "list-item" ? [normalise(textOf(node))] : [];
  return [...own, ...(node.content ?? []).flatMap(listItems)];
}

/** The article's list items as shown (the contents sidebar is not content; link hints are not the editor's). */
async function shownListItems(page: Page): Promise<string[]> {
  const texts = await page.locator("article").first().locator("li:not(aside li)").allTextContents();
  return texts.map((text) => normalise(text.replaceAll(" (opens in a new tab)", "")));
}

// Two page loads and a client navigation each, on a machine shared with the rest of the suite.
test.describe.configure({ timeout: 60_000 });

const postsDir = path.resolve(import.meta.dirname, "../../content/entries/blogPost");
const posts = readdirSync(postsDir)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(path.join(postsDir, name), "utf8")) as { fields: StoredPost });

interface StoredPost {
  slug: string;
  blogTitle: string;
  blogIntro?: RichNode;
  blogText?: RichNode;
}

test("the sample articles have lists to show", () => {
  expect(
    posts.flatMap(({ fields }) => [...listItems(fields.blogIntro), ...listItems(fields.blogText)]).length,
  ).toBeGreaterThan(60);
});

for (const { fields } of posts) {
  test(`/post/${fields.slug} shows every stored list item, server-rendered and after client navigation`, async ({
    page,
  }) => {
    const stored = [...listItems(fields.blogIntro), ...listItems(fields.blogText)];

    await page.goto(`/post/${fields.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fields.blogTitle);
    expect(await shownListItems(page)).toEqual(stored);

    await page.goto("/news");
    // Hydrated (the header marks itself enhanced), so the click is a client navigation fetching the loader data.
    await expect(page.locator("[data-enhanced]").first()).toBeAttached();
    const data = page.waitForResponse((response) => response.url().includes(`/post/${fields.slug}.data`));
    await page.locator(`a[href="/post/${fields.slug}"]`).first().click();
    expect((await data).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/post/${fields.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fields.blogTitle);
    // The body is drawn a frame after the heading on a move inside the site.
    await expect.poll(() => shownListItems(page), { message: "after client navigation" }).toEqual(stored);
  });
}
