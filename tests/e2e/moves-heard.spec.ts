import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { prefetchStartMark } from "../../src/shared/page-prefetch.ts";
import { hydrated } from "./hydration.ts";

// A keyboard and a screen reader: every move is made from the keyboard, and checked by what is focused and said.

/** The polite live region the app says each new page's title in. */
const announcer = (page: Page) => page.locator("body > p[aria-live]");
const skipLink = (page: Page) => page.getByRole("link", { name: "Skip to content" });

/** A page's title as the server writes it: what a visitor arriving there by a page load would hear. */
async function titleOf(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (!title) throw new Error(`${path}: no title`);
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
  return title.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => entities[name] ?? "");
}

/** Focuses the link, as Tab would, and follows it with Enter. Returns the path it led to. */
async function follow(page: Page, link: Locator): Promise<string> {
  const href = await link.getAttribute("href");
  if (!href) throw new Error("no link to follow");
  const path = new URL(href, page.url()).pathname;
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === path);
  return path;
}

/** The new page's title has been said, and the next Tab starts from the page's top: its skip link. */
async function expectHeardFromTop(page: Page, title: string) {
  await expect(announcer(page)).toHaveText(title);
  await page.keyboard.press("Tab");
  await expect(skipLink(page)).toBeFocused();
}

/** The first page loaded, hydrated and idle: the moment the app's later work has started. */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, prefetchStartMark);
}

test("a first load is left to the browser: nothing is said and focus stays where the page starts", async ({ page }) => {
  await page.goto("/about");
  await settled(page);
  await expect(announcer(page)).toHaveText("");
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press("Tab");
  await expect(skipLink(page)).toBeFocused();
});

test("links followed with the keyboard between the site's kinds of page, and back: each page is heard, and Tab starts from its top", async ({
  page,
  request,
}) => {
  // A move to each page and back again, each waiting for the page and its title.
  test.setTimeout(180_000);
  await page.goto("/");
  await settled(page);
  const visited = ["/"];
  const steps = [
    (p: Page) => p.locator('footer a[href="/about"]'),
    (p: Page) => p.locator('footer a[href="/services"]'),
    (p: Page) => p.locator('main a[href^="/service/"]').filter({ visible: true }).first(),
    (p: Page) => p.locator('footer a[href="/projects"]'),
    (p: Page) => p.locator('main a[href^="/project/"]').first(),
    (p: Page) => p.locator('footer a[href="/news"]'),
    (p: Page) => p.locator('main a[href^="/post/"]').first(),
    (p: Page) => p.locator("footer").getByRole("link", { name: "Contact", exact: true }),
  ];
  for (const link of steps) {
    const path = await follow(page, link(page));
    await expectHeardFromTop(page, await titleOf(request, path));
    visited.push(path);
  }
  expect(visited).toEqual([
    "/",
    "/about",
    "/services",
    expect.stringMatching(/^\/service\//),
    "/projects",
    expect.stringMatching(/^\/project\//),
    "/news",
    expect.stringMatching(/^\/post\//),
    "/contact",
  ]);

  // Back, page by page, to the first: the same as a move forward.
  for (const path of visited.slice(0, -1).reverse()) {
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expectHeardFromTop(page, await titleOf(request, path));
  }
  // And forward.
  await page.goForward();
  await expect(page).toHaveURL((url) => url.pathname === "/about");
  await expectHeardFromTop(page, await titleOf(request, "/about"));
});

test("a page chosen in the menu with the keyboard is heard once the menu has closed, and Tab starts from its top", async ({
  page,
  request,
}) => {
  await page.goto("/about");
  await settled(page);
  await page.getByRole("button", { name: "Menu", exact: true }).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toBeVisible();
  await follow(page, menu.getByRole("link", { name: "Services", exact: true }));
  await expect(menu).toBeHidden();
  await expectHeardFromTop(page, await titleOf(request, "/services"));
});

test("a move to a page that is not there, and back, is heard, and Tab starts from its top", async ({
  page,
  request,
}) => {
  // An unknown article is drawn by the root's error page, in a layout of its own; an unknown path by a route.
  const move = (path: string) =>
    page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      path,
    );
  await page.goto("/about");
  await settled(page);
  for (const path of ["/post/nope", "/no-such-page"]) {
    await move(path);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expectHeardFromTop(page, await titleOf(request, path));
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === "/about");
    await expectHeardFromTop(page, await titleOf(request, "/about"));
  }
});

test("a filter of the list keeps focus where it is, and its count line tells the results", async ({ page }) => {
  await page.goto("/news");
  await settled(page);
  const choice = page.getByRole("form", { name: "Article categories" }).getByRole("button").nth(1);
  const category = (await choice.textContent()) ?? "";
  await choice.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
  await expect(page.getByRole("status")).toContainText(`in ${category}`);
  await expect(choice).toBeFocused();
  await expect(announcer(page)).toHaveText("");
});

test("a move within the page (the skip link) says nothing, and Tab goes on from where it leads", async ({ page }) => {
  await page.goto("/services");
  await settled(page);
  await page.keyboard.press("Tab");
  await expect(skipLink(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
  await expect(announcer(page)).toHaveText("");
});

test("the enquiry form's answer keeps focus where the form puts it, and is not taken for a new page", async ({
  page,
  request,
}) => {
  await page.goto("/about");
  await settled(page);
  await follow(page, page.locator("footer").getByRole("link", { name: "Contact", exact: true }));
  const title = await titleOf(request, "/contact");
  await expect(announcer(page)).toHaveText(title);
  await expect(page.getByRole("form", { name: "Start a project" })).toHaveAttribute("novalidate", "");
  await page.getByLabel("Your name").fill("Ada Keyboard");
  await page.getByLabel("Email address").fill("ada@example.com");
  await page.getByLabel("The brief").fill("A new site for our pottery studio, live by spring.");
  // A wrong sum: the server refuses it and asks a new question, which the form focuses.
  const label = (await page.getByText(/^Spam check: what is \d+ \+ \d+\?/).textContent()) ?? "";
  const [, a, b] = /what is (\d+) \+ (\d+)\?/.exec(label) ?? [];
  await page.getByLabel(/^Spam check/).fill(String(Number(a) + Number(b) + 1));
  await page.getByRole("button", { name: "Send enquiry" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("You failed the spam protection.");
  await expect(page.getByLabel(/^Spam check/)).toBeFocused();
  await expect(announcer(page)).toHaveText(title);
});
