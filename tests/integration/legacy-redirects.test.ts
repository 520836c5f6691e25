import request from "supertest";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { legacyArticleSlugs, legacyProjectSlugs } from "../../src/shared/redirects.ts";
import { serviceSlugs } from "../../src/shared/services-catalogue.ts";
import { buildTestApp } from "../support/app.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

describe("legacy paths", () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await buildTestApp());
  });

  const cases: [string, string][] = [
    ["/about-us-agency", "/about"],
    ["/our-clients", "/about"],
    ["/contact-us", "/contact"],
    ["/arrange-a-callback", "/contact"],
    ["/blog", "/news"],
    ["/terms-conditions", "/terms"],
    ["/portfolio", "/projects"],
    ["/portfolio/not-a-project-any-more", "/projects"],
    ["/services/not-a-service", "/services"],
    ...legacyProjectSlugs.map((slug): [string, string] => [`/portfolio/${slug}`, `/project/${slug}`]),
    ...serviceSlugs.map((slug): [string, string] => [`/services/${slug}`, `/service/${slug}`]),
    ...serviceSlugs.map((slug): [string, string] => [`/${slug}`, `/service/${slug}`]),
    ...legacyArticleSlugs.map((slug): [string, string] => [`/${slug}`, `/post/${slug}`]),
    ["/blog/?category=Branding", "/news?category=Branding"],
    ["/about/", "/about"],
  ];

  it.each(cases)("%s answers 301 to %s", async (from, to) => {
    const res = await request(app).get(from);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it.each(cases)("%s leads to a page that answers (%s)", async (_from, to) => {
    const res = await request(app).get(to).set("User-Agent", "Googlebot/2.1");
    expect(res.status).toBe(200);
  });

  it("answers HEAD requests the same way, and leaves posts alone", async () => {
    const head = await request(app).head("/contact-us");
    expect(head.status).toBe(301);
    expect(head.headers.location).toBe("/contact");
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const post = await request(app).post("/contact-us").send({});
      // The catch-all page has no form: 405, which is the visitor's doing, so no error stack in the server's log.
      expect(post.status).toBe(405);
      expect(errorLog).not.toHaveBeenCalled();
    } finally {
      errorLog.mockRestore();
    }
  });

  it("lets React Router answer its own data requests with a redirect", async () => {
    const res = await request(app).get("/about-us-agency.data?ref=old");
    expect(res.status).toBe(202);
    expect(res.headers["x-remix-replace"]).toBeUndefined();
    expect(res.text).toContain('"redirect","/about?ref=old"');
  });

  it("still answers a real unknown page with the 404 page", async () => {
    const res = await request(app).get("/never-existed").set("User-Agent", googlebot);
    expect(res.status).toBe(404);
    expect(res.text).toContain("Doh! This is awkward...");
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
  });
});
