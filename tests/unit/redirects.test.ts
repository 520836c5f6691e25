import { describe, expect, it } from "vitest";
import { normalisePath } from "../../src/shared/paths.ts";
import { canonicalPath, legacyArticleSlugs, legacyProjectSlugs, redirectFor } from "../../src/shared/redirects.ts";
import { overviewServices, serviceSlugs } from "../../src/shared/services-catalogue.ts";

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

  it("spells a page's path in lower case, but not a file's, and keeps escapes' hex upper case", () => {
    expect(redirectFor("/About")).toBe("/about");
    expect(redirectFor("/CONTACT/?x=1")).toBe("/contact?x=1");
    expect(redirectFor("/%63ontact")).toBe("/contact");
    expect(redirectFor("/Post/Some-Article")).toBe("/post/some-article");
    expect(redirectFor("/post/%C3%A9t%C3%A9")).toBeUndefined();
    expect(redirectFor("/assets/entry.client-B1xYz.js")).toBeUndefined();
    expect(redirectFor("/content/images/logos/Acme.png")).toBeUndefined();
  });

  it("answers no URL at all (a bad port, a broken host) with no redirect rather than an error", () => {
    expect(redirectFor("http://127.0.0.1:99999/about/")).toBeUndefined();
    expect(redirectFor("http://[::1/about")).toBeUndefined();
  });
});

describe("canonicalPath", () => {
  it("gives every spelling of one address the same key", () => {
    const contact = [
      "/contact",
      "/contact/",
      "/CONTACT",
      "/Contact.data",
      "/contact.data",
      "/contact/_.data",
      "/%63ontact",
      "//contact",
    ];
    for (const spelling of contact) expect(canonicalPath(spelling), spelling).toBe("/contact");
    const api = ["/emails/contact-form", "/EMAILS/CONTACT-FORM/", "/emails//contact%2Dform"];
    for (const spelling of api) expect(canonicalPath(spelling), spelling).toBe("/emails/contact-form");
    expect(canonicalPath("/_root.data")).toBe("/");
    expect(canonicalPath("/")).toBe("/");
  });

  it("keeps reserved escapes, so an encoded slash is not a slash", () => {
    expect(canonicalPath("/emails%2Fcontact-form")).toBe("/emails%2fcontact-form");
  });
});
