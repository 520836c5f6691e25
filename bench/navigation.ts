// How long does a move inside the site take on a phone? Chromium with Lighthouse's mobile throttling applied for real
// (CDP: 4 × CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 kbps up), a 390 px touch screen with no preference
// for reduced motion (as most visitors: smooth scrolling is on), the production server on 127.0.0.1 with its page
// cache warm. Each run is a cold visit (a new context: no cache): the page is loaded and left idle for 3 s, the
// link is brought into view (at once, as a flick would) and the visitor takes a moment to find it (the dwell,
// 1 s unless given), then taps it. The clock runs from the tap's pointerdown (its event's time stamp) to the first
// frame in which the next page's h1 is on screen: its text is the next page's, it is rendered (checkVisibility) and
// its top edge is inside the viewport. A frame-by-frame watch in the page notes when, in the same document or in the
// next one (a full page load), on the wall clock (time origin + time stamp) so that both sides compare. The menu
// move first taps Menu and waits for its links to be shown. Prints the median, minimum and maximum of five runs
// per move, and the medians of two moments on the way: the tap to its click being handled (the browser's touch
// sequence), and the tap to the router's history entry (React Router's navigation, data included: it pushes the
// entry just before it hands the next page to React), what follows being React's render and the frame. Not part
// of npm test.
// Usage: npm run build && node bench/navigation.ts [runs] [dwell ms] [part of a move's name]
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/e2e/browser.ts";
import { phone as phoneOptions, throttle } from "./support/phone.ts";
import { startServer } from "./support/server.ts";

const runs = Number(process.argv[2] ?? 5);
const dwell = Number(process.argv[3] ?? 1000);
/** Only the moves whose name contains this. */
const only = process.argv[4] ?? "";

interface Move {
  name: string;
  /** Where the visit starts: a path, or a function of the origin that finds one (the first project). */
  from: string | ((origin: string, browser: Browser) => Promise<string>);
  /** The link the visitor taps (the first that matches). */
  link: string;
  /** Opens the menu first. */
  viaMenu?: boolean;
  /** The page the visitor came from (previous and next project are shown only to a visitor from the list). */
  referer?: string;
}

const menuToggle = 'header button:has-text("Menu")';

const moves: Move[] = [
  { name: "/ → /about (footer)", from: "/", link: 'footer a[href="/about"]' },
  { name: "/projects → a project", from: "/projects", link: 'main a[href^="/project/"]' },
  { name: "/news → an article", from: "/news", link: 'main a[href^="/post/"]' },
  { name: "/services → a service", from: "/services", link: 'main a[href^="/service/"]' },
  {
    name: "a project → the next",
    from: async (origin, browser) =>
      `/project/${(await firstHref(browser, `${origin}/projects`, "/project/")).split("/").pop()}`,
    link: 'main a[rel="next"]',
    referer: "/projects",
  },
  { name: "menu → Our Work (on /)", from: "/", link: '#site-menu a[href="/projects"]', viaMenu: true },
];

/** The first link under `prefix` on a page, read without throttling. */
async function firstHref(browser: Browser, url: string, prefix: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  await context.close();
  if (!href) throw new Error(`no link to ${prefix} on ${url}`);
  return href;
}

const phone = phoneOptions("no-preference");

/** The watch, in every document of the run: armed from Node before the tap, it survives into a next document. */
function watchForHeading() {
  const key = "__navigationBench";
  interface Armed {
    path: string;
    heading: string;
    tap?: number;
    click?: number;
    pushed?: number;
    shown?: number;
  }
  const read = (): Armed | undefined => JSON.parse(sessionStorage.getItem(key) ?? "null") ?? undefined;
  const write = (armed: Armed) => sessionStorage.setItem(key, JSON.stringify(armed));
  const normal = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
  const onScreen = (heading: string) =>
    [...document.querySelectorAll("h1")].some((h1) => {
      if (normal(h1.textContent) !== heading) return false;
      if (!h1.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const top = h1.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight;
    });
  const watch = (now: number) => {
    const armed = read();
    if (!armed || armed.shown !== undefined) return;
    if (armed.tap !== undefined && location.pathname === armed.path && onScreen(armed.heading)) {
      write({ ...armed, shown: performance.timeOrigin + now });
      return;
    }
    requestAnimationFrame(watch);
  };
  const note = (field: "click" | "pushed") => {
    const armed = read();
    if (armed?.tap !== undefined && armed[field] === undefined && armed.shown === undefined)
      write({ ...armed, [field]: performance.timeOrigin + performance.now() });
  };
  addEventListener("click", () => note("click"), { capture: true });
  // The Navigation API's navigate event fires within history.pushState, as React Router adds the entry.
  (window as unknown as { navigation?: EventTarget }).navigation?.addEventListener("navigate", () => note("pushed"));
  addEventListener(
    "pointerdown",
    (event) => {
      const armed = read();
      if (!armed || armed.tap !== undefined) return;
      write({ ...armed, tap: performance.timeOrigin + event.timeStamp });
      requestAnimationFrame(watch);
    },
    { capture: true },
  );
  // A next document (the move was a page load): keep watching from its first frame.
  if (read()?.tap !== undefined) requestAnimationFrame(watch);
  Object.assign(window, {
    __armNavigationBench: (path: string, heading: string) => write({ path, heading }),
    __navigationBench: read,
  });
}

/** The next page's path and heading, read from an unthrottled visit to the start page and a click. */
async function destination(browser: Browser, origin: string, from: string, move: Move) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(`${origin}${from}`, { referer: move.referer && `${origin}${move.referer}` });
  const href = await page.locator(move.link).first().getAttribute("href");
  if (!href) throw new Error(`${move.name}: no link`);
  const path = new URL(href, origin).pathname;
  await page.goto(`${origin}${path}`);
  const heading = (await page.locator("h1").first().textContent())?.replace(/\s+/g, " ").trim() ?? "";
  await context.close();
  return { path, heading };
}

async function tapCentre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`nothing to tap at ${selector}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** One cold visit: tap → the next page's heading on screen, in ms. */
async function measure(
  browser: Browser,
  origin: string,
  from: string,
  move: Move,
  next: { path: string; heading: string },
) {
  const context = await browser.newContext(phone);
  await context.addInitScript(watchForHeading);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  await page.goto(`${origin}${from}`, { waitUntil: "load", referer: move.referer && `${origin}${move.referer}` });
  await page.locator("nav[data-enhanced]").waitFor({ state: "attached", timeout: 120_000 });
  await page.waitForTimeout(3000);
  if (move.viaMenu) {
    await tapCentre(page, menuToggle);
    await page.locator(move.link).first().waitFor({ state: "visible" });
  } else {
    await page
      .locator(move.link)
      .first()
      .evaluate((link) => link.scrollIntoView({ block: "center", behavior: "instant" }));
  }
  await page.waitForTimeout(dwell);
  await page.evaluate(
    ({ path, heading }) =>
      (window as unknown as { __armNavigationBench: (p: string, h: string) => void }).__armNavigationBench(
        path,
        heading,
      ),
    next,
  );
  await tapCentre(page, move.link);
  // Polled from Node, so that a page load in between is followed.
  let result: { tap?: number; click?: number; pushed?: number; shown?: number } | undefined;
  for (let i = 0; i < 300 && result?.shown === undefined; i++) {
    await page.waitForTimeout(50);
    result = await page
      .evaluate(() =>
        (
          window as unknown as {
            __navigationBench?: () => { tap?: number; click?: number; pushed?: number; shown?: number };
          }
        ).__navigationBench?.(),
      )
      .catch(() => undefined);
  }
  await context.close();
  if (result?.tap === undefined || result.shown === undefined)
    throw new Error(`${move.name}: the heading never showed`);
  const since = (time: number | undefined) => (time === undefined ? Number.NaN : time - (result.tap as number));
  return { heading: result.shown - result.tap, click: since(result.click), pushed: since(result.pushed) };
}

/**
 * The browser's own floor for the click column: the same tap on a page with one link and no script of the site's
 * (so no listener but the watch's), same throttling: the tap's pointerdown to its click being handled, in ms.
 */
async function bareTapToClick(browser: Browser) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await throttle(await context.newCDPSession(page));
  await page.setContent(
    `<meta name="viewport" content="width=device-width"><a href="#next" style="display:block;padding:2rem">Next</a>`,
  );
  await page.evaluate(() => {
    const times: { tap?: number; click?: number } = {};
    addEventListener("pointerdown", (event) => (times.tap = event.timeStamp), { capture: true });
    addEventListener("click", (event) => {
      event.preventDefault();
      times.click = performance.now();
    });
    Object.assign(window, { __bareTap: times });
  });
  await page.waitForTimeout(1000);
  await tapCentre(page, "a");
  const times = await page.waitForFunction(() => {
    const { tap, click } = (window as unknown as { __bareTap: { tap?: number; click?: number } }).__bareTap;
    return tap !== undefined && click !== undefined && click - tap;
  });
  const ms = Number(await times.jsonValue());
  await context.close();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log(
    `median of ${runs} cold visits, 4 × CPU, 150 ms RTT, 1.6 Mbps, 390 px touch; idle 3 s, dwell ${dwell} ms`,
  );
  console.log(
    "click: tap → its click handled; history: tap → the router's history entry (median ms; the render follows)\n",
  );
  console.log(
    "move".padEnd(28),
    "tap → heading ms".padStart(17),
    "min".padStart(6),
    "max".padStart(6),
    "click".padStart(6),
    "history".padStart(8),
    "  next page",
  );
  for (const move of moves.filter((m) => m.name.includes(only))) {
    const from = typeof move.from === "string" ? move.from : await move.from(server.origin, browser);
    const next = await destination(browser, server.origin, from, move);
    // Fill the page cache first: the runs measure the stored pages a visitor gets.
    for (const path of [from, next.path]) await (await fetch(`${server.origin}${path}`)).text();
    const results: Array<{ heading: number; click: number; pushed: number }> = [];
    for (let i = 0; i < runs; i++) results.push(await measure(browser, server.origin, from, move, next));
    const times = results.map((result) => result.heading);
    if (process.env.BENCH_DEBUG) console.log(move.name, results);
    console.log(
      move.name.padEnd(28),
      String(Math.round(median(times))).padStart(17),
      String(Math.round(Math.min(...times))).padStart(6),
      String(Math.round(Math.max(...times))).padStart(6),
      String(Math.round(median(results.map((result) => result.click)))).padStart(6),
      String(Math.round(median(results.map((result) => result.pushed)))).padStart(8),
      ` ${next.path}`,
    );
  }
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) bare.push(await bareTapToClick(browser));
  console.log(`\na page with one link and no script: tap → its click handled, median ${Math.round(median(bare))} ms`);
} finally {
  await browser.close();
  await server.stop();
}
