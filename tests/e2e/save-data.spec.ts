import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { prefetchStartMark } from "../../src/shared/page-prefetch.ts";
import { hydrated } from "./hydration.ts";

interface Connection {
  saveData: boolean;
  effectiveType: string;
}

/** The browser says this of the connection, as Chromium does when the visitor turns on Lite mode or is on 2g. */
async function onConnection(page: Page, connection: Connection) {
  await page.addInitScript((said) => {
    const info = Object.assign(new EventTarget(), said, { downlink: 0.2, rtt: 2000, type: "cellular" });
    Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => info });
  }, connection);
}

/** Each route's own module in the client build (the prefetcher imports a page's modules before its data). */
function routeModules(): Map<string, string> {
  const dir = "build/client/assets";
  const file = readdirSync(dir).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!file) throw new Error("no route manifest in the build (npm run build)");
  const text = readFileSync(`${dir}/${file}`, "utf8");
  const routes: Record<string, { module: string }> = JSON.parse(
    text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1),
  ).routes;
  return new Map(Object.entries(routes).map(([id, route]) => [route.module, id]));
}

/**
 * What the page fetched ahead of the visitor: data of pages (`.data`), the modules of routes other than its own,
 * anything the browser was asked to fetch as a prefetch, and the prefetch links in the document.
 */
function watchFetchesAhead(page: Page, ownRoutes: string[]) {
  const modules = routeModules();
  const ahead: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const route = modules.get(url.pathname);
    const purpose = request.headers()["sec-purpose"] ?? request.headers().purpose;
    if (url.pathname.endsWith(".data") || (route && !ownRoutes.includes(route)) || purpose?.startsWith("prefetch"))
      ahead.push(url.pathname);
  });
  return {
    requests: () => [...new Set(ahead)],
    links: () =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="prefetch"], link[rel="stylesheet"][media="not all"]')].map(
          (link) => link.getAttribute("href") ?? "",
        ),
      ),
  };
}

/**
 * Gives the prefetcher every reason it has to fetch: the first load over and the browser idle, the menu's pages
 * queued, the page's links seen, the footer reached, and a link focused and pointed at (an intent).
 */
async function invitePrefetches(page: Page) {
  await hydrated(page);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, prefetchStartMark);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  const link = page.locator('footer a[href="/projects"]');
  await link.focus();
  await link.hover();
}

const savers: [string, Connection][] = [
  ["asks to save data", { saveData: true, effectiveType: "4g" }],
  ["is on 2g", { saveData: false, effectiveType: "2g" }],
  ["is on slow 2g", { saveData: false, effectiveType: "slow-2g" }],
];

for (const [name, connection] of savers) {
  test(`nothing is fetched ahead when the browser says the visitor ${name}, and moving still works`, async ({
    page,
  }) => {
    await onConnection(page, connection);
    const ahead = watchFetchesAhead(page, ["root", "routes/about"]);
    await page.goto("/about");
    await invitePrefetches(page);
    // The prefetcher would have started on the menu's pages, the footer's and the intent well within this.
    await page.waitForTimeout(3_000);
    expect(ahead.requests()).toEqual([]);
    expect(await ahead.links()).toEqual([]);

    // The move fetches what the next page needs then, as the router always does.
    const moved: string[] = [];
    page.on("request", (request) => moved.push(new URL(request.url()).pathname));
    await page.locator('footer a[href="/projects"]').click();
    await expect(page).toHaveURL((url) => url.pathname === "/projects");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work we're proud to put our name to.");
    expect(moved).toContain("/projects.data");
  });
}

test("on a fast connection that saves nothing, the same page does fetch ahead (what the tests above watch for)", async ({
  page,
}) => {
  await onConnection(page, { saveData: false, effectiveType: "4g" });
  const ahead = watchFetchesAhead(page, ["root", "routes/about"]);
  await page.goto("/about");
  await invitePrefetches(page);
  await expect.poll(() => ahead.requests(), { timeout: 15_000 }).toContain("/projects.data");
  expect(await ahead.links()).not.toEqual([]);
});
