import { describe, expect, it } from "vitest";
import { fetchesAheadOn, isPrefetchRequest, prefetchesData, prefetchTarget } from "../../src/lib/page-prefetch.ts";

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

describe("the visitor's connection", () => {
  it("fetches nothing ahead when the visitor asks to save data, whatever the network", () => {
    expect(fetchesAheadOn({ saveData: true })).toBe(false);
    expect(fetchesAheadOn({ saveData: true, effectiveType: "4g" })).toBe(false);
  });

  it("fetches nothing ahead on a 2g connection", () => {
    expect(fetchesAheadOn({ saveData: false, effectiveType: "2g" })).toBe(false);
    expect(fetchesAheadOn({ saveData: false, effectiveType: "slow-2g" })).toBe(false);
  });

  it("fetches ahead on 3g and 4g, and where the browser says nothing of the connection", () => {
    expect(fetchesAheadOn({ saveData: false, effectiveType: "3g" })).toBe(true);
    expect(fetchesAheadOn({ saveData: false, effectiveType: "4g" })).toBe(true);
    expect(fetchesAheadOn({})).toBe(true);
    expect(fetchesAheadOn(undefined)).toBe(true);
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
