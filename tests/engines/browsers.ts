import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { Builder, Key, type WebDriver } from "selenium-webdriver";
import { freePort } from "../../scripts/production-server.ts";
import { chromiumArgs } from "../e2e/browser.ts";

/** The engines this suite drives beside the Chromium of the end-to-end tests, as Debian ships them. */
export type EngineName = "firefox" | "webkit" | "chromium";

/**
 * One browser tab as the suite drives it, whatever the engine: the same calls reach Firefox over WebDriver BiDi
 * (Puppeteer), WebKitGTK over classic WebDriver (Selenium and WebKitWebDriver) and Chromium (Puppeteer) for the
 * reference pictures.
 */
export interface Engine {
  name: EngineName;
  /** Sets the page's own width and height (the window's, less its frame). */
  resize(width: number, height: number): Promise<void>;
  /** Loads a page of the site, with the probe below watching it from as early as the engine allows. */
  goto(path: string): Promise<void>;
  /** Runs a function in the page and returns what it returns (JSON values only). */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>>;
  /** A real click at the middle of the first element the selector finds. */
  click(selector: string): Promise<void>;
  /** Real key presses typing the text into the focused element. */
  type(text: string): Promise<void>;
  /** A real key press sent to the focused element. */
  press(key: "Tab" | "Escape"): Promise<void>;
  /** A real wheel turn over the point (x, y) of the viewport. */
  wheel(x: number, y: number, deltaY: number): Promise<void>;
  /** Moves the pointer to the viewport's top left corner, off the page's content, so that nothing is drawn hovered. */
  pointerAway(): Promise<void>;
  /** The viewport as the engine drew it, PNG. */
  screenshot(): Promise<Buffer>;
  /** What went wrong in the page since it loaded: uncaught errors, console errors, refused and failed loads. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

declare global {
  interface Window {
    /** What the probe saw go wrong in this page. */
    __engineProblems?: string[];
  }
}

/**
 * Watches a page for what a visitor's browser would count as broken: an uncaught error or rejection, a console
 * error (React reports a hydration mismatch so), a refusal of the Content Security Policy, and a resource that did
 * not load: a script, a stylesheet, an image, a font or a resource hint (`preload`, `modulepreload`, `prefetch`),
 * whose error event is all a page learns of it.
 */
function probe() {
  if (window.__engineProblems) return;
  const problems: string[] = [];
  window.__engineProblems = problems;
  addEventListener(
    "error",
    (event) => {
      const target = event.target as (Element & { href?: string; src?: string; rel?: string }) | null;
      if (target && target !== (window as unknown) && target.tagName) {
        const what = [target.tagName.toLowerCase(), target.rel].filter(Boolean).join(" ");
        problems.push(`${what} failed to load: ${target.href || target.src || target.getAttribute("href")}`);
      } else problems.push(`uncaught error: ${(event as ErrorEvent).message}`);
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => problems.push(`unhandled rejection: ${String(event.reason)}`));
  document.addEventListener("securitypolicyviolation", (event) =>
    problems.push(`refused by ${event.effectiveDirective}: ${event.blockedURI || "inline"}`),
  );
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    problems.push(`console error: ${args.map(String).join(" ")}`);
    consoleError.apply(console, args);
  };
}

/**
 * What the probe, started late, can still find: pictures that did not decode, and the page's own resource hints that
 * failed before it started. WebKit's Resource Timing gives a failed load neither a status nor a size (a hit in its
 * memory cache looks the same), so each hint that arrived with no body is asked for again, from the HTTP cache where
 * it is there, and judged as the engine judges it: a failed answer, or one of a type the hint's kind refuses.
 */
async function missedBeforeProbe() {
  const problems = window.__engineProblems ?? [];
  for (const image of document.images)
    if (image.complete && image.currentSrc && image.naturalWidth === 0)
      problems.push(`img failed to load: ${image.currentSrc}`);
  const accepted: Record<string, RegExp> = { script: /javascript/, style: /^text\/css/, font: /^font\// };
  const hints = [
    ...document.querySelectorAll<HTMLLinkElement>(
      "link[rel~=stylesheet], link[rel~=preload], link[rel~=modulepreload]",
    ),
  ].filter((link) => link.href && !link.disabled);
  await Promise.all(
    hints.map(async (link) => {
      const url = link.href.split("#")[0] ?? "";
      const entries = performance.getEntriesByName(url) as PerformanceResourceTiming[];
      if (entries.some((entry) => entry.decodedBodySize > 0)) return;
      const kind = link.relList.contains("modulepreload")
        ? "script"
        : link.relList.contains("stylesheet")
          ? "style"
          : link.as;
      const answer = await fetch(url, { cache: "force-cache" }).catch(() => undefined);
      const type = answer?.headers.get("content-type") ?? "";
      if (!answer?.ok || !(accepted[kind]?.test(type) ?? true))
        problems.push(`link ${link.rel} failed to load: ${link.href}`);
    }),
  );
}

/** The X display tests/engines/run.ts starts (Xvfb), large enough for a laptop's window and its frame. */
export const xScreen = { width: 1600, height: 1200 };

const firefoxPath = "/usr/bin/firefox-esr";
const chromiumPath = "/usr/bin/chromium";
const miniBrowser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Firefox ESR over WebDriver BiDi, or Chromium over CDP: Puppeteer drives both the same way. */
async function puppeteerEngine(name: "firefox" | "chromium", origin: string): Promise<Engine> {
  const browser: Browser = await puppeteer.launch(
    name === "firefox"
      ? {
          browser: "firefox",
          executablePath: firefoxPath,
          headless: true,
          // Scrollbars over the page, as on a phone and in the other engines here: they take no width from it.
          extraPrefsFirefox: {
            "ui.useOverlayScrollbars": 1,
            "layout.testing.overlay-scrollbars.always-visible": false,
          },
        }
      : {
          browser: "chrome",
          executablePath: chromiumPath,
          headless: true,
          // Scrollbars over the page, as in the engines it is compared with.
          args: [...chromiumArgs, "--hide-scrollbars"],
        },
  );
  const page: Page = await browser.newPage();
  // Errors are the probe's to collect, per document: Puppeteer's console and page error events would also count the
  // page being left (Firefox aborts its pending fetches, and React Router logs each) against the next one.
  const native: string[] = [];
  page.on("requestfailed", (request) => {
    // A request the page itself gave up (a prefetch left behind by a move) is not a failure the visitor sees.
    if (!/NS_BINDING_ABORTED|net::ERR_ABORTED/.test(request.failure()?.errorText ?? ""))
      native.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  await page.evaluateOnNewDocument(probe);
  return {
    name,
    resize: (width, height) => page.setViewport({ width, height }),
    async goto(path) {
      native.length = 0;
      await page.goto(new URL(path, origin).href, { waitUntil: "load" });
    },
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async click(selector) {
      await page.click(selector);
    },
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    async wheel(x, y, deltaY) {
      await page.mouse.move(x, y);
      await page.mouse.wheel({ deltaY });
    },
    pointerAway: () => page.mouse.move(0, 0),
    screenshot: async () => Buffer.from(await page.screenshot({ type: "png" })),
    async problems() {
      const seen = (await page.evaluate(() => window.__engineProblems ?? [])) as string[];
      return [...new Set([...native, ...seen])];
    },
    close: () => browser.close(),
  };
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver: Debian's build has no BiDi). It draws into an
 * X display (run the suite under xvfb-run). Classic WebDriver cannot run a script before the page's own, and a
 * script run while the page is still loading may never answer here, so the probe starts once the page has loaded
 * and first adds what it can still see went wrong: a picture that did not load. The server's count of
 * CSP reports covers refusals.
 */
async function webkitEngine(origin: string): Promise<Engine> {
  const port = await freePort();
  const driver: ChildProcess = spawn("WebKitWebDriver", [`--port=${port}`], {
    stdio: "ignore",
    // Software drawing: screenshots of the GPU path come out black under Xvfb.
    env: {
      ...process.env,
      WEBKIT_DISABLE_DMABUF_RENDERER: "1",
      LIBGL_ALWAYS_SOFTWARE: "1",
      // MiniBrowser's toolbar, shrunk by this GTK style, would hold its window wider than a phone's screen.
      XDG_CONFIG_HOME: path.join(import.meta.dirname, "gtk"),
    },
  });
  let session: WebDriver | undefined;
  for (let attempt = 0; !session; attempt++) {
    try {
      session = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: miniBrowser, args: ["--automation"] },
        })
        .build();
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const webdriver = session;
  const installProbe = `(${probe.toString()})()`;
  const waitForLoad = () =>
    webdriver.wait(async () => (await webdriver.executeScript("return document.readyState")) === "complete", 30_000);
  const run: Engine["run"] = (fn, ...args) =>
    webdriver
      .executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve((${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
           .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
        ...args,
      )
      .then((answer) => {
        const { value, error } = answer as { value?: unknown; error?: string };
        if (error) throw new Error(error);
        return value as never;
      });
  return {
    name: "webkit",
    async resize(width, height) {
      // The window's frame (title bar, toolbar) is measured once and added.
      await webdriver.manage().window().setRect({ width, height });
      const [innerWidth, innerHeight] = (await webdriver.executeScript("return [innerWidth, innerHeight]")) as number[];
      const outer = {
        width: width + (width - (innerWidth ?? width)),
        height: height + (height - (innerHeight ?? height)),
      };
      // With no window manager, X gives the keyboard to the window under the pointer, which stays at the middle of
      // the screen: a window elsewhere would take keys with no element matching :focus.
      await webdriver
        .manage()
        .window()
        .setRect({
          ...outer,
          x: Math.max(0, Math.round(xScreen.width / 2 - outer.width / 2)),
          y: Math.max(0, Math.round(xScreen.height / 2 - outer.height / 2)),
        });
    },
    async goto(path) {
      await webdriver.get(new URL(path, origin).href);
      await webdriver.executeScript(installProbe);
      await waitForLoad();
      await run(missedBeforeProbe);
    },
    run,
    async click(selector) {
      // A pointer moved to the element and pressed (WebKitWebDriver's element click waits on a popover's toggle).
      const element = await webdriver.findElement({ css: selector });
      await webdriver.actions().move({ origin: element }).press().release().perform();
    },
    async type(text) {
      await webdriver.actions().sendKeys(text).perform();
    },
    async press(key) {
      await webdriver
        .actions()
        .sendKeys(key === "Tab" ? Key.TAB : Key.ESCAPE)
        .perform();
    },
    async wheel(x, y, deltaY) {
      // The W3C wheel input source; Selenium's typings predate it.
      const actions = webdriver.actions() as unknown as {
        scroll(x: number, y: number, dx: number, dy: number): { perform(): Promise<void> };
      };
      await actions.scroll(Math.round(x), Math.round(y), 0, deltaY).perform();
    },
    async pointerAway() {
      await webdriver.actions().move({ x: 0, y: 0 }).perform();
    },
    screenshot: async () => Buffer.from(await webdriver.takeScreenshot(), "base64"),
    problems: async () => ((await webdriver.executeScript("return window.__engineProblems || []")) as string[]) ?? [],
    async close() {
      await webdriver.quit().catch(() => {});
      driver.kill();
    },
  };
}

export function launch(name: EngineName, origin: string): Promise<Engine> {
  return name === "webkit" ? webkitEngine(origin) : puppeteerEngine(name, origin);
}
