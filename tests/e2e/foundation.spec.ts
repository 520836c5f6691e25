import { expect, test } from "@playwright/test";
import { pastThePageCache } from "../support/page-cache.ts";
import { hydrated } from "./hydration.ts";

test("the home page renders and hydrates without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page).toHaveTitle(/^Design Agency Derby \| .+ \| Web Design • Branding • UK$/);
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("an unknown page shows the 404 page, and Go Home leads home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404, page not found.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Doh! This is awkward..." })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

// The app's scripts are held back until the browser has painted the page, then hydrate it.
for (const { name, path, stored } of [
  { name: "a stored copy (hashes)", path: "/about", stored: true },
  // A visitor the cache passes: their own render, streamed, under a nonce.
  { name: "a first render (nonce)", path: pastThePageCache("/about"), stored: false },
]) {
  test(`${name}: the page paints before any script is fetched, then hydrates without errors`, async ({
    page,
    request,
  }) => {
    if (stored) {
      await expect
        .poll(async () => (await request.get(path)).headers()["x-cache"], { timeout: 15_000 })
        .toMatch(/^(HIT|STALE)$/);
    }
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(path);
    if (stored) expect(response?.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
    else expect(response?.headers()["x-cache"]).toBeUndefined();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(5);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint ?? Number.POSITIVE_INFINITY);
    expect(errors).toEqual([]);
  });
}
