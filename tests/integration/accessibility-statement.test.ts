import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityReviewed } from "../../src/routes/accessibility.tsx";
import { buildTestApp } from "../support/app.ts";

/** The accessibility statement: the parts the UK public-sector model asks for, found from the footer and sitemap. */

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("/accessibility", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>["app"];
  let html: string;
  beforeAll(async () => {
    ({ app } = await buildTestApp());
    const res = await request(app).get("/accessibility").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    html = res.text;
  });

  it("states the standard, how and how often the site is tested, its limits, how to report and the review date", () => {
    expect(html).toMatch(/<h1[^>]*>Accessibility Statement<\/h1>/);
    expect(html).toMatch(/Web Content Accessibility Guidelines version 2\.2[^<]*(<[^>]+>[^<]*)*?AA standard/);
    expect(html).toContain("How we tested this website");
    for (const often of ["on every change", "before each release", "every six months"]) expect(html).toContain(often);
    expect(html).toContain("Non-accessible content");
    expect(html).toContain("Reporting accessibility problems with this website");
    expect(html.replaceAll("<!-- -->", "")).toMatch(/reply within 5 working days/);
    expect(html).toContain(`<time dateTime="${accessibilityReviewed}">`);
  });

  it("is linked from every page's footer, beside the legal links, and listed in the sitemap", async () => {
    const home = await request(app).get("/").set("User-Agent", googlebot);
    const legal = /<nav aria-label="Legal"[^>]*>([\s\S]*?)<\/nav>/.exec(home.text)?.[1] ?? "";
    expect(legal).toMatch(/href="\/privacy-policy"/);
    expect(legal).toMatch(/href="\/accessibility"[^>]*>Accessibility<\/a>/);
    const sitemap = await request(app).get("/sitemap.xml");
    expect(sitemap.text).toContain("/accessibility</loc>");
  });
});
