import { expect, test } from "@playwright/test";
import { hydrated } from "./hydration.ts";

/** `npm run dev`: the same server with Vite in middleware mode serves every page, hydrated, with HMR connected. */

for (const [path, heading] of [
  ["/", "Say no to mediocre"],
  ["/about", "We make brands hard to ignore"],
  ["/news", undefined],
  ["/contact", undefined],
] as const) {
  test(`${path} renders and hydrates in development`, async ({ page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const viteConnected = page.waitForEvent("console", (message) => message.text().includes("[vite] connected"));
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toBeVisible();
    if (heading) await expect(h1).toHaveText(heading);
    await viteConnected;
    // The menu opens as a popover before hydration too; its aria-expanded is React's.
    await hydrated(page);
    const menu = page.getByRole("button", { name: /menu/i }).first();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(problems).toEqual([]);
  });
}

test("an unknown path is the 404 page in development too", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
});
