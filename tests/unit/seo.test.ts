import { describe, expect, it } from "vitest";
import { organisationJsonLd, seo } from "../../src/lib/seo.ts";
import { site } from "../../src/shared/site.ts";
import { metaContent as content } from "../support/meta.ts";

const args = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: "root", loaderData: { siteUrl: "https://www.example.co.uk", year: 2026 } }],
});

describe("seo", () => {
  it("gives a page its title, description, keywords, canonical link and social cards", () => {
    const tags = seo(args("/about/"), {
      title: "Agency | Gritstone",
      description: "About us",
      keywords: ["design", "Derby"],
    });
    expect(tags).toContainEqual({ title: "Agency | Gritstone" });
    expect(content(tags, "description")).toBe("About us");
    expect(content(tags, "keywords")).toBe("design, Derby");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.example.co.uk/about" });
    expect(content(tags, "og:url")).toBe("https://www.example.co.uk/about");
    expect(content(tags, "og:title")).toBe("Agency | Gritstone");
    expect(content(tags, "og:image")).toBe("https://www.example.co.uk/social-card.png");
    expect(content(tags, "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "og:site_name")).toBe(site.name);
  });

  it("uses the social title and description when given, and absolute image URLs as they are", () => {
    const tags = seo(args("/"), {
      title: "Home",
      socialTitle: "Share me",
      socialDescription: "Shared",
      image: "//images.ctfassets.net/x/y.jpg",
      type: "article",
    });
    expect(content(tags, "og:title")).toBe("Share me");
    expect(content(tags, "twitter:description")).toBe("Shared");
    expect(content(tags, "og:image")).toBe("https://images.ctfassets.net/x/y.jpg");
    expect(content(tags, "og:type")).toBe("article");
  });

  it("keeps a noindex page out of search engines without a canonical link", () => {
    const tags = seo(args("/missing"), { title: "Page not found", noindex: true });
    expect(content(tags, "robots")).toBe("noindex");
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
    // Nor does it name its address (the 404 is one stored copy for every unknown path).
    expect(content(tags, "og:url")).toBeUndefined();
  });

  it("describes the agency as a local business", () => {
    const data = organisationJsonLd("https://www.example.co.uk");
    expect(data["@type"]).toBe("ProfessionalService");
    expect(data.name).toBe(site.name);
    expect(data.address.addressLocality).toBe("Derby");
    expect(data.url).toBe("https://www.example.co.uk/");
    expect(data.sameAs).toEqual(site.social.map((link) => link.href));
  });
});
