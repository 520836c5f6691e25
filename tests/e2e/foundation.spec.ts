import { expect, test } from "@playwright/test";

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
