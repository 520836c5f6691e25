import { expect, type Page, test } from "@playwright/test";
import { projects } from "./content.ts";
import { hydrated } from "./hydration.ts";
import { holdRequests } from "./network.ts";

const grid = (page: Page) => page.getByRole("region", { name: "Projects" });
const tileTitles = (page: Page) => grid(page).getByRole("heading", { level: 2 });
const categorySelect = (page: Page) => page.getByLabel("Show");

test("projects are sorted by title, with All Projects and each category in the dropdown", async ({ page, request }) => {
  const all = await projects(request);
  await page.goto("/projects");
  await expect(tileTitles(page)).toHaveText(all.map((project) => project.projectTitle));
  const shown = await tileTitles(page).allTextContents();
  expect([...shown].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" }))).toEqual(shown);

  const options = await categorySelect(page).locator("option").allTextContents();
  expect(options[0]).toBe("All Projects");
  const categories = [...new Set(all.flatMap((project) => project.category ?? []))];
  expect(options.slice(1).sort()).toEqual(categories.sort());
  await expect(page.getByRole("button", { name: "Show projects" })).toBeHidden();
});

test("choosing a category reloads the list at once; All Projects brings everything back", async ({ page, request }) => {
  const all = await projects(request);
  const category = all.at(-1)?.category?.[0] ?? "";
  const inCategory = all.filter((project) => project.category?.includes(category));
  await page.goto("/projects");
  await categorySelect(page).selectOption(category);
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
  await expect(tileTitles(page)).toHaveText(inCategory.map((project) => project.projectTitle));
  await expect(categorySelect(page)).toHaveValue(category);

  await categorySelect(page).selectOption({ label: "All Projects" });
  await expect(page).toHaveURL((url) => url.pathname === "/projects" && url.search === "");
  await expect(tileTitles(page)).toHaveCount(all.length);
});

test("a category picked before the app runs is shown once it does", async ({ page, request }) => {
  const all = await projects(request);
  const category = all[0]?.category?.[0] ?? "";
  const release = await holdRequests(page, /\/assets\/.*\.js$/);
  await page.goto("/projects", { waitUntil: "domcontentloaded" });
  await categorySelect(page).selectOption(category);
  // A pattern, not a predicate: toHaveURL with a predicate also waits for the load event, which the held scripts hold.
  await expect(page).toHaveURL(/\/projects$/);
  release();
  await hydrated(page);
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
  await expect(tileTitles(page)).toHaveText(
    all.filter((project) => project.category?.includes(category)).map((project) => project.projectTitle),
  );
  await expect(categorySelect(page)).toHaveValue(category);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the dropdown and its button filter the list", async ({ page, request }) => {
    const all = await projects(request);
    const category = all[0]?.category?.[0] ?? "";
    await page.goto("/projects");
    await categorySelect(page).selectOption(category);
    await page.getByRole("button", { name: "Show projects" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
    await expect(tileTitles(page)).toHaveText(
      all.filter((project) => project.category?.includes(category)).map((project) => project.projectTitle),
    );
  });
});

// One fresh page a width: a second visit to the same list restores the scroll position, so nothing waits.
for (const [width, columns] of [
  [390, 1],
  [1024, 2],
] as const) {
  test(`tiles come in ${columns === 1 ? "one column at a time" : "two at a time"} at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/projects");
    const tiles = grid(page).locator("[data-tile]");
    const lefts = await tiles.evaluateAll((list) => list.map((tile) => Math.round(tile.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(columns);
    // Tiles below the fold wait for their entrance (marked once the page has hydrated); the second column's
    // waits a little longer.
    const waiting = grid(page).locator("[data-entrance='waiting']");
    await expect.poll(() => waiting.count()).toBeGreaterThan(0);
    const delays = await waiting.evaluateAll((list) => list.map((tile) => (tile as HTMLElement).style.transitionDelay));
    expect(new Set(delays).size).toBe(columns);
    const last = tiles.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute("data-entrance", "in");
  });
}

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("no tile moves", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/projects");
    await page.waitForLoadState("networkidle");
    await expect(grid(page).locator("[data-entrance]")).toHaveCount(0);
  });
});
