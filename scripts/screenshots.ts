// Screenshots of every page of the spec's route table at 390 px and 1440 px, into docs/screenshots/.
// Starts the production server on 127.0.0.1, finds one slug per content route from its sitemap, and drives
// Chromium (/usr/bin/chromium when present). Options: --widths=320,768 --pages=about,terms --out=dir
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startServer } from "./production-server.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ""] = arg.replace(/^--/, "").split("=");
    return [key ?? "", value];
  }),
);
const widths = (args.get("widths") || "390,1440").split(",").map(Number);
const only = args.get("pages")?.split(",");
const outDir = path.resolve(root, args.get("out") || "docs/screenshots");

/** The spec's route table; content routes take the first slug the sitemap lists. */
const pages: { name: string; path: string | RegExp }[] = [
  { name: "home", path: "/" },
  { name: "about", path: "/about" },
  { name: "services", path: "/services" },
  { name: "service", path: /\/service\/[^/<]+/ },
  { name: "news", path: "/news" },
  { name: "post", path: /\/post\/[^/<]+/ },
  { name: "projects", path: "/projects" },
  { name: "project", path: /\/project\/[^/<]+/ },
  { name: "contact", path: "/contact" },
  { name: "terms", path: "/terms" },
  { name: "privacy-policy", path: "/privacy-policy" },
  { name: "not-found", path: "/this-page-does-not-exist" },
];

async function main() {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  }
  const server = await startServer({ ANALYTICS_ID: "" });
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const origin = server.origin;
  try {
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    mkdirSync(outDir, { recursive: true });
    for (const page of pages) {
      if (only && !only.includes(page.name)) continue;
      const pagePath = typeof page.path === "string" ? page.path : page.path.exec(sitemap)?.[0];
      if (!pagePath) {
        console.warn(`skipped ${page.name}: no such page in the sitemap yet`);
        continue;
      }
      for (const width of widths) {
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 844 : 900 },
          deviceScaleFactor: 1,
          // Reveal-on-scroll would leave unscrolled sections blank in a full-page capture.
          reducedMotion: "reduce",
        });
        const tab = await context.newPage();
        await tab.goto(`${origin}${pagePath}`, { waitUntil: "networkidle" });
        await tab.evaluate(() => document.fonts.ready);
        // Lazy images load only near the viewport: pass over the page as a reader would, then go back up.
        await tab.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await tab.waitForLoadState("networkidle");
        const file = path.join(outDir, `${page.name}-${width}.jpg`);
        await tab.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 82 });
        console.log(`${path.relative(root, file)}  ${pagePath}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
