import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { startServer } from "../../scripts/production-server.ts";
import { analyticsProvider, consentCookieName } from "../../src/shared/consent.ts";

// These tests need a server with ANALYTICS_ID set; they share one, so they run one after another.
test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  server = await startServer({ ANALYTICS_ID: "gritstone.studio" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Answers the analytics script from here (the machine has no internet) and counts who asked for it. */
async function fakeAnalytics(page: Page) {
  const requests: string[] = [];
  await page.route(`${analyticsProvider.origin}/**`, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: "text/javascript", body: "window.analyticsLoaded = true;" });
  });
  return requests;
}

const banner = (page: Page) => page.getByRole("region", { name: "Can we count your visit?" });

test("nothing is loaded before the visitor chooses, and Accept and Reject look alike", async ({ page }) => {
  const requests = await fakeAnalytics(page);
  await page.goto(`${server.origin}/about`);
  await expect(banner(page)).toBeVisible();
  const accept = banner(page).getByRole("button", { name: "Accept analytics" });
  const reject = banner(page).getByRole("button", { name: "Reject analytics" });
  const look = (button: typeof accept) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, style.borderColor, box.height];
    });
  expect(await look(accept)).toEqual(await look(reject));
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);
  expect(await page.locator("script[data-analytics]").count()).toBe(0);
  const axe = await new AxeBuilder({ page }).include("section[aria-labelledby]").analyze();
  expect(axe.violations).toEqual([]);
});

test("after Accept the analytics script loads, and the choice is remembered", async ({ page, context }) => {
  const requests = await fakeAnalytics(page);
  await page.goto(`${server.origin}/services`);
  await banner(page).getByRole("button", { name: "Accept analytics" }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page.locator("script[data-analytics]")).toHaveAttribute("src", analyticsProvider.scriptUrl);
  await expect(page.locator("script[data-analytics]")).toHaveAttribute("data-domain", "gritstone.studio");
  await expect.poll(() => page.evaluate(() => (window as { analyticsLoaded?: boolean }).analyticsLoaded)).toBe(true);
  expect(requests).toEqual([analyticsProvider.scriptUrl]);
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === consentCookieName)?.value).toBe("granted");

  await page.reload();
  await expect(page.getByRole("button", { name: "Cookie settings" })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await expect(page.locator("script[data-analytics]")).toHaveCount(1);
});

test("after Reject nothing loads, the browser is told to refuse the host, and the choice can be changed", async ({
  page,
  context,
}) => {
  const requests = await fakeAnalytics(page);
  await page.goto(`${server.origin}/terms`);
  await banner(page).getByRole("button", { name: "Reject analytics" }).click();
  await expect(banner(page)).toBeHidden();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === consentCookieName)?.value).toBe("denied");

  const response = await page.reload();
  expect(response?.headers()["content-security-policy"]).not.toContain(analyticsProvider.origin);
  await expect(page.getByRole("button", { name: "Cookie settings" })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);

  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("button", { name: "Accept analytics" })).toBeFocused();
});
