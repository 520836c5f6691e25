import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./hydration.ts";
import { warm } from "./network.ts";

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a stored home page hydrates without errors under its hash-only policy", async ({ page, request }) => {
  await warm(request, "/");
  const errors = collectErrors(page);
  const response = await page.goto("/");
  expect(response?.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(policy).not.toContain("nonce-");
  expect(policy).not.toContain("'unsafe-inline'");
  expect(policy).toMatch(/style-src 'self'( 'sha256-[\w+/=]+')+;/);
  await hydrated(page);
  // The page works: a client-side navigation renders the next page without a reload.
  await page.getByRole("contentinfo").getByRole("link", { name: "Our Work" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a script injected into a stored page is refused by the browser", async ({ page, request }) => {
  await warm(request, "/");
  // An attacker's script in the HTML itself (as a stored XSS or a tampering proxy would put it), headers untouched.
  await page.route("/", async (route) => {
    const original = await route.fetch();
    expect(original.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
    const html = (await original.text()).replace("<head>", "<head><script>window.__injected = true;</script>");
    await route.fulfill({ response: original, body: html });
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(event.effectiveDirective));
  });
  await page.goto("/");
  await hydrated(page);
  expect(await page.evaluate(() => "__injected" in window)).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toContain(
    "script-src-elem",
  );
  // A script added later by the page's own code path is refused too: it matches no hash and has no nonce.
  const violation = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), {
          once: true,
        });
        const script = document.createElement("script");
        script.textContent = "window.__injectedLater = true;";
        document.body.append(script);
      }),
  );
  expect(violation).toBe("script-src-elem");
  expect(await page.evaluate(() => "__injectedLater" in window)).toBe(false);
});

test("the trusted-by strip shows more than one order over four visits, each hydrating cleanly", async ({
  page,
  request,
}) => {
  await warm(request, "/");
  const errors = collectErrors(page);
  const orders: string[] = [];
  for (let visit = 0; visit < 4; visit++) {
    const response = await page.goto("/");
    expect(response?.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
    await hydrated(page);
    const strip = page.getByRole("region", { name: "Proudly Trusted By" });
    const names = await strip
      .getByRole("img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("aria-label")));
    expect(names).toHaveLength(28);
    orders.push(names.join("|"));
  }
  expect(new Set(orders).size).toBeGreaterThan(1);
  expect(errors).toEqual([]);
});
