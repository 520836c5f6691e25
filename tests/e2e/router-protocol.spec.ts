import { expect, type Page, test } from "@playwright/test";
import { dataRequestPage, isDataRequest, manifestPath } from "../../src/shared/router-protocol.ts";
import { site } from "../../src/shared/site.ts";
import { hydrated } from "./hydration.ts";
import { holdRequests } from "./network.ts";

/**
 * What the browser's React Router does that src/shared/router-protocol.ts assumes: the URLs it
 * asks the server for, and the router it leaves on `window`. An upgrade that changes either fails here.
 */

test.use({ reducedMotion: "reduce" });

/** The menu toggle is a link until React has hydrated; once it is a button the router is running. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

async function followMenuLink(page: Page, name: string) {
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
}

/** The router's own requests (its fetches), not the next pages' files and data fetched ahead by link elements. */
function recordRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch") seen.push(new URL(request.url()));
  });
  return seen;
}

const navigationOf = (page: Page) =>
  page.evaluate(() => {
    const navigation = window.__reactRouterDataRouter?.state.navigation;
    return navigation ? { state: navigation.state, pathname: navigation.location?.pathname } : undefined;
  });

test("the browser discovers routes at /__manifest and loads each page's data at its data URL", async ({ page }) => {
  const requests = recordRequests(page);
  await openHydrated(page, "/terms");
  // Lazy route discovery: the routes of the links on the page are asked for just after hydration.
  await expect
    .poll(() => requests.filter((url) => url.pathname === manifestPath).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const discovery = requests.find((url) => url.pathname === manifestPath);
  expect(discovery?.searchParams.get("paths")?.split(",")).toContain("/about");

  await followMenuLink(page, "Agency");
  await expect(page).toHaveURL(/\/about$/);
  const aboutData = requests.filter((url) => isDataRequest(url.pathname));
  expect(aboutData.map((url) => dataRequestPage(url.pathname))).toEqual(["/about"]);

  await page.getByRole("link", { name: `${site.name} home` }).click();
  await expect(page).toHaveURL(/\/$/);
  const homeData = requests.filter((url) => isDataRequest(url.pathname)).slice(aboutData.length);
  expect(homeData.map((url) => url.pathname)).toEqual(["/_.data"]);
  expect(dataRequestPage("/_.data")).toBe("/");
});

test("the hydrated router is on window with the navigation under way", async ({ page }) => {
  await openHydrated(page, "/terms");
  expect(await navigationOf(page)).toEqual({ state: "idle", pathname: undefined });

  // Hold the next page's data, so the navigation stays under way while we look.
  const release = await holdRequests(page, "**/about.data*");
  await followMenuLink(page, "Agency");
  await expect.poll(() => navigationOf(page)).toEqual({ state: "loading", pathname: "/about" });
  release();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => navigationOf(page)).toEqual({ state: "idle", pathname: undefined });
});

test("the router's updates after hydration leave the home page's unreached sections as the server drew them", async ({
  page,
}) => {
  // useRouterUpdatesAsTransitions: route discovery and the prefetcher update the router's state just after
  // hydration; drawn at default priority (as <HydratedRouter useTransitions={false}> would), each update makes React
  // hydrate the sections still waiting for their code at once, and, the code not being there, take them down.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const removed: string[] = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element) for (const h2 of node.querySelectorAll("h2[id]")) removed.push(h2.id);
    }).observe(document, { childList: true, subtree: true });
    Object.assign(window, { __removed: removed });
  });
  const discovered = page.waitForResponse((response) => new URL(response.url()).pathname === manifestPath);
  await openHydrated(page, "/");
  await discovered;
  // The prefetcher has started (after the load and an idle moment), with its own router subscriptions.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("page-prefetch-start").length), { timeout: 15_000 })
    .toBe(1);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __removed: string[] }).__removed)).toEqual([]);
  // Below the first screen, nothing has been hydrated yet.
  await expect(page.locator("main section h2[id]")).not.toHaveCount(0);
  expect(await page.locator("[data-hydrated]").count()).toBeLessThanOrEqual(1);
});
