import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";

/**
 * Every kind of page, as the server sends it, is valid HTML to the Nu Html Checker (the W3C validator) and styled by
 * its own CSS: the spec's pages, one of each content page, the 404, and the contact page after a refused
 * no-JavaScript post.
 */

const run = promisify(execFile);
// The checker itself, from the vnu-jar package (its postinstall Java download is not needed: Java is on PATH).
const vnu = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
let app: Awaited<ReturnType<typeof buildTestApp>>["app"];

beforeAll(async () => {
  ({ app } = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1000", CONTENT_RATE_LIMIT: "100000" } }));
});

const pages = [
  "/",
  "/about",
  "/services",
  "/terms",
  "/privacy-policy",
  "/accessibility",
  "/contact",
  "/news",
  "/news?category=Branding",
  "/projects",
  "/status",
  "/no-such-page",
  "/post/how-to-write-a-design-brief",
  "/project/dennis-group",
  "/project/adidas",
  "/service/web-design",
];

/**
 * The checker checks HTML; its CSS grammar lags the browsers (it knows neither `interpolate-size`, scroll-driven
 * animations nor `::scroll-button`). The stylesheets in <style> elements are emptied before
 * it reads a page: the CSS is parsed by Lightning CSS when the app is built and linted by Biome, and the elements
 * themselves (their place, their attributes) are still checked. No page has a style attribute.
 */
const withoutStyleSheets = (html: string) => html.replace(/(<style\b[^>]*>)[\s\S]*?(<\/style>)/gi, "$1$2");

interface NuMessage {
  type: string;
  message: string;
  url: string;
  lastLine?: number;
}

describe("the HTML the server sends", () => {
  it("has no Nu Html Checker errors on any kind of page", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "nu-"));
    const files: string[] = [];
    for (const page of pages) {
      const res = await request(app).get(page).set("User-Agent", "Googlebot/2.1");
      expect([200, 404]).toContain(res.status);
      const file = path.join(dir, `${files.length}.html`);
      await writeFile(file, withoutStyleSheets(res.text));
      files.push(file);
    }
    const refused = await request(app)
      .post("/contact")
      .type("form")
      .send({ name: "", email: "not-an-address", need: "Branding", brief: "" });
    const refusedFile = path.join(dir, "contact-refused.html");
    await writeFile(refusedFile, withoutStyleSheets(refused.text));
    files.push(refusedFile);

    // The checker reports on stderr and exits 1 when it finds errors; the JSON tells which.
    const result = await run("java", ["-jar", vnu, "--errors-only", "--format", "json", ...files], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: NuMessage[] };
    const named = messages.map((message) => {
      const index = files.indexOf(decodeURIComponent(new URL(message.url).pathname));
      return `${index === files.length - 1 ? "refused /contact" : pages[index]}: ${message.message}`;
    });
    expect(named).toEqual([]);
  }, 60_000);

  it("is styled by its own inline CSS on every kind of page: each scoped class in it has its rule there", async () => {
    // What a visitor without JavaScript sees for good, and everyone sees before a section's code arrives. A class
    // that only composes others has no rule of its own anywhere: only those with a rule in the build count.
    const assets = path.join(import.meta.dirname, "../../build/client/assets");
    const built = (await readdir(assets)).filter((name) => name.endsWith(".css"));
    const everyRule = (await Promise.all(built.map((name) => readFile(path.join(assets, name), "utf8")))).join("\n");
    const unstyled: string[] = [];
    for (const page of pages) {
      const html = (await request(app).get(page).set("User-Agent", "Googlebot/2.1")).text;
      const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join("\n");
      const classes = new Set(
        [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => (match[1] ?? "").split(/\s+/)),
      );
      for (const name of classes) {
        const scoped = /^_[\w-]+_[\w-]+$/.test(name);
        if (scoped && everyRule.includes(`.${name}`) && !css.includes(`.${name}`)) unstyled.push(`${page}: ${name}`);
      }
    }
    expect(unstyled).toEqual([]);
  }, 60_000);
});
