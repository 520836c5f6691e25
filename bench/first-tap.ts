// When does a phone visitor's first tap work? Chromium with Lighthouse's mobile throttling applied for real (CDP:
// 4 × CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 kbps up), a 390 px touch screen, the production server on
// 127.0.0.1 with its page cache warm. For each load it records the first contentful paint, then taps the control
// every 100 ms from that moment until a tap works (the menu's links are shown; the accordion's panel opens), and
// prints the medians of five loads. Not part of npm test.
// Usage: npm run build && node bench/first-tap.ts [loads]
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/e2e/browser.ts";
import { startServer } from "./support/server.ts";

const loads = Number(process.argv[2] ?? 5);

interface Control {
  name: string;
  path: string;
  /** The control a visitor taps. */
  target: string;
  /** True in the page once the tap has done what the visitor wanted. */
  worked: () => boolean;
}

const controls: Control[] = [
  {
    name: "Menu on /",
    path: "/",
    target: 'header :text-is("Menu")',
    worked: () => {
      const link = document.querySelector<HTMLElement>("#site-menu ol a");
      return !!link && link.checkVisibility({ visibilityProperty: true });
    },
  },
  {
    name: "an accordion on a service page",
    path: "/service/branding",
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
}

async function throttle(cdp: CDPSession) {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** One cold load (a new context: no cache, no service worker): the FCP and the page time of the first tap that worked. */
async function measure(browser: Browser, origin: string, control: Control): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const page: Page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __fcp?: number; __taps: number[] };
    w.__taps = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") w.__fcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
    addEventListener("pointerdown", (event) => w.__taps.push(event.timeStamp), { capture: true });
  });
  await throttle(await context.newCDPSession(page));
  const navigation = page.goto(`${origin}${control.path}`, { waitUntil: "commit" });
  await navigation;
  const fcp = (await page.waitForFunction(() => (window as { __fcp?: number }).__fcp, undefined, {
    polling: 20,
    timeout: 30_000,
  })) as unknown as { jsonValue(): Promise<number> };
  const fcpTime = await fcp.jsonValue();
  for (let attempt = 0; attempt < 200; attempt++) {
    const before = await page.evaluate(() => (window as unknown as { __taps: number[] }).__taps.length);
    await page.locator(control.target).first().tap({ timeout: 5_000, force: true, noWaitAfter: true });
    const worked = await page
      .waitForFunction(control.worked, undefined, { polling: "raf", timeout: 150 })
      .then(() => true)
      .catch(() => false);
    if (worked) {
      const taps = await page.evaluate(() => (window as unknown as { __taps: number[] }).__taps);
      await context.close();
      return { fcp: fcpTime, tap: taps[before] ?? taps.at(-1) ?? Number.NaN };
    }
    // A tap on a link that did nothing visible may still have moved the page (a hash): start again from the top.
    await page.waitForTimeout(100);
  }
  await context.close();
  throw new Error(`${control.name}: no tap worked within 200 attempts`);
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
  console.log("control".padEnd(34), "FCP ms".padStart(8), "first tap ms".padStart(13), "after FCP".padStart(10));
  for (const control of controls) {
    const runs: Load[] = [];
    for (let i = 0; i < loads; i++) runs.push(await measure(browser, server.origin, control));
    const fcp = median(runs.map((run) => run.fcp));
    const tap = median(runs.map((run) => run.tap));
    const gap = median(runs.map((run) => run.tap - run.fcp));
    console.log(
      control.name.padEnd(34),
      String(Math.round(fcp)).padStart(8),
      String(Math.round(tap)).padStart(13),
      String(Math.round(gap)).padStart(10),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
