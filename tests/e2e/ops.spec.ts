import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { hydrated } from "./hydration.ts";

test("the footer's server-status link opens the status page with every component", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Server status" }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page).toHaveTitle("Server status | Gritstone");
  await expect(page.getByRole("heading", { level: 1, name: "Server status" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/All systems operational|Some systems degraded|Service disruption/);

  for (const name of ["Web", "Content source", "Mail delivery"]) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/Operational|Degraded|Down/);
  }
  for (const figure of ["Uptime", "Version", "Content freshness", "Outbox depth", "Last successful delivery"]) {
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  }
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("with JavaScript the status page renews its figures in place every 30 seconds", async ({ page }) => {
  await page.clock.install();
  await page.goto("/status");
  // The renewal is the app's: on a busy machine the network can be idle before it has hydrated.
  await hydrated(page);
  // The <noscript> refresh stays inert: no full reload that could fire after leaving the page.
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  const checkedAt = await page.locator("time").first().getAttribute("datetime");
  const renewed = page.waitForResponse((response) => new URL(response.url()).pathname === "/status.data");
  await page.clock.fastForward(30_000);
  expect((await renewed).status()).toBe(200);
  await expect(page.locator("time").first()).not.toHaveAttribute("datetime", checkedAt ?? "");
});

test("the status page draws the last hour as charts, each an image with a name and its figures in words", async ({
  page,
}) => {
  // Some traffic first, so the charts have something to show.
  for (const path of ["/", "/about", "/services", "/no-such-page"]) await page.request.get(path);
  await page.goto("/status");
  const history = page.getByRole("region", { name: "The last hour on this instance" });
  await expect(history).toBeVisible();
  for (const name of ["Requests", "Page time, 95th percentile", "Server errors (5xx)", "Page cache hits"]) {
    const chart = history.getByRole("img", { name, exact: true });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(
      /^(Now .+; highest .+; lowest .+\.|Nothing recorded in the last hour\.)$/,
    );
  }
  expect(await history.getByRole("img").count()).toBeGreaterThanOrEqual(4);
  // Readable at a phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the status page has no accessibility violations", async ({ page }) => {
  await page.goto("/status");
  await expect(page.getByRole("heading", { level: 1, name: "Server status" })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the status page renders and refreshes itself with a meta refresh", async ({ page }) => {
    const response = await page.goto("/status");
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 3, name: "Mail delivery" })).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");
    await expect(page.getByRole("img", { name: "Requests", exact: true })).toBeVisible();
  });
});
