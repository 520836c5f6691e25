import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { draftPost } from "../../scripts/content/drafts.ts";
import { e2ePreviewSecret } from "./content.ts";

/** An editor's draft preview, as Contentful's "Open preview" link starts it, and the accessibility statement. */

const draftPath = `/post/${draftPost.slug}`;
const previewLink = (path: string) => `/preview?secret=${e2ePreviewSecret}&path=${encodeURIComponent(path)}`;
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function axeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  return results.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
}

test("an editor's round trip: open the preview link, see the draft and the banner, exit, the draft is gone", async ({
  page,
}) => {
  await page.goto(previewLink(draftPath));
  await expect(page).toHaveURL(draftPath);
  await expect(page.getByRole("heading", { level: 1, name: draftPost.title })).toBeVisible();
  const banner = page.getByRole("complementary", { name: "Preview" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("drafts are shown");

  // In preview, a client-side navigation reads drafts too: the draft is listed on /news.
  await page.getByRole("navigation").getByRole("link", { name: "News", exact: true }).first().click();
  await expect(page).toHaveURL("/news");
  await expect(page.getByRole("link", { name: draftPost.title })).toBeVisible();
  await expect(banner).toBeVisible();

  await banner.getByRole("link", { name: "Exit preview" }).click();
  await expect(page).toHaveURL("/news");
  await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: draftPost.title })).toHaveCount(0);
  const draft = await page.goto(draftPath);
  expect(draft?.status()).toBe(404);
});

for (const width of [390, 1440]) {
  test(`axe finds nothing on the preview banner or /accessibility at ${width} px; the banner hides nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(previewLink("/news"));
    const banner = page.getByRole("complementary", { name: "Preview" });
    await expect(banner).toBeVisible();
    const violations = await axeViolations(page, `preview /news @${width}`);

    // At the foot of the page the footer's last links sit above the fixed banner, not behind it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const legal = await page.getByRole("navigation", { name: "Legal" }).boundingBox();
    const bar = await banner.boundingBox();
    expect(legal && bar && legal.y + legal.height).toBeLessThanOrEqual(bar?.y ?? 0);
    // The way out is reachable by keyboard.
    await banner.getByRole("link", { name: "Exit preview" }).focus();
    await expect(banner.getByRole("link", { name: "Exit preview" })).toBeFocused();

    await page.goto("/preview/exit?path=/accessibility");
    await expect(page).toHaveURL("/accessibility");
    await expect(page.getByRole("heading", { level: 1, name: "Accessibility Statement" })).toBeVisible();
    violations.push(...(await axeViolations(page, `/accessibility @${width}`)));
    expect(violations).toEqual([]);
  });
}
