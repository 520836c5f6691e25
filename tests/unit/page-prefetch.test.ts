import { describe, expect, it } from "vitest";
import { isPrefetchRequest, prefetchesData, prefetchTarget } from "../../src/shared/page-prefetch.ts";

const here = { origin: "https://gritstone.example", pathname: "/projects", search: "" };
const link = (href: string, attributes: Record<string, string> = {}) => ({
  href: new URL(href, here.origin).href,
  target: attributes.target ?? "",
  hasAttribute: (name: string) => name in attributes,
});

describe("which links fetch their page ahead", () => {
  it("takes another page of the site, with its query and without its fragment", () => {
    expect(prefetchTarget(link("/project/adidas"), here)).toBe("/project/adidas");
    expect(prefetchTarget(link("/news?category=Branding#list"), here)).toBe("/news?category=Branding");
    expect(prefetchTarget(link("/"), here)).toBe("/");
  });

  it("leaves out the page shown, other sites, new tabs and downloads", () => {
    expect(prefetchTarget(link("/projects#grid"), here)).toBeUndefined();
    expect(prefetchTarget(link("https://shop.example/"), here)).toBeUndefined();
    expect(prefetchTarget(link("/about", { target: "_blank" }), here)).toBeUndefined();
    expect(prefetchTarget(link("/brochure.pdf", { download: "" }), here)).toBeUndefined();
  });

  it("fetches the contact page's code but never its data, which is the visitor's own", () => {
    expect(prefetchesData("/contact")).toBe(false);
    expect(prefetchesData("/contact?from=menu")).toBe(false);
    expect(prefetchesData("/about")).toBe(true);
  });
});

describe("a request made ahead of need", () => {
  it("is known by the Sec-Purpose header browsers send with a prefetch (or the older Purpose)", () => {
    expect(isPrefetchRequest(new Headers({ "Sec-Purpose": "prefetch" }))).toBe(true);
    expect(isPrefetchRequest(new Headers({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetchRequest(new Headers({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetchRequest(new Headers())).toBe(false);
  });
});
