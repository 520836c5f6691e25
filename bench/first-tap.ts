// When does a phone visitor's first tap work? Chromium with Lighthouse's mobile throttling applied for real (CDP:
// 4 × CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 kbps up), a 390 px touch screen, the production server on
// 127.0.0.1 with its page cache warm. For each load it records the first contentful paint, then taps the control
// from that moment, again whenever one has shown nothing within 400 ms, until the page shows that a tap worked (the
// menu's links are shown; the accordion's panel opens; a frame-by-frame watch in the page notes when). A tap counts
// from when the finger came down (its event's time stamp), and "shown" is when its effect was drawn: a busy main
// thread delays the second, not the first. Prints the medians of five loads. Not part of npm test.
// Usage: npm run build && node bench/first-tap.ts [loads]
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/e2e/browser.ts";
import { phone as phoneOptions, throttle } from "./support/phone.ts";
import { startServer } from "./support/server.ts";

const loads = Number(process.argv[2] ?? 5);

interface Control {
  name: string;
  path: string;
  /** The control a visitor taps. */
  target: string;
  /** True in the page once the tap has done what the visitor wanted (run in the page, every frame). */
  worked: () => boolean;
}

const controls: Control[] = [
  {
    name: "Menu on /",
    path: "/",
    target: 'header :is(a, button):has-text("Menu")',
    worked: () => {
      const link = document.querySelector<HTMLElement>("#site-menu ol a");
      return !!link && link.checkVisibility({ visibilityProperty: true });
    },
  },
  {
    name: "an accordion on a service page",
    // The link to the accordions' section: the browser scrolls there as it lays the page out.
    path: "/service/branding#service-details",
    target: "main :is(summary, button[aria-expanded])",
    worked: () => {
      const trigger = document.querySelector("main :is(summary, button[aria-expanded])");
      if (!trigger) return false;
      const panel =
        trigger.tagName === "SUMMARY"
          ? trigger.parentElement?.querySelector(":scope > :not(summary)")
          : document.getElementById(trigger.getAttribute("aria-controls") ?? "");
      return (
        !!panel && panel.getBoundingClientRect().height > 20 && panel.checkVisibility({ visibilityProperty: true })
      );
    },
  },
];

interface Load {
  fcp: number;
  tap: number;
  shown: number;
}

interface Watch {
  __fcp?: number;
  __shown?: number;
  __taps: number[];
}

const phone = phoneOptions("reduce");

interface Place {
  x: number;
  y: number;
}

/**
 * Where the visitor's finger goes, read from an unthrottled load with the same screen: the throttled loads tap there
 * without asking the page (whose main thread is busy), as a finger does.
 */
async function findPlace(browser: Browser, origin: string, control: Control): Promise<Place> {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(`${origin}${control.path}`);
  // Once the page has hydrated (the menu marks itself enhanced), so that no control is swapped while it is read
  // (an accordion's <details> becomes a heading's button in the same place).
  await page.locator("nav[data-enhanced]").waitFor({ state: "attached" });
  const target = page.locator(control.target).first();
  await target.waitFor({ state: "visible" });
  const box = await target.boundingBox();
  await context.close();
  if (!box) throw new Error(`${control.name}: nothing to tap`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** One cold load (a new context: no cache): the FCP, when the tap that worked came down, and when it showed. */
async function measure(browser: Browser, origin: string, control: Control, place: Place): Promise<Load> {
  const context = await browser.newContext(phone);
  const page: Page = await context.newPage();
  await page.addInitScript(
    ({ worked }) => {
      const w = window as unknown as Watch;
      w.__taps = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") w.__fcp = entry.startTime;
      }).observe({ type: "paint", buffered: true });
      addEventListener("pointerdown", (event) => w.__taps.push(event.timeStamp), { capture: true });
      const isWorking = new Function(`return (${worked})()`) as () => boolean;
      const watch = (now: number) => {
        if (w.__taps.length > 0 && isWorking()) w.__shown = now;
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    },
    { worked: control.worked.toString() },
  );
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  // The browser reports the first contentful paint itself: no question to the page's main thread.
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  const painted = new Promise<void>((resolve) => {
    cdp.on("Page.lifecycleEvent", (event) => {
      if (event.name === "firstContentfulPaint") resolve();
    });
  });
  await page.goto(`${origin}${control.path}`, { waitUntil: "commit" });
  await painted;
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.touchscreen.tap(place.x, place.y);
    const worked = await page
      .waitForFunction(() => (window as unknown as Watch).__shown !== undefined, undefined, {
        polling: "raf",
        timeout: 400,
      })
      .then(() => true)
      .catch(() => false);
    if (!worked) continue;
    const watch = await page.evaluate(() => {
      const w = window as unknown as Watch;
      return { fcp: w.__fcp ?? Number.NaN, shown: w.__shown ?? Number.NaN, taps: w.__taps };
    });
    if (process.env.BENCH_DEBUG) console.log(control.name, { ...watch, taps: watch.taps.map(Math.round) });
    await context.close();
    // The tap that worked is the last to come down before its effect was drawn.
    return {
      fcp: watch.fcp,
      tap: watch.taps.filter((tap) => tap <= watch.shown).at(-1) ?? Number.NaN,
      shown: watch.shown,
    };
  }
  await context.close();
  throw new Error(`${control.name}: no tap worked within 60 attempts`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  // Fill the page cache and the image sizes first: the loads measure the stored pages a visitor gets.
  for (const control of controls) await (await fetch(`${server.origin}${control.path}`)).text();
  console.log(`median of ${loads} cold loads, 4 × CPU, 150 ms RTT, 1.6 Mbps, 390 px touch\n`);
  console.log(
    "control".padEnd(32),
    "FCP ms".padStart(7),
    "working tap ms".padStart(15),
    "after FCP".padStart(10),
    "shown ms".padStart(9),
  );
  for (const control of controls) {
    const runs: Load[] = [];
    const place = await findPlace(browser, server.origin, control);
    for (let i = 0; i < loads; i++) runs.push(await measure(browser, server.origin, control, place));
    const fcp = median(runs.map((run) => run.fcp));
    const tap = median(runs.map((run) => run.tap));
    const gap = median(runs.map((run) => run.tap - run.fcp));
    const shown = median(runs.map((run) => run.shown));
    console.log(
      control.name.padEnd(32),
      String(Math.round(fcp)).padStart(7),
      String(Math.round(tap)).padStart(15),
      String(Math.round(gap)).padStart(10),
      String(Math.round(shown)).padStart(9),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
