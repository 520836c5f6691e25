import { expect, type Page, test } from "@playwright/test";
import { startServer } from "../../scripts/production-server.ts";
import { cspReportPath } from "../../src/shared/report-paths.ts";

/**
 * The page a visitor without JavaScript gets when the server refuses their form (server/http/refusals.ts), here
 * over the contact rate limit: styled by its own style element within the site's policy, with
 * nothing for the browser to block or report. A server of its own with a contact budget of one post and no page
 * cache (so it is ready at once, with nothing to warm).
 */
test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  server = await startServer({ CONTACT_RATE_LIMIT: "1", PAGE_CACHE_MB: "0" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** What the browser blocked under the page's Content Security Policy, as it says so in the console. */
function cspComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

/** Violation reports the server counted for a route template (csp_violations_total). */
async function reportsFor(route: string): Promise<number> {
  const text = await (await fetch(`${server.origin}/metrics`)).text();
  let count = 0;
  for (const [, labels = "", value = "0"] of text.matchAll(/^csp_violations_total\{([^}]*)\} (\d+)$/gm)) {
    if (labels.includes(`route="${route}"`)) count += Number(value);
  }
  return count;
}

/**
 * The policy as a browser without the Reporting API reads it: report-uri only. Chromium prefers report-to when both
 * are named, and this headless Chromium never delivers Reporting API reports (see browser-reports.spec.ts), so
 * without this a report the page caused would never reach the server and its absence would prove nothing.
 */
function reportUriOnly(headers: Record<string, string>): Record<string, string> {
  const policy = String(headers["content-security-policy"]).replace(/;?\s*report-to [^;]*/, "");
  expect(policy).toContain(`report-uri ${cspReportPath}`);
  const { "reporting-endpoints": _endpoints, ...rest } = headers;
  return { ...rest, "content-security-policy": policy };
}

test("a form posted over the rate limit without JavaScript gets a styled refusal page, and nothing is blocked", async ({
  page,
}) => {
  const complaints = cspComplaints(page);
  let refusal: { headers: Record<string, string>; body: string } | undefined;
  await page.route(`${server.origin}/contact`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    const headers = reportUriOnly(response.headers());
    const body = await response.text();
    if (response.status() === 429) refusal = { headers, body };
    await route.fulfill({ response, headers, body });
  });

  await page.goto(`${server.origin}/contact`);
  await page.getByLabel("Your name").fill("Ada Overlimit");
  await page.getByLabel("Email address").fill("ada@example.com");
  await page.getByLabel("The brief").fill("A shop for our bakery.");
  // A wrong sum: the first post spends the budget of one and sends nothing.
  await page.getByLabel(/^Spam check/).fill("999");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("status")).toHaveText("You failed the spam protection.");

  // The form comes back with what was typed and a new question to answer.
  await page.getByLabel(/^Spam check/).fill("999");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many enquiries from your connection/);
  expect(refusal, "the server answered 429").toBeDefined();
  // Only the page's own style element gives these: the browser's defaults are a transparent body and black text.
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(246, 241, 232)");
  await expect(page.locator("body")).toHaveCSS("max-width", "640px");
  await expect(page.getByRole("alert")).toHaveCSS("color", "rgb(179, 38, 30)");
  await page.getByRole("link", { name: "Go back" }).waitFor();

  const onRefusal = [...complaints];

  // What follows is only worth something if a blocked style would be seen: the same refusal with a style attribute,
  // as the page once had, at another route. Its report reaches the server; the refusal's, had it one, before it.
  await page.route(`${server.origin}/about`, (route) =>
    route.fulfill({
      status: 429,
      headers: refusal?.headers,
      body: refusal?.body.replace('<p class="fail"', '<p class="fail" style="color:red"'),
    }),
  );
  await page.goto(`${server.origin}/about`);
  await expect.poll(() => complaints.length).toBeGreaterThan(onRefusal.length);
  await expect.poll(() => reportsFor("/about"), { timeout: 15_000 }).toBeGreaterThan(0);
  expect({ complaints: onRefusal, reports: await reportsFor("/contact") }).toEqual({ complaints: [], reports: 0 });
});
