import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { projects } from "./content.ts";
import { hydrated } from "./hydration.ts";

/**
 * Every control works from the first paint. A project tile followed before the app has run is a plain
 * link (no navigation state), yet the project page still offers previous and next in the list's order once its
 * own app runs.
 */

const appScripts = /\/assets\/.*\.js$/;
const moreProjects = (page: Page) => page.getByRole("navigation", { name: "More projects" });
const previousLink = (page: Page) => moreProjects(page).getByRole("link", { name: /Previous project/ });
const nextLink = (page: Page) => moreProjects(page).getByRole("link", { name: /Next project/ });

interface Tile {
  title: string;
  href: string;
}

/** Opens a page with the app's scripts refused: it paints and never hydrates, as on a slow phone before 2.5 s. */
async function openWithoutApp(page: Page, path: string) {
  await page.route(appScripts, (route) => route.abort());
  await page.goto(path);
  await page.waitForLoadState("load");
  await expect(page.locator("nav[data-enhanced]")).toHaveCount(0);
}

/** The list's tiles as the visitor sees them, in their order. */
async function tilesOf(page: Page): Promise<Tile[]> {
  const links = page.getByRole("region", { name: "Projects" }).getByRole("heading").getByRole("link");
  return links.evaluateAll((elements) =>
    elements.map((element) => ({ title: element.textContent ?? "", href: element.getAttribute("href") ?? "" })),
  );
}

/** Follows a tile before the list page has hydrated; the project page it opens is allowed its scripts. */
async function followBeforeHydration(page: Page, tile: Tile) {
  await page.unroute(appScripts);
  await page.getByRole("region", { name: "Projects" }).getByRole("link", { name: tile.title, exact: true }).click();
  await expect(page).toHaveURL(tile.href);
  await hydrated(page);
}

async function expectNeighbours(page: Page, previous: Tile | undefined, next: Tile | undefined) {
  if (previous) {
    await expect(previousLink(page)).toContainText(previous.title);
    await expect(previousLink(page)).toHaveAttribute("href", previous.href);
  } else {
    await expect(previousLink(page)).toHaveCount(0);
  }
  if (next) {
    await expect(nextLink(page)).toContainText(next.title);
    await expect(nextLink(page)).toHaveAttribute("href", next.href);
  } else {
    await expect(nextLink(page)).toHaveCount(0);
  }
}

/**
 * Records the project page's own requests for the project list's data (what it would load its neighbours from):
 * the router's fetches, not the menu's pages fetched ahead by link elements after the first load.
 */
function listDataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch" && new URL(request.url()).pathname === "/projects.data")
      seen.push(request.url());
  });
  return seen;
}

/** A hydrated project page that asks for no list and, a while later, still shows no previous or next. */
async function expectNoNeighbours(page: Page, listRequests: string[]) {
  await hydrated(page);
  await page.waitForTimeout(1_500);
  expect(listRequests).toEqual([]);
  await expect(moreProjects(page)).toHaveCount(0);
}

test("a tile followed before the list hydrated still gets previous and next in the list's order", async ({ page }) => {
  await openWithoutApp(page, "/projects");
  const tiles = await tilesOf(page);
  expect(tiles.length).toBeGreaterThanOrEqual(3);
  for (const tile of tiles) expect(tile.href).toMatch(/^\/project\/[^/?#]+$/);

  await followBeforeHydration(page, tiles[1] as Tile);
  await expectNeighbours(page, tiles[0], tiles[2]);

  // Next walks on through the list; back finds the list on the first project's entry again (its history state).
  await nextLink(page).click();
  await expect(page).toHaveURL(tiles[2]?.href ?? "");
  await expectNeighbours(page, tiles[1], tiles[3]);
  await page.goBack();
  await expect(page).toHaveURL(tiles[1]?.href ?? "");
  await expectNeighbours(page, tiles[0], tiles[2]);

  // A reload of that entry keeps them too.
  await page.reload();
  await hydrated(page);
  await expectNeighbours(page, tiles[0], tiles[2]);
});

test("the first tile of the list gets next but no previous", async ({ page }) => {
  await openWithoutApp(page, "/projects");
  const tiles = await tilesOf(page);
  await followBeforeHydration(page, tiles[0] as Tile);
  await expectNeighbours(page, undefined, tiles[1]);
});

test("a tile of a filtered list followed before hydration gets that list's neighbours", async ({ page, request }) => {
  // The category with the most projects, and in it a project whose neighbours differ from the whole list's.
  const all = await projects(request);
  const counts = new Map<string, number>();
  for (const project of all) for (const name of project.category ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  const [category] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!category) throw new Error("no project categories in the sample content");

  await openWithoutApp(page, "/projects");
  const whole = await tilesOf(page);
  await page.goto(`/projects?${new URLSearchParams({ category })}`);
  const filtered = await tilesOf(page);
  expect(filtered.length).toBeGreaterThanOrEqual(2);
  expect(filtered.length).toBeLessThan(whole.length);
  const index = filtered.findIndex((tile, i) => {
    const inWhole = whole.findIndex((w) => w.href === tile.href);
    return whole[inWhole - 1]?.href !== filtered[i - 1]?.href || whole[inWhole + 1]?.href !== filtered[i + 1]?.href;
  });
  expect(index).toBeGreaterThanOrEqual(0);

  await followBeforeHydration(page, filtered[index] as Tile);
  await expectNeighbours(page, filtered[index - 1], filtered[index + 1]);
});

test("a project opened directly or from the home page has no previous or next", async ({ page, request, baseURL }) => {
  // Directly, with the app running.
  const [project] = await projects(request);
  const listRequests = listDataRequests(page);
  await page.goto(`/project/${project?.slug}`);
  await expectNoNeighbours(page, listRequests);

  // From a home page tile followed before hydration: the referrer is the home page, not the list.
  await openWithoutApp(page, "/");
  const tile = page.getByRole("main").locator('a[href^="/project/"]').first();
  const href = (await tile.getAttribute("href")) ?? "";
  await page.unroute(appScripts);
  await tile.click();
  await expect(page).toHaveURL(href);
  await expectNoNeighbours(page, listRequests);

  // The server's page is the same whoever referred the visitor: nothing of the list in it, so it stays cacheable.
  const html = await (
    await request.get(`/project/${project?.slug}`, { headers: { Referer: `${baseURL}/projects` } })
  ).text();
  expect(html).not.toContain("More projects");
});

test("the list's referral counts for the page it opened, not for pages the visitor moves on to", async ({ page }) => {
  await openWithoutApp(page, "/projects");
  const tiles = await tilesOf(page);
  await followBeforeHydration(page, tiles[1] as Tile);
  await expectNeighbours(page, tiles[0], tiles[2]);
  const listRequests = listDataRequests(page);

  // On to the home page and one of its tiles inside the app: the document's referrer is still the list.
  await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
  await expect(page).toHaveURL("/");
  // The project page's own links to projects are gone before a tile of the home page is picked.
  await expect(moreProjects(page)).toHaveCount(0);
  const tile = page.getByRole("main").locator('a[href^="/project/"]').first();
  const href = (await tile.getAttribute("href")) ?? "";
  await tile.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoNeighbours(page, listRequests);
});

test.describe("the side-scroll story without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [390, 1440]) {
    test(`is a strip that scrolls sideways to every panel and the Our Services link at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const section = page.locator("section[data-side-scroll]");
      const strip = section.getByRole("region", { name: "How we work, step by step" });
      await strip.scrollIntoViewIfNeeded();
      const offset = () => strip.evaluate((element) => element.scrollLeft);

      // Nothing to lock the page: the page itself does not scroll sideways, the strip does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const { scrollWidth, clientWidth } = await strip.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      const last = strip.getByRole("heading", { name: "Grow" });
      const services = strip.getByRole("link", { name: "Our Services" });
      await expect(services).not.toBeInViewport();

      // The keyboard moves it: the strip takes focus and the arrow keys scroll it.
      await strip.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(offset).toBeGreaterThan(0);

      // Every panel can be brought into view, whole: none is wider than the strip, and nothing in it overflows.
      const panels = strip.locator(":scope > *");
      expect(await panels.count()).toBe(7);
      for (const panel of await panels.all()) {
        await panel.evaluate((element) => element.scrollIntoView({ inline: "start", block: "nearest" }));
        await expect(panel).toBeInViewport({ ratio: 1 });
        const overflowing = await panel.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [...element.querySelectorAll("h2, h3, p, a")]
            .map((child) => child.getBoundingClientRect())
            .filter((child) => child.left < box.left - 1 || child.right > box.right + 1).length;
        });
        expect(overflowing).toBe(0);
      }
      await expect(last).toBeInViewport();
      await expect(services).toBeInViewport();

      // Back to the start, then Tab onto the link: the strip scrolls it into view, and it is followed.
      await strip.evaluate((element) => element.scrollTo({ left: 0, behavior: "instant" }));
      await expect.poll(offset).toBe(0);
      await strip.focus();
      await page.keyboard.press("Tab");
      await expect(services).toBeFocused();
      await expect(services).toBeInViewport();
      expect(await offset()).toBeGreaterThan(0);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/services$/);
    });
  }
});

// axe runs inside the page, which a page without JavaScript does not allow: it checks the same server markup and
// styles before hydration (the app's scripts refused), where the story is the same plain strip.
for (const width of [390, 1440]) {
  test(`the side-scroll story has no axe violations before hydration at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openWithoutApp(page, "/");
    const section = page.locator("section[data-side-scroll]");
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute("data-side-scroll", "off");
    const results = await new AxeBuilder({ page })
      .include("section[data-side-scroll]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations).toEqual([]);
  });
}
