// Would Speculation Rules prerender make a move instant on a phone? The move of bench/navigation.ts
// that was slowest, `/` → `/about` by the footer, as a document navigation to a page Chromium prerendered: the
// production server behind a proxy that adds a `Speculation-Rules` header (rules for the one page, eagerness
// "immediate": the best case), the phone of bench/support/phone.ts (4 × CPU, 150 ms RTT, 1.6 Mbps, 390 px touch),
// a cold visit, the page idle 3 s, the link brought into view, 1 s, a tap. The site's links are the router's, so a
// listener turns the tap into a document navigation, which is what activates a prerender. Prints, per run, the
// activated page's activationStart (above 0: it was prerendered), tap → activation and tap → its first contentful
// paint (for a prerendered page, the first frame after activation: the heading is in it), and the medians.
//
// Puppeteer, not Playwright: Chromium prerenders only for DevTools clients that attach through tab targets, and a
// Playwright page (or any extra page session, such as context.newCDPSession) leaves Preload reporting
// "PrerenderingDisabledByDevTools". Puppeteer applies its CPU and network emulation to the prerender target too
// (EmulationManager.registerSpeculativeSession, NetworkManager.addClient). puppeteer-core is Lighthouse's dependency,
// not the project's own. Not part of npm test.
// Usage: npm run build && node bench/prerender.ts [runs]
import { createServer, request } from "node:http";
import puppeteer from "puppeteer-core";
import { chromiumArgs } from "../tests/e2e/browser.ts";
import { startServer } from "./support/server.ts";

const runs = Number(process.argv[2] ?? 5);
const from = "/";
const to = "/about";
const link = 'footer a[href="/about"]';

const site = await startServer();
const rules = JSON.stringify({ prerender: [{ where: { href_matches: to }, eagerness: "immediate" }] });
const proxy = createServer((req, res) => {
  if (req.url === "/speculation-rules.json") {
    res.writeHead(200, { "content-type": "application/speculationrules+json" });
    res.end(rules);
    return;
  }
  const upstream = request(`${site.origin}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    const headers = { ...answer.headers };
    if (String(answer.headers["content-type"]).startsWith("text/html"))
      headers["speculation-rules"] = '"/speculation-rules.json"';
    res.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(res);
  });
  req.pipe(upstream);
}).listen(0, "127.0.0.1");
await new Promise((resolve) => proxy.once("listening", resolve));
const origin = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
// The page cache warm: the runs measure the stored pages a visitor gets.
for (const path of [from, to]) await (await fetch(`${origin}${path}`)).text();

/** In every document: the site's own links navigate as documents, as prerender needs. */
function documentLinks() {
  addEventListener(
    "click",
    (event) => {
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!anchor || anchor.origin !== location.origin || anchor.target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.href = anchor.href;
    },
    { capture: true },
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: true, args: chromiumArgs });
try {
  console.log(`${from} → ${to} prerendered, ${runs} cold visits, 4 × CPU, 150 ms RTT, 1.6 Mbps, 390 px touch\n`);
  console.log("activationStart".padStart(16), "tap → activation".padStart(17), "tap → first paint".padStart(18));
  const activations: number[] = [];
  const paints: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.emulate({
      viewport: { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
      userAgent: await browser.userAgent(),
    });
    await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "no-preference" }]);
    await page.emulateCPUThrottling(4);
    await page.emulateNetworkConditions({ download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8, latency: 150 });
    await page.evaluateOnNewDocument(documentLinks);
    await page.goto(`${origin}${from}`, { waitUntil: "load", timeout: 120_000 });
    await page.waitForSelector("nav[data-enhanced]", { timeout: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await page.$eval(link, (element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const box = await page.$eval(link, (element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    });
    // The wall clock of the tap (the documents' clocks are the wall clock too: time origin + time stamp).
    const tap = Date.now();
    // The tap's touchend may meet the activation, which closes the old page's target.
    await page.touchscreen.tap(box.x, box.y).catch(() => {});
    let shown: { activationStart: number; activation: number; paint: number } | undefined;
    for (let j = 0; j < 300 && !shown; j++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await page
        .evaluate((to) => {
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          if (location.pathname !== to || !paint) return undefined;
          const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          const activationStart = navigation.activationStart ?? 0;
          return {
            activationStart,
            activation: performance.timeOrigin + activationStart,
            paint: performance.timeOrigin + paint.startTime,
          };
        }, to)
        .catch(() => undefined);
    }
    await context.close();
    if (!shown) throw new Error(`${to} never painted`);
    activations.push(shown.activation - tap);
    paints.push(shown.paint - tap);
    console.log(
      String(Math.round(shown.activationStart)).padStart(16),
      String(Math.round(shown.activation - tap)).padStart(17),
      String(Math.round(shown.paint - tap)).padStart(18),
    );
  }
  console.log(
    "median".padStart(16),
    String(Math.round(median(activations))).padStart(17),
    String(Math.round(median(paints))).padStart(18),
  );
} finally {
  await browser.close();
  proxy.close();
  await site.stop();
}
