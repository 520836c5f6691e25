import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

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
  await page.waitForLoadState("networkidle");
  // The <noscript> refresh stays inert: no full reload that could fire after leaving the page.
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  const checkedAt = await page.locator("time").first().getAttribute("datetime");
  const renewed = page.waitForResponse((response) => new URL(response.url()).pathname === "/status.data");
  await page.clock.fastForward(30_000);
  expect((await renewed).status()).toBe(200);
  await expect(page.locator("time").first()).not.toHaveAttribute("datetime", checkedAt ?? "");
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
  });
});
