import { expect, type Page, test } from "@playwright/test";
import { newestPosts } from "./content.ts";

async function openArticle(page: Page, slug: string) {
  const response = await page.goto(`/post/${slug}`);
  expect(response?.status()).toBe(200);
}

const contents = (page: Page) => page.getByRole("navigation", { name: "Contents" });

test("an article shows its title, category, date, read time, hero, intro, body and three other articles", async ({
  page,
  request,
}) => {
  const posts = await newestPosts(request);
  const post = posts[0];
  if (!post) throw new Error("no articles in the sample content");
  await openArticle(page, post.slug);

  await expect(page).toHaveTitle(/.+/);
  const article = page.getByRole("article").first();
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(post.blogTitle);
  await expect(
    article.locator("header").getByRole("link", { name: post.blogCategory[0], exact: true }),
  ).toHaveAttribute("href", `/news?${new URLSearchParams({ category: post.blogCategory[0] ?? "" })}`);
  // Day, full month name, year.
  await expect(article.locator("header time")).toHaveText(
    /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
  );
  await expect(article.getByText(/^\d+ min read$/)).toBeVisible();
  const hero = article.locator("img").first();
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const related = page.getByRole("region", { name: "Other articles you may like..." });
  await expect(related.getByRole("heading", { level: 2 })).toHaveText("Other articles you may like...");
  const relatedTitles = related.getByRole("heading", { level: 3 });
  await expect(relatedTitles).toHaveCount(3);
  expect(await relatedTitles.allTextContents()).not.toContain(post.blogTitle);
});

test("the contents sidebar lists the h2 headings as anchor links and highlights the section in view", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const [post] = await newestPosts(request);
  await openArticle(page, post?.slug ?? "");

  const headings = page.getByRole("article").locator("h2[id]:not(#contents)");
  const ids = await headings.evaluateAll((list) => list.map((h) => h.id));
  const titles = await headings.allTextContents();
  expect(ids.length).toBeGreaterThan(1);
  const links = contents(page).getByRole("link");
  await expect(links).toHaveText(titles);
  expect(await links.evaluateAll((list) => list.map((a) => a.getAttribute("href")))).toEqual(ids.map((id) => `#${id}`));

  await links.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`#${ids[1]}$`));
  await expect(links.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(contents(page).locator("[aria-current]")).toHaveCount(1);

  await page.evaluate(
    (id) => document.getElementById(id)?.scrollIntoView({ block: "start" }),
    ids[ids.length - 1] ?? "",
  );
  await expect(links.last()).toHaveAttribute("aria-current", "true");

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(contents(page).locator("[aria-current]")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the article and its contents links still work", async ({ page, request }) => {
    const [post] = await newestPosts(request);
    await openArticle(page, post?.slug ?? "");
    const first = contents(page).getByRole("link").first();
    const target = (await first.getAttribute("href")) ?? "";
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
    await expect(
      page.getByRole("region", { name: "Other articles you may like..." }).getByRole("heading", { level: 3 }),
    ).toHaveCount(3);
  });
});

test("an unknown article is the 404 page", async ({ page }) => {
  const response = await page.goto("/post/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404, page not found.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Doh! This is awkward..." })).toBeVisible();
});
