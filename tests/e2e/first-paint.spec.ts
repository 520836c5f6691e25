import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./hydration.ts";

// The menu and the accordions work from the first paint, before the app's scripts have
// run and without JavaScript at all. Reduced motion: nothing waits for an animation.
test.use({ reducedMotion: "reduce" });

const menuToggle = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });
const closeButton = (page: Page) => page.getByRole("button", { name: "Close menu" });
const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const whatsInTheBox = (page: Page) => page.getByRole("region", { name: "What's in the box" });

/**
 * Holds the app's scripts (the hashed bundles under /assets/) until `release` is called: the page is the server's
 * HTML and CSS only, as a phone shows it for its first seconds.
 */
async function holdAppScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** The accordion panels of a service page, as the visitor sees them: their titles and whether each is open. */
async function panelShown(page: Page, title: string) {
  // The inner locator of `has` is read inside each panel: it names the heading alone.
  const heading = page.getByRole("heading", { name: title, exact: true });
  const content = whatsInTheBox(page)
    .locator("details, [data-open]")
    .filter({ has: heading })
    .locator("[class*=content]")
    .first();
  return content.isVisible();
}

for (const width of [390, 1440]) {
  test.describe(`without JavaScript at ${width} px`, () => {
    test.use({ javaScriptEnabled: false, viewport: { width, height: 844 } });

    test("an accordion opens and closes, and all start closed", async ({ page }) => {
      await page.goto("/service/web-design");
      const titles = await whatsInTheBox(page).getByRole("heading", { level: 3 }).allTextContents();
      expect(titles).toHaveLength(5);
      for (const title of titles) expect(await panelShown(page, title)).toBe(false);
      const [first, third] = [titles[0] ?? "", titles[2] ?? ""];
      await whatsInTheBox(page).getByText(first, { exact: true }).click();
      await expect.poll(() => panelShown(page, first)).toBe(true);
      await whatsInTheBox(page).getByText(third, { exact: true }).click();
      await expect.poll(() => panelShown(page, third)).toBe(true);
      expect(await panelShown(page, first)).toBe(true);
      await whatsInTheBox(page).getByText(first, { exact: true }).click();
      await expect.poll(() => panelShown(page, first)).toBe(false);
      expect(await panelShown(page, third)).toBe(true);
    });
  });
}

// axe is a script itself, so the server's HTML is checked with scripting on and the app's scripts held back: the
// same document a visitor without JavaScript gets, less the <noscript> alternatives.
for (const width of [390, 1440]) {
  test(`before the app runs at ${width} px, axe finds nothing with an accordion and then the menu open`, async ({
    page,
  }) => {
    test.setTimeout(90_000); // two axe runs over a whole page
    await page.setViewportSize({ width, height: 844 });
    await holdAppScripts(page);
    await page.goto("/service/web-design", { waitUntil: "domcontentloaded" });
    const title = (await whatsInTheBox(page).getByRole("heading", { level: 3 }).first().textContent()) ?? "";
    await whatsInTheBox(page).getByText(title, { exact: true }).click();
    await expect.poll(() => panelShown(page, title)).toBe(true);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await menuToggle(page).click();
    await expect(mainMenu(page).getByRole("link", { name: "Contact" })).toBeVisible();
    expect((await new AxeBuilder({ page }).include("#site-menu").analyze()).violations).toEqual([]);
    await expect(page.locator("nav[data-enhanced]")).toHaveCount(0);
  });
}

test.describe("before the app's scripts have run", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the menu opens from a tap, closes on Escape and on its close button, and stays open through hydration", async ({
    page,
  }) => {
    const scripts = await holdAppScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await menuToggle(page).tap();
    await expect(mainMenu(page).getByRole("link", { name: "Our Work" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mainMenu(page)).toBeHidden();
    await menuToggle(page).tap();
    await closeButton(page).tap();
    await expect(mainMenu(page)).toBeHidden();
    await expect(page.locator("nav[data-enhanced]")).toHaveCount(0);

    // Opened before the app runs, it is still open once it has, and the app closes it from then on.
    await menuToggle(page).tap();
    scripts.release();
    await hydrated(page);
    await expect(mainMenu(page).getByRole("link", { name: "Our Work" })).toBeVisible();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
    await closeButton(page).tap();
    await expect(mainMenu(page)).toBeHidden();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("a menu link leads to its page", async ({ page }) => {
    await holdAppScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await menuToggle(page).tap();
    await mainMenu(page).getByRole("link", { name: "Services" }).tap();
    await expect(page).toHaveURL(/\/services$/);
    await expect(mainMenu(page)).toBeHidden();
  });

  test("an accordion opens and closes, and what was opened stays open through hydration", async ({ page }) => {
    const scripts = await holdAppScripts(page);
    await page.goto("/service/web-design", { waitUntil: "domcontentloaded" });
    const titles = await whatsInTheBox(page).getByRole("heading", { level: 3 }).allTextContents();
    const [first, second] = [titles[0] ?? "", titles[1] ?? ""];
    await whatsInTheBox(page).getByText(second, { exact: true }).tap();
    await expect.poll(() => panelShown(page, second)).toBe(true);
    await whatsInTheBox(page).getByText(second, { exact: true }).tap();
    await expect.poll(() => panelShown(page, second)).toBe(false);
    await whatsInTheBox(page).getByText(first, { exact: true }).tap();
    await expect.poll(() => panelShown(page, first)).toBe(true);

    scripts.release();
    await hydrated(page);
    const firstButton = whatsInTheBox(page).getByRole("button", { name: first });
    await expect(firstButton).toHaveAttribute("aria-expanded", "true");
    await expect(whatsInTheBox(page).getByRole("button", { name: second })).toHaveAttribute("aria-expanded", "false");
    expect(await panelShown(page, first)).toBe(true);
    await firstButton.tap();
    await expect(firstButton).toHaveAttribute("aria-expanded", "false");
    await expect.poll(() => panelShown(page, first)).toBe(false);
  });
});
