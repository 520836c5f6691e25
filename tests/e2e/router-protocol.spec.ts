import { expect, type Page, test } from "@playwright/test";
import { dataRequestPage, isDataRequest, manifestPath } from "../../src/lib/router-protocol.ts";
import { site } from "../../src/site.ts";
import { hydrated } from "./hydration.ts";
import { holdRequests } from "./network.ts";

/**
 * What the browser's React Router does that src/lib/router-protocol.ts assumes (docs/decisions/0170): the URLs it
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
