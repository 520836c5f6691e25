import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { pastThePageCache } from "../support/page-cache.ts";
import { hydrated } from "./hydration.ts";
import { holdRequests } from "./network.ts";

/** The home page: its sections, states, reads and constants. */

const closingLine = "There are three responses to a piece of design - yes, no, and wow!";

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const trustedStrip = (page: Page) => page.getByRole("region", { name: "Proudly Trusted By" });
const logoNames = (page: Page) =>
  trustedStrip(page)
    .getByRole("img")
    .evaluateAll((logos) => logos.map((logo) => logo.getAttribute("aria-label") ?? ""));

/**
 * Sections below the fold load their code only as they come near the screen or a pointer enters them: a
 * pointer enters this one (the page does not move), then it marks itself hydrated.
 */
async function sectionHydrated(page: Page, section: Locator) {
  await hydrated(page);
  await expect(section).toHaveAttribute("data-hydrated", "");
}

async function pointTo(page: Page, section: Locator) {
  await hydrated(page);
  // React hydrates the sections after the page's shell: until the section listens, the pointer comes in again.
  await expect(async () => {
    await section.dispatchEvent("pointerenter");
    await expect(section).toHaveAttribute("data-hydrated", "", { timeout: 1_000 });
  }).toPass();
}

test.describe("the ten sections", () => {
  test("appear in the spec's order with its texts", async ({ page }) => {
    await page.goto("/");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Say no to mediocre");
    const order = [
      main.getByRole("heading", { level: 1, name: "Say no to mediocre" }),
      main.getByRole("heading", { name: "Proudly Trusted By" }),
      main.getByRole("region", { name: "Selected work" }).locator('a[href^="/project/"]').first(),
      main.getByRole("link", { name: "web development", exact: true }),
      main.getByRole("region", { name: "Fresh from the studio" }).getByRole("link", { name: "View our work" }),
      main.getByRole("heading", { name: "Quintessential British Design" }),
      main.getByRole("link", { name: "Our Services" }),
      main.getByRole("heading", { name: "A collection of stuff" }),
      main.getByRole("heading", { name: "Feedback from our clients" }),
      main.getByText(closingLine, { exact: true }),
    ];
    for (const part of order) await expect(part).toHaveCount(1);
    const tops = [];
    for (const part of order) tops.push(await documentOffset(part));
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  });

  test("has the spec's title, a description, keywords and social tags", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Design Agency Derby | Gritstone | Web Design • Branding • UK");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /design agency in Derby/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /design agency derby/i);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Gritstone/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", /Gritstone/);
    await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute("content", /.+/);
  });
});

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Scrolls down the page so every scroll-in reveal has run, and waits for their transitions to end. */
async function revealEverything(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await expect(page.locator('[data-reveal="waiting"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState === "finished"),
  );
}

async function documentOffset(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

test.describe("Proudly Trusted By", () => {
  test("shows about 28 logos in a new order on each render, and hydrates the order the server drew", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    let served = "";
    page.on("response", async (response) => {
      if (response.request().resourceType() === "document") served = await response.text();
    });
    await page.goto("/");
    await hydrated(page);
    const first = await logoNames(page);
    expect(first.length).toBeGreaterThanOrEqual(24);
    expect(first.length).toBeLessThanOrEqual(32);
    // The order in the server's HTML is the order on the page after hydration.
    const strip = served.slice(served.indexOf("Proudly Trusted By"));
    const servedOrder = [...strip.matchAll(/<svg[^>]*aria-label="([^"]*)"/g)]
      .map((match) => match[1])
      .slice(0, first.length);
    expect(servedOrder.map((alt) => decodeEntities(alt ?? ""))).toEqual(first);

    // The page cache adds the home page's other orders in the background when the server is idle,
    // so a reload straight after the first visit may still get the first one: a visitor's later visits do not.
    await expect(async () => {
      await page.reload();
      await hydrated(page);
      const second = await logoNames(page);
      expect([...second].sort()).toEqual([...first].sort());
      expect(second).not.toEqual(first);
    }).toPass({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test("links some logos to project pages and some to other sites in a new tab", async ({ page }) => {
    await page.goto("/");
    const links = trustedStrip(page).getByRole("link");
    const internal = trustedStrip(page).locator('a[href^="/project/"]');
    const external = trustedStrip(page).locator('a[href^="http"]');
    expect(await internal.count()).toBeGreaterThan(0);
    expect(await external.count()).toBeGreaterThan(0);
    expect(await links.count()).toBe((await internal.count()) + (await external.count()));
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAccessibleName(/^.+ \(opens in a new tab\)$/);
    }
    for (const link of await internal.all()) {
      await expect(link).not.toHaveAttribute("target", "_blank");
    }
  });
});

test.describe("project tiles", () => {
  const tiles = (page: Page) =>
    page.getByRole("region", { name: "Selected work" }).getByRole("listitem").getByRole("link");

  test("show the client and short description on hover", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const tile = tiles(page).first();
    const overlay = tile.locator("[data-tile-overlay]");
    await expect(overlay).toBeHidden();
    await tile.hover();
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveCSS("opacity", "1");
    await expect(overlay).not.toHaveText("");
  });

  test("show it on keyboard focus too, and open the project page", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const tile = tiles(page).first();
    const href = await tile.getAttribute("href");
    expect(href).toMatch(/^\/project\/[a-z0-9-]+$/);
    await expect(tile).toHaveAccessibleName(/^[^:]+: .+/);
    await expect(tile.locator("[data-tile-overlay]")).toBeHidden();
    await tile.focus();
    await expect(tile.locator("[data-tile-overlay]")).toBeVisible();
    await expect(tile.locator("[data-tile-overlay]")).toHaveCSS("opacity", "1");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(href ?? "");
  });
});

test.describe("the carousel", () => {
  const carousel = (page: Page) =>
    page.getByRole("region", { name: "Fresh from the studio" }).locator('[aria-roledescription="carousel"]');
  const currentSlide = (page: Page) => carousel(page).locator('[aria-roledescription="slide"][aria-current="true"]');

  test("moves with its buttons and the arrow keys, and never on its own", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    // The carousel loads its script as it comes near the screen.
    await carousel(page).scrollIntoViewIfNeeded();
    await expect(carousel(page)).toHaveAttribute("data-ready", "");
    await expect(currentSlide(page)).toHaveAttribute("aria-label", /^1 of \d+$/);
    await page.clock.fastForward(60_000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", /^1 of \d+$/);
    const previous = carousel(page).getByRole("button", { name: "Previous slide" });
    await expect(previous).toBeDisabled();
    await carousel(page).getByRole("button", { name: "Next slide" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", /^2 of \d+$/);
    await previous.click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", /^1 of \d+$/);
    await carousel(page).locator("[tabindex='0']").first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(currentSlide(page)).toHaveAttribute("aria-label", /^2 of \d+$/);
    await page.keyboard.press("ArrowLeft");
    await expect(currentSlide(page)).toHaveAttribute("aria-label", /^1 of \d+$/);
  });

  test("has a View our work button to the projects", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View our work" }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });
});

test("fetches no stylesheet its first document already carries inline, as its sections load", async ({ page }) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".css")) stylesheets.push(request.url());
  });
  await page.goto("/");
  await hydrated(page);
  await revealEverything(page);
  // All eight sections below the fold have loaded their code, and with it whatever CSS their code asked for.
  await expect(page.locator("[data-hydrated]")).toHaveCount(8);
  await page.waitForLoadState("networkidle");
  const inline = (await page.locator('style[data-href="page-styles"]').textContent()) ?? "";
  expect(inline.length).toBeGreaterThan(1_000);
  const copies: string[] = [];
  for (const url of stylesheets) {
    const css = (await (await page.request.get(url)).text()).trim();
    if (inline.includes(css)) copies.push(url);
  }
  // A second copy would also come after the routes' own CSS, where the global rules would override components'.
  expect(copies).toEqual([]);
});

test("a section on screen whose code comes late takes over the server's HTML without an error", async ({ page }) => {
  // React leaves the server's HTML in place while it waits for the section's code, then hydrates it: no error, no
  // client render of the section afresh (React's recoverable errors are logged to the console).
  const errors = collectErrors(page);
  const chunk = /\/assets\/TestimonialViewer-[\w-]+\.js$/;
  const release = await holdRequests(page, chunk);
  const requested = page.waitForRequest(chunk);
  await page.goto("/#feedback-title");
  await hydrated(page);
  await requested;
  release();
  const section = page.getByRole("region", { name: "Feedback from our clients" });
  await expect(section).toHaveAttribute("data-hydrated", "");
  await expect(section.getByText(/^Testimonial \d of 7$/)).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("the side-scroll story on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: "no-preference" });

  const story = (page: Page) => page.locator("[data-side-scroll]");
  const strip = (page: Page) => page.getByRole("region", { name: "How we work, step by step" });
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
  const offset = (page: Page) => strip(page).evaluate((element) => element.scrollLeft);

  test("turns the wheel sideways at half speed while active, then lets go at the end and at the start", async ({
    page,
  }) => {
    await page.goto("/");
    await pointTo(page, story(page));
    await expect(story(page)).toHaveAttribute("data-side-scroll", "top");
    const sectionTop = await documentOffset(story(page));
    await page.evaluate((top) => window.scrollTo({ top: top - 60, behavior: "instant" }), sectionTop);
    await page.mouse.move(700, 450);

    // The wheel carries the section to the top: active, aligned there, nothing sideways yet.
    await page.mouse.wheel(0, 100);
    await expect(story(page)).toHaveAttribute("data-side-scroll", "active");
    await expect.poll(() => scrollY(page)).toBe(Math.round(sectionTop));
    expect(await offset(page)).toBe(0);

    // Active: the page stays put and the strip moves by half of each wheel movement.
    await page.mouse.wheel(0, 200);
    await expect.poll(() => offset(page)).toBe(100);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => offset(page)).toBe(160);
    await page.mouse.wheel(0, -80);
    await expect.poll(() => offset(page)).toBe(120);
    expect(await scrollY(page)).toBe(Math.round(sectionTop));
    await expect(page.locator("html")).toHaveCSS("overflow-y", "hidden");

    // Wheel on to the end: bottom, and the page scrolls again.
    const maxOffset = await strip(page).evaluate((element) => element.scrollWidth - element.clientWidth);
    for (let moved = 120; moved < maxOffset; moved += 300) await page.mouse.wheel(0, 600);
    await expect(story(page)).toHaveAttribute("data-side-scroll", "bottom");
    expect(await offset(page)).toBeGreaterThanOrEqual(maxOffset - 1);
    await expect(page.locator("html")).not.toHaveCSS("overflow-y", "hidden");
    await page.mouse.wheel(0, 300);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(Math.round(sectionTop));

    // Back up to the section: active again, moving back sideways; at offset zero an upward wheel lets go.
    await page.evaluate((top) => window.scrollTo({ top: top + 50, behavior: "instant" }), sectionTop);
    await page.mouse.wheel(0, -100);
    await expect(story(page)).toHaveAttribute("data-side-scroll", "active");
    await expect.poll(() => scrollY(page)).toBe(Math.round(sectionTop));
    for (let moved = 0; moved < maxOffset; moved += 300) await page.mouse.wheel(0, -600);
    await expect.poll(() => offset(page)).toBe(0);
    await expect(story(page)).toHaveAttribute("data-side-scroll", "active");
    await page.mouse.wheel(0, -200);
    await expect(story(page)).toHaveAttribute("data-side-scroll", "top");
    await expect(page.locator("html")).not.toHaveCSS("overflow-y", "hidden");
    await page.mouse.wheel(0, -200);
    await expect.poll(() => scrollY(page)).toBeLessThan(Math.round(sectionTop));
  });

  test("a strip moved before its script arrived stays where the visitor moved it", async ({ page }) => {
    // The story's code is held back until the visitor has tabbed to the strip's last link, which scrolls it.
    const release = await holdRequests(page, /\/assets\/SideScrollStory-[^/.]+\.js$/);
    await page.goto("/");
    await page.getByRole("link", { name: "Our Services" }).focus();
    await expect.poll(() => offset(page)).toBeGreaterThan(0);
    const moved = await offset(page);
    release();
    // The story's effect has run once it reserves the scrollbar's room.
    await expect.poll(() => page.evaluate(() => document.documentElement.style.scrollbarGutter)).toBe("stable");
    // A page scroll after that: the story reads where things stand and must not put the strip back.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener("scroll", () => requestAnimationFrame(() => resolve()), { once: true });
          window.scrollBy({ top: -40, behavior: "instant" });
        }),
    );
    expect(await offset(page)).toBe(moved);
  });

  test("ends with an Our Services button to the services page, reachable by keyboard", async ({ page }) => {
    await page.goto("/");
    await strip(page).focus();
    // Focus brings the story's code in; its first layout may move the page, so the keys wait for it.
    await expect(story(page)).toHaveAttribute("data-hydrated", "");
    // The strip's next Tab stop is the button at its end, which the browser brings into view. (End would scroll the
    // page, not a strip that scrolls only sideways, and smoothly: a race with anything that follows.)
    await page.keyboard.press("Tab");
    const button = page.getByRole("link", { name: "Our Services" });
    await expect(button).toBeFocused();
    await expect(button).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services$/);
  });
});

for (const [name, options] of [
  ["on a touch device", { hasTouch: true }],
  ["under reduced motion", { reducedMotion: "reduce" as const }],
] as const) {
  test.describe(`the side-scroll story ${name}`, () => {
    test.use({ viewport: { width: 1280, height: 800 }, ...options });

    test("is off: the wheel scrolls the page and the strip stays where it is", async ({ page }) => {
      await page.goto("/");
      const story = page.locator("[data-side-scroll]");
      await pointTo(page, story);
      await expect(story).toHaveAttribute("data-side-scroll", "off");
      const sectionTop = await documentOffset(story);
      await page.evaluate((top) => window.scrollTo({ top: top - 20, behavior: "instant" }), sectionTop);
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(sectionTop);
      await expect(story).toHaveAttribute("data-side-scroll", "off");
      expect(
        await page.getByRole("region", { name: "How we work, step by step" }).evaluate((strip) => strip.scrollLeft),
      ).toBe(0);
    });
  });
}

test.describe("testimonials on a desktop", () => {
  const area = (page: Page) => page.locator("[data-testimonial-area]");
  const section = (page: Page) => page.getByRole("region", { name: "Feedback from our clients" });
  const position = (page: Page) =>
    page.getByRole("region", { name: "Feedback from our clients" }).getByText(/^Testimonial \d of 7$/);

  test("start on the last, step one per click, flip direction at either end, and show it in the cursor", async ({
    page,
  }) => {
    await page.goto("/");
    await pointTo(page, section(page));
    await expect(position(page)).toHaveText("Testimonial 7 of 7");
    await expect(area(page)).toHaveAttribute("data-direction", "back");
    expect(await area(page).evaluate((element) => getComputedStyle(element).cursor)).toMatch(
      /^url\(.+\)( \d+ \d+)?, w-resize$/,
    );
    const seen = [];
    for (let click = 0; click < 8; click++) {
      await area(page).click();
      seen.push(await position(page).textContent());
    }
    expect(seen.map((text) => Number(text?.match(/(\d) of/)?.[1]))).toEqual([6, 5, 4, 3, 2, 1, 2, 3]);
    await expect(area(page)).toHaveAttribute("data-direction", "forward");
    expect(await area(page).evaluate((element) => getComputedStyle(element).cursor)).toMatch(
      /^url\(.+\)( \d+ \d+)?, e-resize$/,
    );
    // One testimonial shows at a time.
    await expect(area(page).locator("figure:visible")).toHaveCount(1);
  });

  test("step with the keyboard through buttons that show when focused", async ({ page }) => {
    await page.goto("/");
    await pointTo(page, section(page));
    const back = page.getByRole("button", { name: "Previous testimonial" });
    const forward = page.getByRole("button", { name: "Next testimonial" });
    await expect(forward).toBeDisabled();
    await back.focus();
    const box = await back.boundingBox();
    expect(box?.width).toBeGreaterThan(20);
    await page.keyboard.press("Enter");
    await expect(position(page)).toHaveText("Testimonial 6 of 7");
    await expect(forward).toBeEnabled();
  });
});

test.describe("testimonials on a touch device", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });
  const position = (page: Page) =>
    page.getByRole("region", { name: "Feedback from our clients" }).getByText(/^Testimonial \d of 7$/);

  test("step with back and forward buttons, each disabled at its end", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Feedback from our clients" });
    // On a phone the section comes near as the visitor scrolls down to it.
    await hydrated(page);
    await section.scrollIntoViewIfNeeded();
    await sectionHydrated(page, section);
    const back = page.getByRole("button", { name: "Previous testimonial" });
    const forward = page.getByRole("button", { name: "Next testimonial" });
    await expect(position(page)).toHaveText("Testimonial 1 of 7");
    await expect(back).toBeVisible();
    await expect(back).toBeDisabled();
    await expect(forward).toBeEnabled();
    for (let press = 2; press <= 7; press++) {
      await forward.tap();
      await expect(position(page)).toHaveText(`Testimonial ${press} of 7`);
    }
    await expect(forward).toBeDisabled();
    await back.tap();
    await expect(position(page)).toHaveText("Testimonial 6 of 7");
    // A tap on the quote itself does nothing on touch devices.
    await page.locator("[data-testimonial-area]").tap();
    await expect(position(page)).toHaveText("Testimonial 6 of 7");
  });
});

test.describe("A collection of stuff", () => {
  test("shows the three newest posts with date, title and tags, linking to each", async ({ page, request }) => {
    const response = await request.post("/contentful/posts", {
      data: { content_type: "blogPost", limit: 3, order: "-fields.blogPostDate" },
    });
    const { items } = (await response.json()) as {
      items: { fields: { blogTitle: string; slug: string; blogTags: string[]; blogPostDate: string } }[];
    };
    expect(items).toHaveLength(3);
    await page.goto("/");
    const teaser = page.getByRole("region", { name: "A collection of stuff" });
    const cards = teaser.getByRole("article");
    await expect(cards).toHaveCount(3);
    for (const [index, { fields }] of items.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading")).toHaveText(fields.blogTitle);
      await expect(card.getByRole("link", { name: fields.blogTitle })).toHaveAttribute("href", `/post/${fields.slug}`);
      await expect(card.locator("time")).toHaveAttribute("datetime", fields.blogPostDate);
      await expect(card.locator("time")).toHaveText(
        /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      );
      for (const tag of fields.blogTags)
        await expect(card.getByRole("listitem").filter({ hasText: tag })).toHaveCount(1);
    }
  });

  test("streams in after the page, behind an accessible spinner", async ({ request }) => {
    // A visit the page cache does not answer: a page the cache holds comes whole, and a query no page reads is
    // answered from that copy.
    const response = await request.get(pastThePageCache("/"), {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" },
    });
    const html = await response.text();
    const spinner = html.indexOf("Loading the latest posts");
    const closing = html.indexOf(closingLine);
    expect(spinner).toBeGreaterThan(0);
    expect(html.slice(0, spinner)).toMatch(/role="status"[^>]*aria-busy="true"/);
    // The posts arrive after the rest of the page has been sent.
    const firstPost = html.search(/href="\/post\//);
    expect(firstPost).toBeGreaterThan(closing);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("streamed sections offer a link instead of a placeholder that could never fill", async ({ page }) => {
    // Visits the page cache does not answer: a page it holds comes whole, posts included.
    await page.goto(pastThePageCache("/"));
    const teaser = page.getByRole("region", { name: "A collection of stuff" });
    await expect(teaser.getByRole("status")).toBeHidden();
    await teaser.getByRole("link", { name: "Read the latest posts on our news page" }).click();
    await expect(page).toHaveURL(/\/news$/);
    // The news page is rendered whole on the server: its articles are there without JavaScript.
    await expect(page.getByRole("main").locator('a[href^="/post/"]').first()).toBeVisible();

    await page.goto(pastThePageCache("/about"));
    await expect(page.getByRole("status")).toBeHidden();
    // The founder's quotes scroll natively, stepped by the browser's own scroll buttons (pseudo-elements, which
    // locators cannot see: first-paint-carousels.spec.ts presses them); React's, which could do nothing, are not offered.
    const quotes = page.getByRole("region", { name: "Quotes from our founder" });
    await expect(quotes.getByRole("group")).not.toHaveCount(0);
    await expect(page.getByRole("button", { name: /slide$/ })).toHaveCount(0);
    await page.getByRole("link", { name: "See our recent work" }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });
});

for (const width of [390, 1440]) {
  test(`has no axe violations at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000); // axe over the longest page, every section revealed first
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await hydrated(page);
    await revealEverything(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations).toEqual([]);
  });
}
