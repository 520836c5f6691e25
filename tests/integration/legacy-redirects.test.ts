import request from "supertest";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { consentCookieName } from "../../src/lib/consent.ts";
import { legacyArticleSlugs, legacyProjectSlugs } from "../../src/lib/redirects.ts";
import { serviceSlugs } from "../../src/lib/services-catalogue.ts";
import { buildTestApp } from "../support/app.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const siteUrl = "https://www.gritstone.test";

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

describe("search engines", () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ env: { SITE_URL: `${siteUrl}/` } }));
  });

  it("serves robots.txt pointing at the sitemap on SITE_URL", async () => {
    const res = await request(app).get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(res.text).toContain("Disallow: /status");
  });

  it("serves sitemap.xml with every page of the route table on SITE_URL", async () => {
    const res = await request(app).get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    for (const path of ["/", "/about", "/services", "/news", "/projects", "/contact", "/terms", "/privacy-policy"]) {
      expect(res.text).toContain(`<loc>${siteUrl}${path}</loc>`);
    }
    expect(res.text).not.toContain("*");
    expect(res.text).not.toContain(":slug");
  });

  it("answers 503 rather than a partial sitemap when content is unavailable", async () => {
    const { app: failing } = await buildTestApp({
      services: (services) => ({
        ...services,
        site: {
          ...services.site,
          content: {
            getEntries: () => Promise.reject(new Error("content source down")),
          },
        },
      }),
    });
    const res = await request(failing).get("/sitemap.xml");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("60");
  });

  it("gives each page a canonical link, social cards and the agency's structured data", async () => {
    const res = await request(app).get("/about").set("User-Agent", googlebot);
    expect(res.text).toContain(`<link rel="canonical" href="${siteUrl}/about"/>`);
    expect(res.text).toContain(`<meta property="og:url" content="${siteUrl}/about"/>`);
    expect(res.text).toContain(`<meta property="og:image" content="${siteUrl}/social-card.png"/>`);
    expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(res.text).toMatch(/<meta name="keywords" content="[^"]+"\/>/);
    const nonce = /'nonce-([^']+)'/.exec(res.headers["content-security-policy"] as string)?.[1];
    const jsonLd = /<script type="application\/ld\+json" nonce="([^"]+)">(.+?)<\/script>/.exec(res.text);
    expect(jsonLd?.[1]).toBe(nonce);
    const data = JSON.parse(jsonLd?.[2] ?? "{}");
    expect(data["@type"]).toBe("ProfessionalService");
    expect(data.url).toBe(`${siteUrl}/`);
    expect(data.address.addressLocality).toBe("Derby");
  });

  it("serves the social card image", async () => {
    const res = await request(app).get("/social-card.png");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
  });
});

describe("analytics in the Content-Security-Policy", () => {
  const scriptSrc = (res: request.Response) =>
    (res.headers["content-security-policy"] as string).split(";").find((d) => d.startsWith("script-src ")) ?? "";

  it("never allows the analytics host when ANALYTICS_ID is unset", async () => {
    const { app } = await buildTestApp();
    const res = await request(app).get("/about").set("User-Agent", googlebot);
    expect(scriptSrc(res)).not.toContain("plausible.io");
    expect(res.text).not.toContain("plausible.io/js");
  });

  it("allows it when set, until the visitor refuses", async () => {
    const { app } = await buildTestApp({ env: { ANALYTICS_ID: "gritstone.studio" } });
    const fresh = await request(app).get("/about").set("User-Agent", googlebot);
    expect(scriptSrc(fresh)).toContain("https://plausible.io");
    expect(fresh.headers["content-security-policy"]).toMatch(/connect-src 'self' https:\/\/plausible\.io/);
    // The script itself is only ever added in the browser, after consent.
    expect(fresh.text).not.toContain("plausible.io/js");
    const refused = await request(app)
      .get("/about")
      .set("User-Agent", googlebot)
      .set("Cookie", `${consentCookieName}=denied`);
    expect(scriptSrc(refused)).not.toContain("plausible.io");
    expect(refused.headers["content-security-policy"]).toMatch(/connect-src 'self';/);
  });
});

describe("the privacy policy", () => {
  it("states the outbox retention the server is configured with", async () => {
    const { app } = await buildTestApp({ env: { OUTBOX_RETENTION_DAYS: "45" } });
    const res = await request(app).get("/privacy-policy").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.text).toContain("it is deleted from the outbox after <!-- -->45<!-- --> days");
  });
});
