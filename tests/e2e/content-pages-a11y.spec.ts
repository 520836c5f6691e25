import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { newestPosts, projects } from "./content.ts";

const widths = [390, 1440];

test("news, article, projects, project (both layouts) and service pages have no axe violations", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [post] = await newestPosts(request);
  const all = await projects(request);
  const full = all.find((project) => project.smallProject !== "yes");
  const small = all.find((project) => project.smallProject === "yes");
  const paths = [
    "/news",
    `/post/${post?.slug}`,
    "/projects",
    `/project/${full?.slug}`,
    `/project/${small?.slug}`,
    "/service/web-design",
  ];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      // Scroll through as a reader would, so content that comes in on scroll is checked as it is seen.
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 500) {
        await page.mouse.wheel(0, 500);
      }
      await expect(page.locator("[data-entrance='waiting']")).toHaveCount(0);
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        results.violations.map((v) => `${path} @${width}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`),
      ).toEqual([]);
    }
  }
});

test("the pages fit every width from 320 px to 1920 px without sideways scrolling", async ({ page, request }) => {
  test.setTimeout(120_000);
  const [post] = await newestPosts(request);
  const all = await projects(request);
  const paths = [
    "/news",
    `/post/${post?.slug}`,
    "/projects",
    ...all.map((project) => `/project/${project.slug}`),
    "/service/web-design",
  ];
  for (const width of [320, 768, 1024, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
