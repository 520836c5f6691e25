import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { ContentQuery, ContentReader } from "../../src/shared/content/types.ts";
import { buildTestApp } from "../support/app.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The content service's own "unavailable" failure: the source is down and nothing is cached. */
const unavailable = () => Object.assign(new Error("content source down"), { code: "CONTENT_UNAVAILABLE" });

/**
 * The real app whose content fails for the queries `fails` picks (the network edge, not the pages), with the pages'
 * logger a real pino logger whose lines the test reads.
 */
async function appWhereContentFails(fails: (query: ContentQuery) => boolean) {
  const logged: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const { app } = await buildTestApp({
    services: (real) => {
      const content: ContentReader = {
        getEntries(query) {
          if (fails(query)) return Promise.reject(unavailable());
          return real.site.content.getEntries(query);
        },
      };
      return { ...real, site: { ...real.site, content, logger: pino(stream) } };
    },
  });
  // Which sections were logged (a page may be rendered more than once: again for the page cache).
  return { app, sections: () => [...new Set(logged.map((line) => line.section))].sort() };
}

/** The page's HTML from a section's heading to the next section. */
function section(html: string, heading: string): string {
  const start = html.indexOf(heading);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
}

describe("a section that fails alone keeps its placeholder while the rest of its page renders", () => {
  it("the home page's project tiles and carousel", async () => {
    const { app, sections } = await appWhereContentFails((query) => query.content_type !== "blogPost");
    const page = await request(app).get("/").set("User-Agent", googlebot);
    expect(page.status).toBe(200);
    const tiles = section(page.text, "Selected work");
    expect(tiles).toMatch(/role="status" aria-busy="true"><span class="visually-hidden">Loading our projects…/);
    expect(tiles).not.toContain('href="/project/');
    const carousel = section(page.text, "Fresh from the studio");
    expect(carousel).toContain("Loading the gallery…");
    expect(carousel).not.toContain("<img");
    // The rest of the page is there, the posts too (streamed in after the rest, even for a crawler).
    expect(page.text).toContain('href="/post/');
    expect(page.text).toContain("Feedback from our clients");
    expect(sections()).toEqual(["home carousel", "home project tiles"]);
  });

  it("the home teaser keeps its spinner", async () => {
    const { app, sections } = await appWhereContentFails((query) => query.content_type === "blogPost");
    const page = await request(app).get("/").set("User-Agent", googlebot);
    expect(page.status).toBe(200);
    const teaser = section(page.text, "A collection of stuff");
    expect(teaser).toContain("Loading the latest posts…");
    expect(page.text).not.toContain('href="/post/');
    expect(section(page.text, "Selected work")).toContain('href="/project/');
    expect(sections()).toEqual(["home teaser"]);
  });

  it("the agency page's carousel", async () => {
    const { app, sections } = await appWhereContentFails((query) => query.content_type === "homePage");
    const page = await request(app).get("/about").set("User-Agent", googlebot);
    expect(page.status).toBe(200);
    expect(page.text).toContain("We make brands hard to ignore");
    expect(section(page.text, "A few things we&#x27;re proud of")).toContain("Loading images…");
    expect(sections()).toEqual(["agency carousel"]);
  });

  it("logs nothing when content loads", async () => {
    const { app, sections } = await appWhereContentFails(() => false);
    for (const path of ["/", "/about", "/post/how-to-write-a-design-brief", "/service/web-design"]) {
      expect((await request(app).get(path).set("User-Agent", googlebot)).status).toBe(200);
    }
    expect(sections()).toEqual([]);
  });
});
