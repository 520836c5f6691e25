import { expect, type Page, test } from "@playwright/test";
import { startServer } from "../../scripts/production-server.ts";
import { analyticsProvider } from "../../src/shared/consent.ts";

/**
 * What a real Chromium reports to the site: Core Web Vitals only from a visitor who accepted
 * analytics, and what the Content Security Policy blocked. A server of its own with analytics on; the tests share
 * it and run in order, since /metrics counts from its start.
 */
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  server = await startServer({ ANALYTICS_ID: "gritstone.studio" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The analytics script from here (the machine has no internet). */
async function fakeAnalytics(page: Page) {
  await page.route(`${analyticsProvider.origin}/**`, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.analyticsLoaded = true;" }),
  );
}

/** How many samples of each vital /metrics holds, summed over routes. */
async function vitalCounts(): Promise<Record<string, number>> {
  const text = await (await fetch(`${server.origin}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^web_vitals_(\w+?)(?:_seconds)?_count\{[^}]*\} (\d+)$/gm)) {
    const [, name = "", count = "0"] = match;
    counts[name] = (counts[name] ?? 0) + Number(count);
  }
  return counts;
}

const banner = (page: Page) => page.getByRole("region", { name: "Can we count your visit?" });

/** A visit as a person makes one: a page, a tap, another page, and the tab closed (when CLS and INP are final). */
async function visit(page: Page, choose?: "Accept analytics" | "Reject analytics") {
  await fakeAnalytics(page);
  await page.goto(`${server.origin}/about`);
  if (choose) await banner(page).getByRole("button", { name: choose }).click();
  await page.waitForLoadState("networkidle");
  await page.mouse.click(5, 300);
  await page.goto(`${server.origin}/services`);
  await page.waitForLoadState("networkidle");
  await page.close({ runBeforeUnload: true });
}

test("a visitor who has not chosen, and one who refused, send no vitals", async ({ browser }) => {
  const undecided = await browser.newContext();
  await visit(await undecided.newPage());
  await undecided.close();
  const refusing = await browser.newContext();
  await visit(await refusing.newPage(), "Reject analytics");
  await refusing.close();
  // Beacons would have been sent at the latest when the pages were hidden; give them time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await vitalCounts()).toEqual({});
});

test("a visitor who accepted sends Core Web Vitals, counted in /metrics by route", async ({ browser }) => {
  const context = await browser.newContext();
  await visit(await context.newPage(), "Accept analytics");
  await context.close();
  await expect
    .poll(async () => Object.values(await vitalCounts()).filter((count) => count > 0).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(3);
  const text = await (await fetch(`${server.origin}/metrics`)).text();
  expect(text).toMatch(/^web_vitals_ttfb_seconds_count\{route="\/about"\} [1-9]/m);
});

test("a script injected into a page is blocked, and the browser's report is counted", async ({ page }) => {
  // The page as a proxy or an extension might change it: a script without the nonce. Its policy names both
  // report-to (the Reporting API) and report-uri; this headless Chromium never sent a Reporting API report here
  // (none within 8 s, even with --short-reporting-delay), so the test leaves report-uri alone, as a browser
  // without the Reporting API reads the policy. The Reporting API's own shape is checked in
  // tests/integration/browser-reports.test.ts.
  await page.route(`${server.origin}/about`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("<head>", "<head><script>window.injected = true;</script>");
    const headers = { ...response.headers() };
    delete headers["reporting-endpoints"];
    headers["content-security-policy"] = String(headers["content-security-policy"]).replace(/;?report-to [^;]*/, "");
    expect(headers["content-security-policy"]).toContain("report-uri /csp-reports");
    await route.fulfill({ response, headers, body: html });
  });
  await page.goto(`${server.origin}/about`);
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  await expect
    .poll(
      async () => {
        const text = await (await fetch(`${server.origin}/metrics`)).text();
        return /^csp_violations_total\{directive="script-src-elem",route="\/about"\} [1-9]/m.test(text);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
});
