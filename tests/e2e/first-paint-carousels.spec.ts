import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { pastThePageCache } from "../support/page-cache.ts";
import { hydrated } from "./hydration.ts";
import { holdRequests, slowNetwork, warm } from "./network.ts";

/**
 * The testimonials and the carousels step before React runs and without JavaScript, by
 * the buttons the stylesheet generates for their scroll-snap strips (::scroll-button; with JavaScript on, the
 * carousels' own buttons and the page's inline script), and React takes over from the slide the visitor sees. Those buttons are pseudo-elements, which Playwright's locators cannot reach: they are
 * found the way assistive technology finds them, by role and name in the browser's accessibility tree, and pressed
 * where they are drawn on the screen.
 */

const appScripts = /\/assets\/.*\.js$/;
const feedback = (page: Page) => page.getByRole("region", { name: "Feedback from our clients" });
const showcase = (page: Page) =>
  page.getByRole("region", { name: "Fresh from the studio" }).locator('[aria-roledescription="carousel"]');

interface GeneratedButton {
  x: number;
  y: number;
  width: number;
  disabled: boolean;
}

/**
 * The button named `name` in the page's accessibility tree, where it is drawn and whether it is disabled.
 *
 * Chromium answers `Accessibility.queryAXTree` at the page's next frame. A page with nothing moving asks for no
 * frame (with the app's scripts held back, about 1 question in 40 on a busy machine went unanswered until the
 * test's timeout), so a question not answered within a second is followed by a frame the page asks for.
 */
async function generatedButton(page: Page, context: BrowserContext, name: string): Promise<GeneratedButton | null> {
  const cdp = await context.newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const query = cdp.send("Accessibility.queryAXTree", {
      backendNodeId: root.backendNodeId,
      accessibleName: name,
      role: "button",
    });
    const waited = (ms: number) => new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms));
    let answer = await Promise.race([query, waited(1_000)]);
    for (let frame = 0; answer === "waiting" && frame < 10; frame++) {
      await Promise.race([
        page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve))),
        waited(1_000),
      ]);
      answer = await Promise.race([query, waited(1_000)]);
    }
    if (answer === "waiting") throw new Error(`the accessibility tree did not answer for "${name}"`);
    const node = answer.nodes.find((candidate) => candidate.backendDOMNodeId !== undefined && !candidate.ignored);
    if (node?.backendDOMNodeId === undefined) return null;
    const boxOf = async (id: number) => (await cdp.send("DOM.getBoxModel", { backendNodeId: id })).model;
    // Brought into view by scrolling the page only (scrolling a pseudo-element into view would move its strip).
    const first = await boxOf(node.backendDOMNodeId);
    const middle = ((first.border[1] ?? 0) + (first.border[5] ?? 0)) / 2;
    const height = page.viewportSize()?.height ?? 0;
    if (middle < 40 || middle > height - 40) await page.evaluate((by) => window.scrollBy(0, by), middle - height / 2);
    const model = await boxOf(node.backendDOMNodeId);
    const [left = 0, top = 0, , , right = 0, bottom = 0] = model.border;
    const disabled = node.properties?.some((property) => property.name === "disabled" && property.value.value === true);
    return { x: (left + right) / 2, y: (top + bottom) / 2, width: right - left, disabled: Boolean(disabled) };
  } finally {
    await cdp.detach();
  }
}

/** Presses the generated button named `name` with the mouse, where the visitor sees it. */
async function press(page: Page, name: string) {
  const button = await generatedButton(page, page.context(), name);
  expect(button, `a button named "${name}"`).not.toBeNull();
  expect(button?.disabled, `"${name}" is enabled`).toBe(false);
  await page.mouse.click(button?.x ?? 0, button?.y ?? 0);
}

/** The companies of the testimonials a visitor sees: inside the viewer's area, visible and opaque. */
function shownTestimonials(page: Page) {
  return page.locator("[data-testimonial-area]").evaluate((area) => {
    const box = area.getBoundingClientRect();
    return [...area.querySelectorAll("figure")]
      .filter((figure) => {
        const rect = figure.getBoundingClientRect();
        const style = getComputedStyle(figure);
        return (
          rect.left >= box.left - 2 &&
          rect.right <= box.right + 2 &&
          style.visibility === "visible" &&
          Number(style.opacity) === 1
        );
      })
      .map((figure) => figure.querySelector("[role=img]")?.getAttribute("aria-label") ?? "");
  });
}

async function allCompanies(page: Page) {
  return page
    .locator("[data-testimonial-area] figure [role=img]")
    .evaluateAll((logos) => logos.map((logo) => logo.getAttribute("aria-label") ?? ""));
}

/** The first slide a visitor sees in the carousel: the one whose start is at the strip's start. */
function firstShownSlide(carousel: Locator) {
  return carousel.evaluate((section) => {
    const strip = section.querySelector("[tabindex='0']")?.getBoundingClientRect();
    const slides = [...section.querySelectorAll('[aria-roledescription="slide"]')];
    const shown = slides.find((slide) => strip && Math.abs(slide.getBoundingClientRect().left - strip.left) < 3);
    return shown?.getAttribute("aria-label") ?? null;
  });
}

/** What the count shows, as drawn: before the script takes over its number is the stylesheet's counter. */
function shownCount(count: Locator) {
  return count.evaluate((element) => {
    const now = element.firstElementChild;
    const text = element.textContent ?? "";
    if (!now) return text.trim();
    const rest = text.slice(now.textContent?.length ?? 0).trim();
    const generated = getComputedStyle(now, "::before").content;
    if (!generated.startsWith("counter(")) return `${now.textContent?.trim()} ${rest}`;
    const value = getComputedStyle(now).getPropertyValue("--strip-at");
    return `${generated.includes("testimonial") ? value.padStart(2, "0") : value} ${rest}`;
  });
}

const testimonialCount = (page: Page) => feedback(page).locator("p[aria-hidden='true']").first();
const carouselCount = (page: Page) => showcase(page).locator("p[aria-live]");

/** The steps a visitor takes before React runs (or without it): the same with no JavaScript and with it held. */
function stepsBeforeScripts(holdScripts: boolean) {
  for (const width of [390, 1440]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test("the desktop testimonials start on the last and step back; the count follows", async ({ page }) => {
        if (holdScripts) await holdRequests(page, appScripts);
        await page.goto("/", { waitUntil: "domcontentloaded" });
        await feedback(page).scrollIntoViewIfNeeded();
        const companies = await allCompanies(page);
        expect(companies).toHaveLength(7);
        await expect.poll(() => shownTestimonials(page)).toEqual([companies[6]]);
        await expect.poll(() => shownCount(testimonialCount(page))).toBe("07 / 07");
        expect((await generatedButton(page, page.context(), "Next testimonial"))?.disabled).toBe(true);
        await press(page, "Previous testimonial");
        await expect.poll(() => shownTestimonials(page)).toEqual([companies[5]]);
        await expect.poll(() => shownCount(testimonialCount(page))).toBe("06 / 07");
        expect((await generatedButton(page, page.context(), "Next testimonial"))?.disabled).toBe(false);
        await press(page, "Next testimonial");
        await expect.poll(() => shownTestimonials(page)).toEqual([companies[6]]);
      });

      if (!holdScripts) {
        test("the home carousel steps with its previous and next buttons; the count follows", async ({ page }) => {
          await page.goto("/", { waitUntil: "domcontentloaded" });
          await showcase(page).scrollIntoViewIfNeeded();
          await expect(showcase(page)).not.toHaveAttribute("data-ready", "");
          expect(await firstShownSlide(showcase(page))).toMatch(/^1 of \d+$/);
          expect((await generatedButton(page, page.context(), "Previous slide"))?.disabled).toBe(true);
          await expect.poll(() => shownCount(carouselCount(page))).toMatch(/^1 \/ \d+$/);
          await press(page, "Next slide");
          await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^2 of \d+$/);
          await expect.poll(() => shownCount(carouselCount(page))).toMatch(/^2 \/ \d+$/);
          await expect
            .poll(async () => (await generatedButton(page, page.context(), "Previous slide"))?.disabled)
            .toBe(false);
          await press(page, "Previous slide");
          await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^1 of \d+$/);
        });
      }

      if (holdScripts) {
        // With JavaScript the browser's buttons are not drawn: the carousel's own step its strip
        // from the first paint (the page's inline script), and look disabled at either end as embla's do.
        test("the home carousel steps with its own buttons; the count and the arrow keys follow", async ({ page }) => {
          await holdRequests(page, appScripts);
          await page.goto("/", { waitUntil: "domcontentloaded" });
          await showcase(page).scrollIntoViewIfNeeded();
          const previous = showcase(page).getByRole("button", { name: "Previous slide" });
          const next = showcase(page).getByRole("button", { name: "Next slide" });
          const opacity = (button: Locator) => button.evaluate((element) => getComputedStyle(element).opacity);
          await expect(showcase(page)).not.toHaveAttribute("data-ready", "");
          expect(await firstShownSlide(showcase(page))).toMatch(/^1 of \d+$/);
          await expect.poll(() => shownCount(carouselCount(page))).toMatch(/^1 \/ \d+$/);
          await expect.poll(() => opacity(previous)).toBe("0.35");
          expect(await opacity(next)).toBe("1");
          await next.click();
          await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^2 of \d+$/);
          await expect.poll(() => shownCount(carouselCount(page))).toMatch(/^2 \/ \d+$/);
          await expect.poll(() => opacity(previous)).toBe("1");
          await next.click();
          await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^3 of \d+$/);
          await previous.click();
          await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^2 of \d+$/);
          // The page stayed where it was: only the strip moved.
          await expect(showcase(page)).toBeInViewport();
          await showcase(page).locator("[tabindex='0']").focus();
          await page.keyboard.press("ArrowLeft");
          await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^1 of \d+$/);
          // At the far end the next button looks disabled and does nothing.
          const slides = await showcase(page).getByRole("group").count();
          for (let step = 1; step < slides; step++) await next.click();
          await expect.poll(() => shownCount(carouselCount(page))).toBe(`${slides} / ${slides}`);
          await expect.poll(() => opacity(next)).toBe("0.35");
          await next.click();
          await expect.poll(() => shownCount(carouselCount(page))).toBe(`${slides} / ${slides}`);
        });
      }

      if (holdScripts) {
        // axe runs in the page, so it needs JavaScript: the page with the app's scripts held back is the server's
        // HTML as the browser shows it before hydration (the no-JS rule only hides what needs the app).
        test("has no axe violations", async ({ page }) => {
          await holdRequests(page, appScripts);
          await page.goto("/", { waitUntil: "domcontentloaded" });
          await feedback(page).scrollIntoViewIfNeeded();
          const results = await new AxeBuilder({ page })
            .include('[aria-labelledby="feedback-title"]')
            .include('[aria-labelledby="showcase-title"]')
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
            .analyze();
          expect(results.violations).toEqual([]);
        });
      }
    });
  }

  test.describe("on a touch device", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("the testimonials start on the first, back disabled, and step forward with the keyboard", async ({ page }) => {
      if (holdScripts) await holdRequests(page, appScripts);
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await feedback(page).scrollIntoViewIfNeeded();
      const companies = await allCompanies(page);
      await expect.poll(() => shownTestimonials(page)).toEqual([companies[0]]);
      await expect.poll(() => shownCount(testimonialCount(page))).toBe("01 / 07");
      const back = await generatedButton(page, page.context(), "Previous testimonial");
      expect(back?.disabled).toBe(true);
      expect(back?.width).toBeGreaterThan(40);
      // The first stop after the heading is the forward button (back is disabled): Enter steps on.
      await page.locator("#feedback-title").evaluate((heading) => {
        heading.setAttribute("tabindex", "-1");
        (heading as HTMLElement).focus();
      });
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect.poll(() => shownTestimonials(page)).toEqual([companies[1]]);
      await expect.poll(() => shownCount(testimonialCount(page))).toBe("02 / 07");
      // Back is enabled now: pressed where the visitor sees it, it brings the first back. (Pressed again while the
      // strip is still moving, it does nothing more: at the first, back does nothing.) The button's state is read
      // from what it does, not from the accessibility tree, whose copy of a generated button's state lagged the strip
      // by seconds on a busy machine.
      await expect
        .poll(async () => {
          const button = await generatedButton(page, page.context(), "Previous testimonial");
          if (button) await page.mouse.click(button.x, button.y);
          return shownTestimonials(page);
        })
        .toEqual([companies[0]]);
      await expect.poll(() => shownCount(testimonialCount(page))).toBe("01 / 07");
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  stepsBeforeScripts(false);

  test("the service page's carousel steps", async ({ page }) => {
    await page.goto("/service/web-design", { waitUntil: "domcontentloaded" });
    const carousel = page.getByRole("region", { name: /in pictures$/ });
    await carousel.scrollIntoViewIfNeeded();
    expect((await generatedButton(page, page.context(), "Previous slide"))?.disabled).toBe(true);
    await press(page, "Next slide");
    await expect.poll(() => firstShownSlide(carousel)).toBe(`2 of ${await carousel.getByRole("group").count()}`);
  });
});

test.describe("before the app's scripts run", () => {
  stepsBeforeScripts(true);
});

test.describe("when React takes over on a touch device", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the testimonial shown before hydration is the one shown after it", async ({ page }) => {
    const release = await holdRequests(page, appScripts);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await feedback(page).scrollIntoViewIfNeeded();
    const companies = await allCompanies(page);
    await expect.poll(() => shownTestimonials(page)).toEqual([companies[0]]);
    release();
    await hydrated(page);
    await expect(feedback(page)).toHaveAttribute("data-enhanced", "");
    await expect(feedback(page)).toHaveAttribute("data-hydrated", "");
    await expect.poll(() => shownTestimonials(page)).toEqual([companies[0]]);
    await expect(feedback(page).getByText(/^Testimonial \d of 7$/)).toHaveText("Testimonial 1 of 7");
    await expect(feedback(page).getByRole("button", { name: "Previous testimonial" })).toBeDisabled();
    await expect(feedback(page).getByRole("button", { name: "Next testimonial" })).toBeEnabled();
  });

  test("a step taken before hydration is kept: React starts from that testimonial", async ({ page }) => {
    const release = await holdRequests(page, appScripts);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await feedback(page).scrollIntoViewIfNeeded();
    const companies = await allCompanies(page);
    await press(page, "Next testimonial");
    await expect.poll(() => shownTestimonials(page)).toEqual([companies[1]]);
    release();
    await hydrated(page);
    await expect(feedback(page)).toHaveAttribute("data-enhanced", "");
    await expect.poll(() => shownTestimonials(page)).toEqual([companies[1]]);
    await expect(feedback(page).getByText(/^Testimonial \d of 7$/)).toHaveText("Testimonial 2 of 7");
    await expect(testimonialCount(page)).toHaveText("02 / 07");
    const back = feedback(page).getByRole("button", { name: "Previous testimonial" });
    await expect(back).toBeEnabled();
    await back.tap();
    await expect.poll(() => shownTestimonials(page)).toEqual([companies[0]]);
  });

  test("the home carousel starts where its own buttons left it before the app ran, and steps on", async ({ page }) => {
    const release = await holdRequests(page, appScripts);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await showcase(page).scrollIntoViewIfNeeded();
    const next = showcase(page).getByRole("button", { name: "Next slide" });
    await next.tap();
    await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^2 of \d+$/);
    await next.tap();
    await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^3 of \d+$/);
    release();
    await hydrated(page);
    await expect(showcase(page)).toHaveAttribute("data-ready", "");
    await expect(showcase(page).getByText(/^3 \/ \d+$/)).toBeVisible();
    // From now on embla steps it, one slide a tap (the page's early script leaves a ready carousel alone).
    await next.tap();
    await expect(showcase(page).getByText(/^4 \/ \d+$/)).toBeVisible();
    await expect(showcase(page).locator('[aria-roledescription="slide"][aria-current="true"]')).toHaveAttribute(
      "aria-label",
      /^4 of \d+$/,
    );
  });

  test("the home carousel starts where a swipe before its script left it", async ({ page }) => {
    const release = await holdRequests(page, appScripts);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await showcase(page).scrollIntoViewIfNeeded();
    // A swipe moves the strip to the next snap point, as a scroll to it does.
    await showcase(page)
      .locator("[tabindex='0']")
      .evaluate((strip) => {
        const second = strip.querySelectorAll('[aria-roledescription="slide"]')[1] as HTMLElement;
        strip.scrollTo({ left: second.offsetLeft - (strip.firstElementChild as HTMLElement).offsetLeft });
      });
    await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^2 of \d+$/);
    release();
    await hydrated(page);
    await expect(showcase(page)).toHaveAttribute("data-ready", "");
    await expect(showcase(page).locator('[aria-roledescription="slide"][aria-current="true"]')).toHaveAttribute(
      "aria-label",
      /^2 of \d+$/,
    );
    await expect.poll(() => firstShownSlide(showcase(page))).toMatch(/^2 of \d+$/);
    await expect(showcase(page).getByText(/^2 \/ \d+$/)).toBeVisible();
    await expect(showcase(page).getByRole("button", { name: "Previous slide" })).toBeEnabled();
  });
});

/**
 * A desktop starts on the last testimonial on every load, however the document arrives: a stored
 * copy (sent at once), a render (streamed as the server writes it, as on a cold server), and a slow network that
 * pauses after the strip's first slide and again before its end tag, where a layout used to fix the strip on the
 * first. Each loads once here; `--repeat-each=100` on this block is the check that no order of parsing and layout
 * is left to chance.
 */
test.describe("the desktop testimonials start on the last, however the page arrives", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  async function expectTheLast(page: Page) {
    await feedback(page).scrollIntoViewIfNeeded();
    const companies = await allCompanies(page);
    expect(companies).toHaveLength(7);
    await expect.poll(() => shownTestimonials(page)).toEqual([companies[6]]);
    await expect.poll(() => shownCount(testimonialCount(page))).toBe("07 / 07");
  }

  /** After the strip's first slide, and after its last one, before the strip's end tag. */
  function inTheStrip(html: string): number[] {
    const strip = html.indexOf("data-testimonial-area");
    const first = html.indexOf("</figure>", strip) + "</figure>".length;
    const last = html.lastIndexOf("</figure>", html.indexOf("</section>", strip)) + "</figure>".length;
    return [first, last];
  }

  for (const javaScript of [false, true]) {
    test.describe(javaScript ? "with the app's scripts held back" : "without JavaScript", () => {
      test.use({ javaScriptEnabled: javaScript });
      test.beforeEach(async ({ page }) => {
        if (javaScript) await holdRequests(page, appScripts);
      });

      test("from a stored copy", async ({ page, request }) => {
        await warm(request, "/");
        const response = await page.goto("/", { waitUntil: "domcontentloaded" });
        expect(response?.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
        await expectTheLast(page);
      });

      test("from a render", async ({ page }) => {
        // Past the cache, to a render, streamed.
        const response = await page.goto(pastThePageCache("/"), { waitUntil: "domcontentloaded" });
        expect(response?.headers()["x-cache"]).toBeUndefined();
        await expectTheLast(page);
      });

      test("over a network that pauses inside the strip", async ({ page, baseURL }) => {
        const network = await slowNetwork(baseURL ?? "", inTheStrip);
        try {
          await page.goto(`${network.origin}/`, { waitUntil: "domcontentloaded" });
          await expectTheLast(page);
        } finally {
          await network.close();
        }
      });
    });
  }
});
