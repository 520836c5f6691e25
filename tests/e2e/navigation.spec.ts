import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./hydration.ts";

// A phone with smooth scrolling on (no preference for reduced motion), as most visitors have.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: "no-preference",
});

interface Move {
  name: string;
  from: string;
  /** The page the visitor came from (previous and next project are offered only to a visitor from the list). */
  referer?: string;
  link: string;
  /** The route the link leads to, as the route manifest names it. */
  route: string;
  viaMenu?: boolean;
}

const moves: Move[] = [
  { name: "/ → /about by the footer", from: "/", link: 'footer a[href="/about"]', route: "routes/about" },
  { name: "/projects → a project", from: "/projects", link: 'main a[href^="/project/"]', route: "routes/project" },
  { name: "/news → an article", from: "/news", link: 'main a[href^="/post/"]', route: "routes/post" },
  { name: "/services → a service", from: "/services", link: 'main a[href^="/service/"]', route: "routes/service" },
  {
    name: "a project → the next",
    from: "/project/adidas",
    referer: "/projects",
    link: 'main a[rel="next"]',
    route: "routes/project",
  },
  {
    name: "the menu → Our Work",
    from: "/about",
    link: '#site-menu a[href="/projects"]',
    route: "routes/projects",
    viaMenu: true,
  },
];

/** The client build's route manifest: each route's module, everything it imports, and its stylesheets. */
function builtRoutes(): Record<string, { module: string; imports?: string[]; css?: string[] }> {
  const dir = "build/client/assets";
  const file = readdirSync(dir).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!file) throw new Error("no route manifest in the build (npm run build)");
  const text = readFileSync(`${dir}/${file}`, "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)).routes;
}

/**
 * Notes the address, the scroll position and the heading's look of the first frame drawn with each new page (a new
 * h1): what the visitor sees as the page changes (a smooth scroll would show the old position first, then slide;
 * a page drawn before its stylesheets apply would show its heading unstyled first).
 */
async function watchArrivals(page: Page) {
  await page.evaluate(() => {
    // How the heading looks: what changes when a page is drawn before its stylesheets apply.
    const headingLook = () => {
      const h1 = document.querySelector("h1");
      if (!h1) return "";
      const style = getComputedStyle(h1);
      return [style.fontFamily, style.fontSize, style.fontWeight, style.color, style.textAlign].join(" / ");
    };
    const arrivals: { path: string; scrollY: number; look: string }[] = [];
    const heading = () => document.querySelector("h1")?.textContent ?? "";
    let last = heading();
    const frame = () => {
      if (heading() !== last) {
        last = heading();
        arrivals.push({ path: location.pathname, scrollY: window.scrollY, look: headingLook() });
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    Object.assign(window, { __arrivals: arrivals, __headingLook: headingLook });
  });
}

/** How the page is drawn: its heading's look, and the height of its main content in CSS pixels. */
const pageLook = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.querySelector("h1") ?? document.body);
    return {
      heading: [style.fontFamily, style.fontSize, style.fontWeight, style.color, style.textAlign].join(" / "),
      height: document.querySelector("main")?.getBoundingClientRect().height ?? 0,
    };
  });

const headingLookNow = (page: Page) =>
  page.evaluate(() => (window as unknown as { __headingLook: () => string }).__headingLook());

const arrivals = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __arrivals: { path: string; scrollY: number; look: string }[] }).__arrivals,
  );

async function open(page: Page, move: Move, baseURL: string | undefined) {
  await page.goto(move.from, { referer: move.referer && new URL(move.referer, baseURL).href });
  await hydrated(page);
}

/** Brings the link into view (or opens the menu), as the visitor would, and returns its address. */
async function reach(page: Page, move: Move): Promise<string> {
  const link = page.locator(move.link).first();
  if (move.viaMenu) {
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    await expect(link).toBeVisible();
  } else {
    await link.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  }
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`${move.name}: no link`);
  return new URL(href, page.url()).pathname;
}

for (const move of moves) {
  test.describe(move.name, () => {
    test("fetches the next page's code, styles and data before the tap, and the tap asks the server for none of it", async ({
      page,
      baseURL,
    }) => {
      const requested = new Set<string>();
      page.on("requestfinished", (request) => requested.add(new URL(request.url()).pathname));
      await open(page, move, baseURL);
      const path = await reach(page, move);
      const route = builtRoutes()[move.route];
      if (!route) throw new Error(`no route ${move.route} in the build`);
      // Stylesheets the page already has (inline, or loaded) are not fetched again.
      const present = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([media="not all"])')].map((link) =>
          link.getAttribute("href")?.replace(/#.*$/, ""),
        ),
      );
      const styles = (route.css ?? []).map((href) => href.replace(/#$/, "")).filter((href) => !present.includes(href));
      const files = [route.module, ...(route.imports ?? []), ...styles];
      await expect
        .poll(() => [...files, `${path}.data`].filter((file) => !requested.has(file)), { timeout: 15_000 })
        .toEqual([]);

      // After the tap, the router's files and its request for the page's data are answered by the browser's cache.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      const fromNetwork: string[] = [];
      const dataAnswers: string[] = [];
      // The next route's files and the router's request for its data (not the new page's own prefetches), including
      // the stylesheets the first document carried inline, which the router checks before it moves.
      const ofTheMove = new Set([...(route.css ?? []).map((href) => href.replace(/#$/, "")), ...files]);
      cdp.on("Network.responseReceived", (event) => {
        const url = new URL(event.response.url);
        const cached = event.response.fromPrefetchCache || event.response.fromDiskCache;
        if (url.pathname === `${path}.data` && event.type === "Fetch") dataAnswers.push(cached ? "cache" : "server");
        if (ofTheMove.has(url.pathname) && !cached) fromNetwork.push(url.pathname);
      });
      await page.locator(move.link).first().tap();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.locator("h1")).toBeVisible();
      expect(fromNetwork).toEqual([]);
      expect(dataAnswers).toEqual(["cache"]);

      // Drawn with its own styles, as a visit to the page draws it: its heading looks the same and its content is
      // about as tall (a page whose stylesheets do not apply is several times taller, its images at their full size;
      // a project reached from the list also offers the previous and the next).
      const direct = await page.context().newPage();
      await direct.goto(path);
      await hydrated(direct);
      const expected = await pageLook(direct);
      await direct.close();
      await expect.poll(async () => (await pageLook(page)).heading).toBe(expected.heading);
      await expect.poll(async () => Math.abs((await pageLook(page)).height / expected.height - 1)).toBeLessThan(0.25);
    });

    test("arrives at the top of the next page, and back returns to where the visitor was", async ({
      page,
      baseURL,
    }) => {
      await open(page, move, baseURL);
      const path = await reach(page, move);
      const left = await page.evaluate(() => window.scrollY);
      await watchArrivals(page);
      await page.locator(move.link).first().tap();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect.poll(async () => (await arrivals(page)).length).toBe(1);
      // The first frame of the new page is drawn at its top (no slide from where the link was), and styled.
      expect((await arrivals(page))[0]).toMatchObject({ path, scrollY: 0 });
      await expect(page.locator("h1")).toBeInViewport();
      expect((await arrivals(page))[0]?.look).toBe(await headingLookNow(page));
      // The rest of the page follows (the part below the first screen may come a frame later): every section
      // heading a visit to the page itself shows.
      const direct = await page.context().newPage();
      await direct.goto(path);
      const headings = await direct.locator("main h2").allTextContents();
      await direct.close();
      await expect(page.locator("main h2")).toHaveText(headings);

      await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
      await page.goBack();
      await expect.poll(async () => (await arrivals(page)).length).toBe(2);
      expect((await arrivals(page))[1]).toMatchObject({ path: move.from });
      // Where the visitor left it (a section streamed in after the page is drawn may take a moment to get there),
      // or the page's end if it is now shorter than that (the home page's news teaser, drawn by the browser this
      // time, is a few pixels shorter than the server's).
      await expect
        .poll(() =>
          page.evaluate(
            // To the pixel: positions on a 3x screen are fractions of one.
            (left) =>
              Math.abs(window.scrollY - Math.min(left, document.documentElement.scrollHeight - window.innerHeight)) <=
              1,
            left,
          ),
        )
        .toBe(true);
    });
  });
}

test("leaving the home page from its top replaces it in one step: the sections not yet reached are not taken down first", async ({
  page,
}) => {
  // The home page's sections below the first screen are hydrated only when they come near. Before the router's
  // updates were transitions, a move away first drew the page being left again, at default priority, which made React
  // hydrate each of those sections at once; their code not being there, each was emptied while the home page was
  // still on screen, one synchronous render after another, before the next page could be drawn.
  await page.goto("/");
  await hydrated(page);
  const sections = await page.locator("main section h2[id]").evaluateAll((headings) => headings.map((h) => h.id));
  expect(sections.length).toBeGreaterThan(3);
  const takenDown = await page.evaluate(
    (ids) =>
      new Promise<string[]>((resolve) => {
        const home = document.querySelector("h1");
        const early: string[] = [];
        new MutationObserver((records) => {
          if (!home?.isConnected) return;
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof Element)
                for (const id of ids) if (node.id === id || node.querySelector(`#${id}`)) early.push(id);
        }).observe(document.body, { childList: true, subtree: true });
        // Clicked where it is, without scrolling to it: a scroll would bring the sections near and hydrate them.
        document.querySelector<HTMLAnchorElement>('footer a[href="/about"]')?.click();
        const arrived = () =>
          location.pathname === "/about" && !home?.isConnected ? resolve(early) : requestAnimationFrame(arrived);
        arrived();
      }),
    sections,
  );
  await expect(page.locator("h1")).toBeInViewport();
  expect(takenDown).toEqual([]);
});
