import { expect, type Page, test } from "@playwright/test";
import { newestPosts } from "./content.ts";
import { hydrated } from "./hydration.ts";

const filter = (page: Page) => page.getByRole("form", { name: "Article categories" });
const articleTitles = (page: Page) =>
  page.getByRole("region", { name: /articles/i }).getByRole("heading", { level: 3 });

async function expectNewestFirst(page: Page) {
  const dates = await page
    .getByRole("region", { name: /articles/i })
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect(dates.length).toBeGreaterThan(0);
  expect([...dates].sort().reverse()).toEqual(dates);
}

test("the news page lists every article, newest first, with All and each category as filters", async ({
  page,
  request,
}) => {
  const posts = await newestPosts(request);
  await page.goto("/news");
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  await expect(articleTitles(page)).toHaveText(posts.map((post) => post.blogTitle));
  await expectNewestFirst(page);

  const categories = [...new Set(posts.flatMap((post) => post.blogCategory))];
  const buttons = filter(page).getByRole("button");
  await expect(buttons.first()).toHaveText("All");
  await expect(buttons.first()).toHaveAttribute("aria-pressed", "true");
  expect((await buttons.allTextContents()).slice(1).sort()).toEqual([...categories].sort());
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("choosing a category shows only its articles; All clears the filter", async ({ page, request }) => {
      const posts = await newestPosts(request);
      const category = posts[posts.length - 1]?.blogCategory[0] ?? "";
      const inCategory = posts.filter((post) => post.blogCategory.includes(category));
      await page.goto("/news");

      await filter(page).getByRole("button", { name: category, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/news" && url.searchParams.get("category") === category);
      await expect(filter(page).getByRole("button", { name: category, exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(filter(page).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
      await expect(articleTitles(page)).toHaveText(inCategory.map((post) => post.blogTitle));
      await expect(page.getByRole("status")).toHaveText(
        `${inCategory.length} article${inCategory.length === 1 ? "" : "s"} in ${category}`,
      );

      await filter(page).getByRole("button", { name: "All" }).click();
      // Without JavaScript the browser submits the empty form as "/news?"; either way, no category.
      await expect(page).toHaveURL((url) => url.pathname === "/news" && !url.searchParams.has("category"));
      await expect(filter(page).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
      await expect(articleTitles(page)).toHaveCount(posts.length);
    });
  });
}

test("while another category's articles load, the list says it is busy, and not once they are shown", async ({
  page,
  request,
}) => {
  const posts = await newestPosts(request);
  const category = posts[0]?.blogCategory[0] ?? "";
  await page.goto("/news");
  await hydrated(page);
  // The router's request for the filtered list is held until the busy list has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/news.data",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const list = page.getByRole("region", { name: /articles/i });
  await expect(list).not.toHaveAttribute("aria-busy", "true");
  await filter(page).getByRole("button", { name: category, exact: true }).click();
  await expect(list).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page.getByRole("status")).toContainText(`in ${category}`);
  await expect(page.getByRole("region", { name: /articles/i })).not.toHaveAttribute("aria-busy", "true");
});

test("a category the filter does not offer is the 404 page, with its way home", async ({ page }) => {
  const response = await page.goto("/news?category=Knitting");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Doh! This is awkward..." })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an article card leads to the article", async ({ page, request }) => {
  const [newest] = await newestPosts(request);
  await page.goto("/news");
  await page.getByRole("link", { name: newest?.blogTitle ?? "" }).click();
  await expect(page).toHaveURL(`/post/${newest?.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest?.blogTitle ?? "");
});
