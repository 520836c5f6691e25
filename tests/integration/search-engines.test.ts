import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { pastThePageCache } from "../support/page-cache.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const siteUrl = "https://www.gritstone.test";

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

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
    // A rendered answer (a stored copy carries no nonce) gives the data block the response's nonce.
    const rendered = await request(app).get(pastThePageCache("/about")).set("User-Agent", googlebot);
    expect(rendered.headers["x-cache"]).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(rendered.headers["content-security-policy"] as string)?.[1];
    expect(/<script type="application\/ld\+json" nonce="([^"]+)">/.exec(rendered.text)?.[1]).toBe(nonce);
    const jsonLd = /<script type="application\/ld\+json"[^>]*>(.+?)<\/script>/.exec(res.text);
    const data = JSON.parse(jsonLd?.[1] ?? "{}");
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
