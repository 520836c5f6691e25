import { describe, expect, it } from "vitest";
import { normalisePath } from "../../src/lib/paths.ts";
import { legacyArticleSlugs, legacyProjectSlugs, redirectFor } from "../../src/lib/redirects.ts";
import { overviewServices, serviceSlugs } from "../../src/lib/services-catalogue.ts";

describe("the legacy redirect table", () => {
  it("sends moved pages to their new homes", () => {
    expect(redirectFor("/about-us-agency")).toBe("/about");
    expect(redirectFor("/our-clients")).toBe("/about");
    expect(redirectFor("/contact-us")).toBe("/contact");
    expect(redirectFor("/arrange-a-callback")).toBe("/contact");
    expect(redirectFor("/blog")).toBe("/news");
    expect(redirectFor("/terms-conditions")).toBe("/terms");
  });

  it("sends old portfolio pages to the project, or to the list when the project is unknown", () => {
    expect(redirectFor("/portfolio")).toBe("/projects");
    for (const slug of legacyProjectSlugs) expect(redirectFor(`/portfolio/${slug}`)).toBe(`/project/${slug}`);
    expect(redirectFor("/portfolio/a-project-long-gone")).toBe("/projects");
    expect(redirectFor("/portfolio/adidas/gallery")).toBe("/projects");
  });

  it("sends old service pages, nested or at the root, to /service/{slug}", () => {
    for (const slug of serviceSlugs) {
      expect(redirectFor(`/services/${slug}`)).toBe(`/service/${slug}`);
      expect(redirectFor(`/${slug}`)).toBe(`/service/${slug}`);
    }
    expect(overviewServices.map((service) => service.slug)).toEqual([
      "graphic-design",
      "branding",
      "photography",
      "web-design",
      "packaging",
      "ux-design",
      "print-design",
      "social-media",
      "image-editing",
      "ecommerce",
    ]);
    expect(redirectFor("/services/underwater-basket-weaving")).toBe("/services");
  });

  it("sends old root articles to /post/{slug}", () => {
    expect(legacyArticleSlugs.length).toBeGreaterThan(0);
    for (const slug of legacyArticleSlugs) expect(redirectFor(`/${slug}`)).toBe(`/post/${slug}`);
  });

  it("keeps the query string, ignores case and trailing slashes in legacy paths", () => {
    expect(redirectFor("/blog?category=Branding&page=2")).toBe("/news?category=Branding&page=2");
    expect(redirectFor("/Blog/")).toBe("/news");
    expect(redirectFor("/portfolio/adidas/?ref=old")).toBe("/project/adidas?ref=old");
  });

  it("tidies a trailing slash on any page, and leaves current pages alone", () => {
    expect(redirectFor("/about/")).toBe("/about");
    expect(redirectFor("/news/?category=Web")).toBe("/news?category=Web");
    for (const path of ["/", "/about", "/services", "/service/branding", "/post/anything", "/projects"]) {
      expect(redirectFor(path)).toBeUndefined();
    }
    expect(redirectFor("/no-such-page")).toBeUndefined();
  });

  it("never redirects off the site", () => {
    expect(redirectFor("//evil.example/")).toBe("/evil.example");
    expect(redirectFor("/\\evil.example/")).toBe("/evil.example");
    expect(normalisePath("///")).toBe("/");
  });
});
