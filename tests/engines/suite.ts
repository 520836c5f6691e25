import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { listen } from "../support/raw-http.ts";
import { type Engine, type EngineName, launch } from "./browsers.ts";
import { differences, type Look, lookOf } from "./look.ts";

/** Set by tests/engines/run.ts: the production server, where the screenshots go, and Chromium's drawing of the pages. */
const origin = process.env.ENGINES_ORIGIN ?? "";
const outDir = process.env.ENGINES_OUT ?? "reports/engines";
const referenceFile = process.env.ENGINES_REFERENCE ?? "";

/** The widths a visitor's phone and laptop give the page, each with a screen's height. */
export const screens = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** The six main pages, drawn in each engine and compared with Chromium's drawing. */
export const mainPages = ["/", "/about", "/services", "/projects", "/news", "/contact"] as const;

/** Every page the sitemap lists, as paths. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** One page of each route (the first project for `/project/:slug`, …): what a desktop width adds is the layout. */
function onePerRoute(paths: string[]): string[] {
  const routes = new Map<string, string>();
  for (const page of paths) {
    const route = page.split("/").length > 2 ? page.replace(/[^/]+$/, ":slug") : page;
    if (!routes.has(route)) routes.set(route, page);
  }
  return [...routes.values()];
}

/** What browsers have reported the Content Security Policy refused, summed over directives and routes. */
async function cspReports(): Promise<number> {
  const metrics = await (await fetch(`${origin}/metrics`)).text();
  return [...metrics.matchAll(/^csp_violations_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** Polls the page until the function returns a truthy value (the engines' own waits differ). */
async function until<T, A extends unknown[]>(
  engine: Engine,
  fn: (...args: A) => T,
  what: string,
  ...args: A
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await engine.run(fn, ...args);
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`${engine.name}: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const hydrated = (engine: Engine) =>
  until(engine, () => document.querySelector("nav[data-enhanced]") !== null, "the page to hydrate");

/**
 * Waits (a few seconds at most) until every stylesheet, preload and prefetch the page has asked for has arrived or
 * failed, as a reader stays a moment: Firefox aborts a page's loads when it is left, and the next page's load of the
 * same file can then fail with it, which is the engine's race with the test's pace, not the page's.
 */
async function hintsSettled(engine: Engine) {
  const deadline = Date.now() + 1_500;
  const waiting = () =>
    [
      ...document.querySelectorAll<HTMLLinkElement>(
        "link[rel~=stylesheet], link[rel~=modulepreload], link[rel~=prefetch]",
      ),
    ]
      .filter((link) => link.href && performance.getEntriesByName(link.href.split("#")[0] ?? "").length === 0)
      .map((link) => link.href);
  while ((await engine.run(waiting)).length > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** A page loaded and hydrated, with nothing reported wrong yet. */
async function open(engine: Engine, page: string) {
  await engine.goto(page);
  await hydrated(engine);
}

async function noProblems(engine: Engine, where: string) {
  assert.deepEqual(await engine.problems(), [], `${engine.name} ${where}`);
}

/**
 * A real click, as a visitor's tap: on the first element the selector finds (with this text, if given) that is
 * shown and not disabled, once it is in view and nothing is drawn over it (a menu still closing, a sticky header).
 */
async function tap(engine: Engine, selector: string, text?: string) {
  await until(
    engine,
    (css: string, label: string | null) => {
      for (const marked of document.querySelectorAll("[data-engine-click]"))
        marked.removeAttribute("data-engine-click");
      const element = [...document.querySelectorAll<HTMLButtonElement>(css)].find(
        (candidate) =>
          !candidate.disabled &&
          candidate.checkVisibility({ visibilityProperty: true }) &&
          (label === null || candidate.textContent?.trim() === label),
      );
      if (!element) return false;
      let rect = element.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > innerHeight) {
        element.scrollIntoView({ block: "center", behavior: "instant" });
        rect = element.getBoundingClientRect();
      }
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (!hit || !(element === hit || element.contains(hit))) return false;
      element.setAttribute("data-engine-click", "");
      return true;
    },
    `${selector}${text ? ` "${text}"` : ""} to be there to tap`,
    selector,
    text ?? null,
  );
  await engine.click("[data-engine-click]");
}

/** Types into a field as a visitor's keyboard does. */
async function fill(engine: Engine, selector: string, text: string) {
  await engine.run((css: string) => {
    const field = document.querySelector<HTMLInputElement>(css);
    field?.focus();
    field?.select();
  }, selector);
  await engine.type(text);
}

/** Chooses an option as a visitor's pointer does: the select's value, and the change event it fires. */
function choose(engine: Engine, selector: string, value: string) {
  return engine.run(
    (css: string, option: string) => {
      const select = document.querySelector<HTMLSelectElement>(css);
      if (!select) throw new Error(`no ${css}`);
      select.value = option;
      select.dispatchEvent(new Event("change", { bubbles: true }));
      select.dispatchEvent(new Event("input", { bubbles: true }));
    },
    selector,
    value,
  );
}

/**
 * A page on an origin of its own whose resource hints fail: three in its head, which load before WebKit lets a probe
 * start, and one added once it has loaded, as the site adds the next page's modules. Good ones stand beside them.
 */
async function brokenHintsPage() {
  const html = `<!doctype html><html lang="en"><head><title>Hints</title>
    <link rel="modulepreload" href="/good.js"><link rel="modulepreload" href="/missing.js">
    <link rel="preload" as="font" type="font/woff2" href="/missing.woff2" crossorigin>
    <link rel="stylesheet" href="/good.css"><link rel="stylesheet" href="/missing.css">
    <script type="module">import "/good.js";</script></head><body><p>Hints</p></body></html>`;
  const files: Record<string, [string, string]> = {
    "/": ["text/html", html],
    "/good.js": ["text/javascript", "export const good = true;"],
    "/good.css": ["text/css", "p { margin: 1rem }"],
  };
  const server = await listen((request, response) => {
    const file = files[request.url ?? ""];
    if (request.url === "/favicon.ico") response.writeHead(204).end();
    else if (file) response.writeHead(200, { "content-type": file[0] }).end(file[1]);
    else response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  });
  return { url: `http://127.0.0.1:${server.port}/`, close: server.close };
}

/** The checks of one engine: every page loads clean at both widths, the controls work, and the pages look as Chromium draws them. */
export function engineSuite(name: Exclude<EngineName, "chromium">) {
  describe(`${name}`, { concurrency: false }, () => {
    let engine: Engine;
    let cspBefore = 0;

    before(async () => {
      assert.ok(origin, "ENGINES_ORIGIN is set by tests/engines/run.ts");
      engine = await launch(name, origin);
      cspBefore = await cspReports();
    });
    after(async () => {
      await engine?.close();
    });

    test("a resource hint that fails is reported, in the page's head or added once it has loaded", async () => {
      const fixture = await brokenHintsPage();
      try {
        await engine.goto(fixture.url);
        await engine.run(() => {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = "/missing-later.js";
          document.head.append(link);
        });
        const failed = async () =>
          new Set(
            (await engine.problems()).flatMap((problem) =>
              (problem.match(/https?:\/\/\S+/g) ?? []).map((url) => new URL(url).pathname),
            ),
          );
        const expected = ["/missing.css", "/missing.js", "/missing.woff2", "/missing-later.js"];
        const deadline = Date.now() + 5_000;
        let seen = await failed();
        while (expected.some((file) => !seen.has(file)) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await failed();
        }
        assert.deepEqual([...seen].sort(), expected.sort());
      } finally {
        await fixture.close();
      }
    });

    for (const screen of screens) {
      describe(`at ${screen.width} px`, { concurrency: false }, () => {
        before(() => engine.resize(screen.width, screen.height));

        // Every page on a phone's screen; on a laptop's, one page of each route.
        const sweep = screen.width < 1024 ? "every page of the sitemap" : "a page of each route";
        test(`${sweep} loads and hydrates with no error, refusal or failed load, and nothing wider than the screen`, async () => {
          const wrong: string[] = [];
          const paths = await sitemapPaths();
          for (const page of screen.width < 1024 ? paths : onePerRoute(paths)) {
            try {
              await open(engine, page);
              await hintsSettled(engine);
              for (const problem of await engine.problems()) wrong.push(`${page}: ${problem}`);
              const overflow = await engine.run(() => document.documentElement.scrollWidth - innerWidth);
              if (overflow > 0) wrong.push(`${page}: ${overflow} px wider than the screen`);
            } catch (error) {
              wrong.push(`${page}: ${(error as Error).message}`);
            }
          }
          assert.deepEqual(wrong, []);
        });

        test("the first Tab shows the skip link", async () => {
          await open(engine, "/about");
          await engine.press("Tab");
          const focused = await engine.run(() => document.activeElement?.textContent?.trim());
          assert.equal(focused, "Skip to content");
          // It slides into view as it takes focus.
          await until(
            engine,
            () => {
              const rect = document.activeElement?.getBoundingClientRect();
              return !!rect && rect.width > 1 && rect.top >= 0;
            },
            "the skip link to be shown",
          );
        });

        test("the menu opens and closes, and moves to a page client-side with the move announced", async () => {
          await open(engine, "/about");
          const menuOpen = () => document.querySelector("#site-menu")?.matches(":popover-open") ?? false;
          await tap(engine, 'header button[aria-controls="site-menu"]');
          await until(engine, menuOpen, "the menu to open");
          await tap(engine, '#site-menu button[popovertargetaction="hide"]');
          await until(
            engine,
            () => !document.querySelector("#site-menu")?.matches(":popover-open"),
            "the menu to close",
          );
          await tap(engine, 'header button[aria-controls="site-menu"]');
          await until(engine, menuOpen, "the menu to open again");
          await engine.run(() => {
            Object.assign(window, { __sameDocument: true });
          });
          await tap(engine, '#site-menu a[href="/services"]');
          const heard = await until(
            engine,
            () =>
              location.pathname === "/services" &&
              document.querySelector("body > p[aria-live]")?.textContent === document.title &&
              document.title,
            "the move to /services to be announced",
          );
          assert.match(String(heard), /Services/);
          assert.equal(await engine.run(() => (window as { __sameDocument?: boolean }).__sameDocument), true);
          assert.equal(await engine.run(menuOpen), false);
          await noProblems(engine, "after the menu's move");
        });

        test("a service's accordions open and close", async () => {
          await open(engine, "/service/web-design");
          const expanded = () =>
            [...document.querySelectorAll("main button[aria-expanded]")].map((b) => b.getAttribute("aria-expanded"));
          assert.ok((await engine.run(expanded)).length >= 3);
          await engine.run(() =>
            document.querySelector("main button[aria-expanded]")?.scrollIntoView({ block: "center" }),
          );
          await tap(engine, "main button[aria-expanded]");
          await until(
            engine,
            () => document.querySelector("main button[aria-expanded]")?.getAttribute("aria-expanded") === "true",
            "the first accordion to open",
          );
          const panelHeight = await engine.run(() => {
            const panel = document.getElementById(
              document.querySelector("main button[aria-expanded]")?.getAttribute("aria-controls") ?? "",
            );
            return panel?.getBoundingClientRect().height ?? 0;
          });
          assert.ok(panelHeight > 20, `the open panel is ${panelHeight} px high`);
          await tap(engine, "main button[aria-expanded]");
          await until(
            engine,
            () => document.querySelector("main button[aria-expanded]")?.getAttribute("aria-expanded") === "false",
            "the first accordion to close",
          );
          await noProblems(engine, "after the accordions");
        });

        test("the home page's carousel and testimonials step, and the side-scroll story moves sideways", async () => {
          await open(engine, "/");
          const slide = () =>
            document.querySelector('[aria-roledescription="slide"][aria-current="true"]')?.getAttribute("aria-label") ??
            "";
          const stepped = (was: string) => {
            const now = document
              .querySelector('[aria-roledescription="slide"][aria-current="true"]')
              ?.getAttribute("aria-label");
            return now && now !== was ? now : "";
          };
          await engine.run(() =>
            document.querySelector('button[aria-label="Next slide"]')?.scrollIntoView({ block: "center" }),
          );
          const first = await until(engine, slide, "the carousel to be ready");
          await tap(engine, 'button[aria-label="Next slide"]');
          await until(engine, stepped, "the carousel to step", first);

          // The testimonials' count ("1 / 7") follows each step, from the first paint on.
          const count = () =>
            document.querySelector("[data-testimonial-area]")?.closest("section")?.querySelector("[data-count]")
              ?.textContent ?? "";
          await engine.run(() =>
            document.querySelector("[data-testimonial-area]")?.scrollIntoView({ block: "center", behavior: "instant" }),
          );
          // Taken over by the script once near the screen: then it knows the device.
          const device = await until(
            engine,
            () =>
              document.querySelector("[data-testimonial-area]")?.closest("[data-device]")?.getAttribute("data-device"),
            "the testimonials to be taken over",
          );
          const countNow = await engine.run(count);
          // With a mouse the testimonial itself is what is clicked (the buttons are for keyboards); on touch, a button.
          const mouse = device === "desktop";
          await tap(engine, mouse ? "[data-testimonial-area]" : 'button[aria-label$=" testimonial"]');
          await until(
            engine,
            (was: string) =>
              (document.querySelector("[data-testimonial-area]")?.closest("section")?.querySelector("[data-count]")
                ?.textContent ?? was) !== was,
            "the testimonials to step",
            countNow,
          );

          // The story's strip moves sideways: by the wheel where it takes the wheel over (a desktop), scrolled otherwise.
          const strip = '[data-side-scroll] [role="region"]';
          const offset = (css: string) => document.querySelector(css)?.scrollLeft ?? -1;
          await engine.run(() => {
            const story = document.querySelector<HTMLElement>("[data-side-scroll]");
            story?.dispatchEvent(new Event("pointerenter"));
            if (story) window.scrollTo({ top: story.getBoundingClientRect().top + scrollY - 60, behavior: "instant" });
          });
          await until(
            engine,
            () => document.querySelector("[data-side-scroll][data-hydrated]") !== null,
            "the story to hydrate",
          );
          const width = await engine.run(() => innerWidth);
          for (let turn = 0; turn < 6; turn++) await engine.wheel(width / 2, 400, 200);
          let moved = await engine.run(offset, strip);
          // WebKitWebDriver's wheel actions do not reach the page here: the strip is scrolled as a swipe would.
          if (moved <= 0 && (screen.width < 1024 || engine.name === "webkit")) {
            await engine.run(
              (css: string) => document.querySelector(css)?.scrollBy({ left: 200, behavior: "instant" }),
              strip,
            );
            moved = await engine.run(offset, strip);
          }
          assert.ok(moved > 0, `the story's strip moved sideways (${moved})`);
          await noProblems(engine, "after the carousels and the story");
        });

        test("the news filter shows one category's articles, and All shows every article again", async () => {
          await open(engine, "/news");
          const filter = 'form[aria-label="Article categories"]';
          const articles = () => {
            const list = document.querySelectorAll("main h3");
            return document.querySelector("main [aria-busy='true']") ? 0 : list.length;
          };
          const all = await until(engine, articles, "the list of articles");
          const names = await engine.run(
            (css: string) => [...document.querySelectorAll(`${css} button`)].map((b) => b.textContent?.trim() ?? ""),
            filter,
          );
          const category = names.find((label) => label !== "All") ?? "";
          await engine.run((css: string) => document.querySelector(css)?.scrollIntoView({ block: "center" }), filter);
          await tap(engine, `${filter} button`, category);
          const pressed = (css: string) =>
            document.querySelector(`${css} button[aria-pressed="true"]`)?.textContent?.trim();
          await until(
            engine,
            (css: string, label: string) =>
              document.querySelector(`${css} button[aria-pressed="true"]`)?.textContent?.trim() === label,
            "the category to be pressed",
            filter,
            category,
          );
          const some = await until(
            engine,
            (total: number) => {
              const n = document.querySelector("main [aria-busy='true']")
                ? 0
                : document.querySelectorAll("main h3").length;
              return n > 0 && n < total ? n : 0;
            },
            "the list to narrow",
            all,
          );
          assert.ok(some < all);
          await tap(engine, `${filter} button`, "All");
          await until(
            engine,
            (total: number) => document.querySelectorAll("main h3").length === total,
            "every article again",
            all,
          );
          assert.equal(await engine.run(pressed, filter), "All");
          await noProblems(engine, "after the news filter");
        });

        test("the contact form shows the questions of the need, refuses a wrong sum and sends an enquiry", async () => {
          await open(engine, "/contact");
          await until(engine, () => document.querySelector("form[novalidate]") !== null, "the form to hydrate");
          const shown = (want: boolean) =>
            (document.querySelector("#enquiry-site_type")?.checkVisibility() ?? false) === want;
          await choose(engine, "#enquiry-need", "Branding");
          await until(engine, shown, "the website questions to go", false);
          await choose(engine, "#enquiry-need", "Web & Ecommerce");
          await until(engine, shown, "the website questions to come", true);

          await fill(engine, "#enquiry-name", `Ada ${name}`);
          await fill(engine, "#enquiry-email", "ada@example.com");
          await fill(engine, "#enquiry-brief", `A new site, asked from ${name}.`);
          // The question is the page's own (it may change after each answer): always read from the page.
          const sum = () => {
            const [, a, b] =
              /what is (\d+) \+ (\d+)\?/.exec(
                document.querySelector('label[for="enquiry-answer"]')?.textContent ?? "",
              ) ?? [];
            return Number(a) + Number(b);
          };
          await fill(engine, "#enquiry-answer", String((await engine.run(sum)) + 1));
          await tap(engine, 'form button[type="submit"]');
          const refused = await until(
            engine,
            () => {
              const status = document.querySelector("form [role='status']");
              return status?.classList.toString().includes("fail") ? status.textContent : "";
            },
            "the wrong sum to be refused",
          );
          assert.match(String(refused), /spam/i);

          await fill(engine, "#enquiry-answer", String(await engine.run(sum)));
          await tap(engine, 'form button[type="submit"]');
          const sent = await until(
            engine,
            () => {
              const status = document.querySelector("form [role='status']");
              return status?.classList.toString().includes("success") ? status.textContent : "";
            },
            "the enquiry to be sent",
          );
          assert.match(String(sent), /^Thanks, Ada!/);
          await noProblems(engine, "after the enquiry");
        });

        test("the six main pages look as Chromium draws them: headings, sections and pictures in place, drawn alike", async () => {
          const reference = await referenceLooks();
          const wrong: string[] = [];
          for (const page of mainPages) {
            const look = await lookOf(engine, page, screen.width, screen.height, path.join(outDir, name));
            const chromium = reference[`${page} ${screen.width}`];
            assert.ok(chromium, `Chromium's drawing of ${page} at ${screen.width} px`);
            for (const difference of differences(chromium, look)) wrong.push(`${page}: ${difference}`);
          }
          assert.deepEqual(wrong, []);
        });
      });
    }

    test("no page made the browser report a refusal of the Content Security Policy", async () => {
      assert.equal(await cspReports(), cspBefore);
    });
  });
}

/** Chromium's drawing of the main pages, which tests/engines/run.ts makes beside the engines' own checks. */
async function referenceLooks(): Promise<Record<string, Look>> {
  const deadline = Date.now() + 240_000;
  while (!existsSync(referenceFile)) {
    if (Date.now() > deadline) throw new Error(`no ${referenceFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return JSON.parse(await readFile(referenceFile, "utf8")) as Record<string, Look>;
}
