import { expect, type Page, test } from "@playwright/test";
import { projects } from "./content.ts";
import { hydrated } from "./hydration.ts";
import { holdRequests } from "./network.ts";

const moreProjects = (page: Page) => page.getByRole("navigation", { name: "More projects" });
const previousLink = (page: Page) => moreProjects(page).getByRole("link", { name: /Previous project/ });
const nextLink = (page: Page) => moreProjects(page).getByRole("link", { name: /Next project/ });

test("a full project tells the whole story", async ({ page, request }) => {
  const full = (await projects(request)).find((project) => project.smallProject !== "yes");
  if (!full) throw new Error("no full-layout project in the sample content");
  const response = await page.goto(`/project/${full.slug}`);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(full.projectTitle);
  const facts = page.getByRole("region", { name: "About the project" });
  await expect(facts.getByText("Client", { exact: true })).toBeVisible();
  await expect(facts.getByText("Services", { exact: true })).toBeVisible();
  await expect(facts.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  const website = facts.getByRole("link", { name: /opens in a new tab/ });
  if ((await website.count()) > 0) {
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", /noopener/);
  }
  await expect(page.getByRole("heading", { level: 2, name: "The brief" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "The outcome" })).toBeVisible();
  // Every picture the page shows has loaded.
  const images = page.getByRole("article").locator("img");
  expect(await images.count()).toBeGreaterThan(5);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test("the facts keep their place while the client's logo loads (no layout shift)", async ({ page, request }) => {
  const withLogo = (await projects(request)).find((project) => project.smallProject !== "yes");
  if (!withLogo) throw new Error("no full-layout project in the sample content");
  await page.setViewportSize({ width: 412, height: 823 });
  // The logo arrives well after the page has been laid out, as it may on a slow phone.
  const release = await holdRequests(page, /\/content\/images\/logos\//);
  await page.goto(`/project/${withLogo.slug}`);
  const facts = page.getByRole("region", { name: "About the project" });
  const logo = facts.getByRole("img", { name: / logo$/ });
  await logo.scrollIntoViewIfNeeded();
  const list = facts.locator("dl");
  const before = await list.boundingBox();
  release();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await list.boundingBox()).toEqual(before);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          resolve(entries.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0));
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shift).toBe(0);
});

test("a small project uses the small layout", async ({ page, request }) => {
  const small = (await projects(request)).find((project) => project.smallProject === "yes");
  if (!small) throw new Error("no small-layout project in the sample content");
  await page.goto(`/project/${small.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(small.projectTitle);
  await expect(page.locator("header[data-layout='small']")).toBeVisible();
  await expect(page.getByRole("region", { name: "About the project" })).toBeVisible();
});

test("the hero's text is readable on the project's colour (AA)", async ({ page, request }) => {
  for (const project of (await projects(request)).slice(0, 4)) {
    await page.goto(`/project/${project.slug}`);
    const hero = page.locator("header[data-layout]");
    const [text, background] = await hero.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.color, style.backgroundColor];
    });
    expect(contrast(text, background), `${project.slug}: ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
  }
});

/** "#1a2b3c" as getComputedStyle writes it. */
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

// The policy allows no style attribute: the colours come from the head's rule until the app runs,
// and through the CSSOM after a client-side navigation.
for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a project's hero and header take its colour, with no style refused", async ({ page, request }) => {
      const project = (await projects(request)).find((p) => /^#[0-9a-f]{6}$/i.test(p.BackgroundColour ?? ""));
      if (!project?.BackgroundColour) throw new Error("no project with a colour in the sample content");
      const refused: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/.test(message.text())) refused.push(message.text());
      });
      await page.goto(`/project/${project.slug}`);
      const colourOf = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => getComputedStyle(element).backgroundColor);
      const colour = rgb(project.BackgroundColour);
      await expect.poll(() => colourOf("header[data-layout]")).toBe(colour);
      await expect.poll(() => colourOf("header[data-coloured]")).not.toBe("rgba(0, 0, 0, 0)");
      if (javaScriptEnabled) {
        await hydrated(page);
        await expect.poll(() => colourOf("header[data-layout]")).toBe(colour);
        // Another project by a client-side navigation: its own colour, set by the app.
        const other = (await projects(request)).find(
          (p) =>
            p.slug !== project.slug &&
            /^#[0-9a-f]{6}$/i.test(p.BackgroundColour ?? "") &&
            p.BackgroundColour?.toLowerCase() !== project.BackgroundColour?.toLowerCase(),
        );
        if (other?.BackgroundColour) {
          await page.evaluate(
            (path) =>
              (
                window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
              ).__reactRouterDataRouter.navigate(path),
            `/project/${other.slug}`,
          );
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.projectTitle);
          await expect.poll(() => colourOf("header[data-layout]")).toBe(rgb(other.BackgroundColour));
        }
      }
      expect(refused).toEqual([]);
    });
  });
}

test("previous and next appear only when the visitor came from the list, and not past its ends", async ({
  page,
  request,
}) => {
  const all = await projects(request);
  const [first, second] = all;
  const last = all.at(-1);

  // Straight to a project: no previous/next.
  await page.goto(`/project/${second?.slug}`);
  await page.waitForLoadState("networkidle");
  await expect(moreProjects(page)).toHaveCount(0);

  // From the list: the first project has next but no previous.
  await page.goto("/projects");
  await hydrated(page);
  await page.getByRole("link", { name: first?.projectTitle, exact: true }).click();
  await expect(page).toHaveURL(`/project/${first?.slug}`);
  await expect(nextLink(page)).toContainText(second?.projectTitle ?? "");
  await expect(previousLink(page)).toHaveCount(0);

  // Next walks the list; both directions show in the middle.
  await nextLink(page).click();
  await expect(page).toHaveURL(`/project/${second?.slug}`);
  await expect(previousLink(page)).toContainText(first?.projectTitle ?? "");
  await expect(nextLink(page)).toBeVisible();

  // The last project of the list has previous but no next; the state survives a reload.
  await page.goto("/projects");
  await hydrated(page);
  await page.getByRole("link", { name: last?.projectTitle, exact: true }).click();
  await expect(page).toHaveURL(`/project/${last?.slug}`);
  await expect(previousLink(page)).toContainText(all.at(-2)?.projectTitle ?? "");
  await expect(nextLink(page)).toHaveCount(0);
  await page.reload();
  await expect(previousLink(page)).toBeVisible();
});

test("previous and next follow the filtered list the visitor saw", async ({ page, request }) => {
  const all = await projects(request);
  const category = all.at(-1)?.category?.[0] ?? "";
  const inCategory = all.filter((project) => project.category?.includes(category));
  await page.goto(`/projects?${new URLSearchParams({ category })}`);
  await hydrated(page);
  const only = inCategory.length === 1;
  await page.getByRole("link", { name: inCategory[0]?.projectTitle, exact: true }).click();
  if (only) {
    await expect(moreProjects(page)).toHaveCount(0);
  } else {
    await expect(nextLink(page)).toContainText(inCategory[1]?.projectTitle ?? "");
  }
});

test("an unknown project is the 404 page", async ({ page }) => {
  const response = await page.goto("/project/no-such-project");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404, page not found.")).toBeVisible();
});

function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
    const channel = (v: number) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
