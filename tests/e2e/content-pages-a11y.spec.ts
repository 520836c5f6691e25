import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { newestPosts, projects } from "./content.ts";

const widths = [390, 1440];

/** The content pages, each found in the stored content when the test runs. */
const pages: { name: string; path: (request: APIRequestContext) => Promise<string> }[] = [
  { name: "news", path: async () => "/news" },
  { name: "the newest article", path: async (request) => `/post/${(await newestPosts(request))[0]?.slug}` },
  { name: "projects", path: async () => "/projects" },
  {
    name: "a full project",
    path: async (request) => `/project/${(await projects(request)).find((p) => p.smallProject !== "yes")?.slug}`,
  },
  {
    name: "a small project",
    path: async (request) => `/project/${(await projects(request)).find((p) => p.smallProject === "yes")?.slug}`,
  },
  { name: "a service", path: async () => "/service/web-design" },
];

// One test per page and width: axe on a long page takes seconds on a busy two-core machine.
for (const width of widths) {
  for (const { name, path: pathOf } of pages) {
    test(`${name} has no axe violations at ${width} px`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const path = await pathOf(request);
      await page.setViewportSize({ width, height: 900 });
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
    });
  }
}

test("the pages fit every width from 320 px to 1920 px without sideways scrolling", async ({ page, request }) => {
  // About a hundred page loads one after another: on a busy two-core machine that takes more than two minutes.
  test.setTimeout(240_000);
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
