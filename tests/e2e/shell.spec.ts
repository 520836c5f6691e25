import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { site } from "../../src/shared/site.ts";
import { hydrated } from "./hydration.ts";

// Nothing moves under reduced motion (delays and durations are 0), so clicks never chase an animation.
test.use({ reducedMotion: "reduce" });

const menuToggle = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });
const closeButton = (page: Page) => page.getByRole("button", { name: "Close menu" });
const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The toggle works from the first paint (a popover's invoker); these tests are of the enhanced menu. */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

async function openMenu(page: Page) {
  await menuToggle(page).click();
  await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(mainMenu(page)).toBeVisible();
}

async function expectMenuClosed(page: Page) {
  await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(mainMenu(page)).toBeHidden();
}

test.describe("the site menu", () => {
  test("opens by the toggle with the spec's seven links, and focus moves into it", async ({ page }) => {
    await openPage(page, "/about");
    await expectMenuClosed(page);
    await openMenu(page);
    await expect(closeButton(page)).toBeFocused();
    const links = mainMenu(page).getByRole("listitem").getByRole("link");
    await expect(links).toHaveText([
      "01Home",
      "02Our Work",
      "03Services",
      "04News",
      "05Agency",
      "06Shop (opens in a new tab)",
      "07Contact",
    ]);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/projects", "/services", "/news", "/about", site.shopUrl, "/contact"]);
    const shop = mainMenu(page).getByRole("link", { name: /Shop/ });
    await expect(shop).toHaveAttribute("target", "_blank");
    await expect(shop).toHaveAttribute("rel", "noopener noreferrer");
    await expect(shop).toHaveAccessibleName("Shop (opens in a new tab)");
    await expect(mainMenu(page).getByRole("link", { name: "Agency" })).toHaveAttribute("aria-current", "page");
  });

  test("closes on the close button and gives focus back to the toggle", async ({ page }) => {
    await openPage(page, "/about");
    await openMenu(page);
    await closeButton(page).click();
    await expectMenuClosed(page);
    await expect(menuToggle(page)).toBeFocused();
  });

  test("closes on Escape and gives focus back to the toggle", async ({ page }) => {
    await openPage(page, "/services");
    await openMenu(page);
    await page.keyboard.press("Escape");
    await expectMenuClosed(page);
    await expect(menuToggle(page)).toBeFocused();
  });

  test("closes when a menu link is followed, over the next page already drawn", async ({ page }) => {
    await openPage(page, "/about");
    await openMenu(page);
    // What is under the menu when it starts to close: the page being left would flash before the next one.
    await page.evaluate(() => {
      const menu = document.getElementById("site-menu");
      menu?.addEventListener("beforetoggle", (event) => {
        if ((event as ToggleEvent).newState !== "closed") return;
        const heading = document.querySelector("h1")?.textContent ?? "";
        Object.assign(window, { __underClosingMenu: `${location.pathname} ${heading}` });
      });
    });
    await mainMenu(page).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Everything a brand needs, under one roof");
    await expectMenuClosed(page);
    expect(await page.evaluate(() => (window as unknown as { __underClosingMenu?: string }).__underClosingMenu)).toBe(
      "/services Everything a brand needs, under one roof",
    );
  });

  test("closes when the page scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, "/about");
    await openMenu(page);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 400);
    await expectMenuClosed(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("works from the keyboard: Enter and Space open it, Tab stays inside, Escape leaves", async ({ page }) => {
    await openPage(page, "/terms");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: `${site.name} home` })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menuToggle(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(closeButton(page)).toBeFocused();
    for (const name of ["Home", "Our Work", "Services", "News", "Agency", "Shop (opens in a new tab)", "Contact"]) {
      await page.keyboard.press("Tab");
      await expect(mainMenu(page).getByRole("link", { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await expect(mainMenu(page).getByRole("link", { name: site.email })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(mainMenu(page).getByRole("link", { name: site.phone })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(closeButton(page)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(mainMenu(page).getByRole("link", { name: site.phone })).toBeFocused();
    await page.keyboard.press("Escape");
    await expectMenuClosed(page);
    await expect(menuToggle(page)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Enter");
    await expectMenuClosed(page);
    await expect(menuToggle(page)).toBeFocused();
  });

  test.describe("with motion", () => {
    test.use({ reducedMotion: "no-preference" });

    test("staggers its links from 1 s in 0.3 s steps", async ({ page }) => {
      await openPage(page, "/about");
      await openMenu(page);
      const delays = await mainMenu(page)
        .getByRole("listitem")
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => Number.parseFloat(getComputedStyle(link).transitionDelay)));
      expect(delays.map((delay) => Math.round(delay * 10) / 10)).toEqual([1, 1.3, 1.6, 1.9, 2.2, 2.5, 2.8]);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("still opens by its button, and closes again by the close button and by Escape", async ({ page }) => {
      await page.goto("/services");
      await expect(mainMenu(page)).toBeHidden();
      await menuToggle(page).click();
      await expect(mainMenu(page)).toBeVisible();
      await expect(mainMenu(page).getByRole("link", { name: "Contact" })).toBeVisible();
      await closeButton(page).click();
      await expect(mainMenu(page)).toBeHidden();
      await menuToggle(page).click();
      await expect(mainMenu(page).getByRole("link", { name: "Contact" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(mainMenu(page)).toBeHidden();
    });

    test("leads to another page from its links", async ({ page }) => {
      await page.goto("/services");
      await menuToggle(page).click();
      await mainMenu(page).getByRole("link", { name: "Agency" }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(mainMenu(page)).toBeHidden();
    });
  });
});

test.describe("the footer", () => {
  test("carries contact details, legal, social and server-status links", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Let's crush it together")).toHaveCount(0);
    await expect(footer.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(footer.getByRole("link", { name: site.phone })).toHaveAttribute("href", site.phoneHref);
    await expect(footer.getByText("Unit 4, The Silk Mill Yard")).toBeVisible();
    await expect(footer.getByText("Manchester: coming soon")).toBeVisible();
    const legal = footer.getByRole("navigation", { name: "Legal" });
    await expect(legal.getByRole("link", { name: "Terms & conditions" })).toHaveAttribute("href", "/terms");
    await expect(legal.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(legal.getByRole("link", { name: "Server status" })).toHaveAttribute("href", "/status");
    for (const social of site.social) {
      const link = footer.getByRole("link", { name: `${social.label} (opens in a new tab)` });
      await expect(link).toHaveAttribute("href", social.href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
  });

  test("on the home page reads 'Let's crush it together' with a callback link and an email link", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Let's crush it together" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Arrange a callback" }).first()).toHaveAttribute("href", "/contact");
    await expect(footer.getByRole("link", { name: `Email ${site.email}` })).toHaveAttribute(
      "href",
      `mailto:${site.email}`,
    );
    await expect(footer.getByRole("link", { name: "Server status" })).toBeVisible();
  });

  test("switches back to the regular footer when leaving the home page", async ({ page }) => {
    await openPage(page, "/");
    await expect(page.getByText("Let's crush it together")).toBeVisible();
    await openMenu(page);
    await mainMenu(page).getByRole("link", { name: "Agency" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "Got a project in mind?" })).toBeVisible();
    await expect(page.getByText("Let's crush it together")).toHaveCount(0);
  });
});

test.describe("the agency page", () => {
  test("shows the hero figures and opens each service of its accordion on its own", async ({ page }) => {
    await openPage(page, "/about");
    for (const [label, figure] of [
      ["Years experience", "10+"],
      ["Happy clients", "235"],
      ["Projects completed", "2000+"],
    ]) {
      await expect(page.getByRole("term").filter({ hasText: label })).toBeVisible();
      await expect(page.getByRole("definition").filter({ hasText: figure })).toBeVisible();
    }
    const webDesign = page.getByRole("button", { name: "Web design" });
    const branding = page.getByRole("button", { name: "Branding" });
    await expect(webDesign).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "More about web design" })).toBeHidden();
    await webDesign.click();
    await expect(webDesign).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "More about web design" })).toBeVisible();
    await expect(page.getByRole("link", { name: "More about web design" })).toHaveAttribute(
      "href",
      "/service/web-design",
    );
    await branding.click();
    await expect(branding).toHaveAttribute("aria-expanded", "true");
    await expect(webDesign).toHaveAttribute("aria-expanded", "true");
    await webDesign.click();
    await expect(webDesign).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "More about web design" })).toBeHidden();
  });

  test("introduces the leadership team of four by role, the timeline, founder quotes and values", async ({ page }) => {
    await openPage(page, "/about");
    const team = page.getByRole("region", { name: "The people behind the work" });
    await expect(team.getByRole("heading", { level: 3 })).toHaveText([
      "Founder & Creative Director",
      "Head of Design",
      "Head of Web",
      "Client Services Director",
    ]);
    await expect(page.getByRole("region", { name: "Ten years, counted" }).getByRole("listitem")).toHaveCount(5);
    const quotes = page.getByRole("region", { name: "Quotes from our founder" });
    await expect(quotes.getByText("1 / 4")).toBeVisible();
    // Its buttons are the browser's own until embla loads as the carousel comes near the screen.
    await quotes.scrollIntoViewIfNeeded();
    await quotes.getByRole("button", { name: "Next slide" }).click();
    await expect(quotes.getByText("2 / 4")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Four rules we don't bend" }).getByRole("heading", { level: 3 }),
    ).toHaveCount(4);
  });
});

test.describe("the services page", () => {
  test("links each of the ten services to its page, and opens the other services one by one", async ({ page }) => {
    await openPage(page, "/services");
    const index = page.getByRole("region", { name: "Our services" });
    const hrefs = await index.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(
      [
        "graphic-design",
        "branding",
        "photography",
        "web-design",
        "packaging",
        "ux-design",
        "print-design",
        "social-media",
        "image-editing",
        "ecommerce",
      ].map((slug) => `/service/${slug}`),
    );
    const other = page.getByRole("region", { name: "And while we're at it" });
    await expect(other.getByRole("button")).toHaveText([
      "Digital marketing",
      "Brand strategy",
      "Website maintenance",
      "Business IT support",
      "Website hosting",
    ]);
    const hosting = other.getByRole("button", { name: "Website hosting" });
    await hosting.click();
    await expect(hosting).toHaveAttribute("aria-expanded", "true");
    await expect(other.getByText(/Fast UK hosting/)).toBeVisible();
    await hosting.click();
    await expect(other.getByText(/Fast UK hosting/)).toBeHidden();
  });

  test("has no touch class on a pointer device", async ({ page }) => {
    await openPage(page, "/services");
    await expect(page.getByRole("region", { name: "Our services" })).not.toHaveClass(/\btouch\b/);
  });

  test.describe("on a touch device", () => {
    test.use({ hasTouch: true });

    test("gets the touch class once the page has loaded", async ({ page }) => {
      await openPage(page, "/services");
      await expect(page.getByRole("region", { name: "Our services" })).toHaveClass(/\btouch\b/);
    });
  });
});

test.describe("legacy paths", () => {
  test("a client-side navigation to one lands on its new home, and the old path never enters the history", async ({
    page,
  }) => {
    await openPage(page, "/about");
    await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/terms"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
    await page.evaluate(() =>
      (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/terms-conditions?from=old"),
    );
    await expect(page).toHaveURL(/\/terms\?from=old$/);
    await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/blog"));
    await expect(page).toHaveURL(/\/news$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms\?from=old$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test("a visit to one is answered by the server with its new home", async ({ page }) => {
    const response = await page.goto("/about-us-agency?utm_source=old-site");
    expect(response?.url()).toMatch(/\/about\?utm_source=old-site$/);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/about-us-agency\?utm_source=old-site$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We make brands hard to ignore");
  });
});

test.describe("the 404 page", () => {
  test("lays a white logo and the header over its dark hero", async ({ page }) => {
    await openPage(page, "/no-such-page");
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("position", "absolute");
    await expect(page.getByRole("link", { name: `${site.name} home` })).toHaveCSS("color", "rgb(246, 241, 232)");
    await expect(page.getByText("404, page not found.")).toBeVisible();
    // Leaving the 404 page resets the header: the frame is per route.
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header).toHaveCSS("position", "relative");
    await expect(page.getByRole("link", { name: `${site.name} home` })).toHaveCSS("color", "rgb(20, 20, 20)");
  });

  test("reached by a move inside the site, an unknown slug has the 404 page's title, description and noindex", async ({
    page,
  }) => {
    const move = (path: string) =>
      page.evaluate((to) => (window as unknown as RouterWindow).__reactRouterDataRouter.navigate(to), path);
    const robots = page.locator('meta[name="robots"]');
    await openPage(page, "/about");
    const aboutTitle = await page.title();
    const aboutDescription = await page.locator('meta[name="description"]').getAttribute("content");
    for (const path of ["/no-such-page", "/post/nope", "/project/nope", "/service/nope"]) {
      await move(path);
      await expect(page.getByRole("heading", { name: "Doh! This is awkward..." })).toBeVisible();
      await expect(page, path).toHaveTitle(`Page not found | ${site.name}`);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /never existed/);
      await expect(robots, path).toHaveAttribute("content", "noindex");
      // Back on a page of the site, its own head again.
      await move("/about");
      await expect(page).toHaveTitle(aboutTitle);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", aboutDescription ?? "");
      await expect(robots).toHaveCount(0);
    }
    // Through the history too.
    await page.goBack();
    await expect(page).toHaveURL(/\/service\/nope$/);
    await expect(page).toHaveTitle(`Page not found | ${site.name}`);
    await expect(robots).toHaveAttribute("content", "noindex");
  });
});

test.describe("a route chunk missing after a deploy", () => {
  test("reloads into the page the visitor was going to, once", async ({ page }) => {
    // The /about route's module is missing from the server until the visitor asks for it once: the next pages'
    // code fetched ahead after the first load finds it missing too, so the tap is what meets it.
    let tapped = false;
    let refused = 0;
    await page.route(/\/assets\/about-[\w-]{8}\.js$/, async (route) => {
      if (!tapped || refused++ === 0) return route.fulfill({ status: 404, body: "Not found" });
      return route.continue();
    });
    await openPage(page, "/terms");
    // React Router learns the routes of the links on the page just after hydration (lazy route discovery).
    const readModule = () =>
      page.evaluate(() => (window as unknown as RouterWindow).__reactRouterManifest?.routes["routes/about"]?.module);
    await expect.poll(readModule, { timeout: 15_000 }).toMatch(/\/assets\/about-[\w-]{8}\.js$/);
    await openMenu(page);
    tapped = true;
    await mainMenu(page).getByRole("link", { name: "Agency" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We make brands hard to ignore");
    expect(refused).toBeGreaterThanOrEqual(1);
  });
});

interface RouterWindow {
  __reactRouterDataRouter: { navigate(to: string): Promise<void> };
  __reactRouterManifest: { routes: Record<string, { module: string } | undefined> };
}

test("the agency, services, legal and 404 pages hydrate without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("404 (Not Found)")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["/about", "/services", "/terms", "/privacy-policy", "/no-such-page"]) {
    await openPage(page, path);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});

test.describe("accessibility", () => {
  for (const width of [390, 1440]) {
    for (const path of ["/about", "/services", "/terms", "/privacy-policy", "/no-such-page"]) {
      test(`${path} has no axe violations at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await openPage(page, path);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
      });
    }
    test(`the open menu has no axe violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPage(page, "/about");
      await openMenu(page);
      const results = await new AxeBuilder({ page }).include("#site-menu").analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    });
  }
});
