import { describe, expect, it } from "vitest";
import { imageSources } from "../../src/shared/content/images.ts";
import type { Asset } from "../../src/shared/content/types.ts";

const asset = (url: string): Asset => ({
  sys: { id: "a" },
  fields: {
    title: "Hero",
    description: "A bold gradient",
    file: { url, fileName: "hero.webp", contentType: "image/webp", details: { image: { width: 2400, height: 1350 } } },
  },
});

describe("imageSources", () => {
  it("asks this server for smaller WebP copies of a store image, never above the original", () => {
    const image = imageSources(asset("/content/images/hero.webp"), 800);
    expect(image).toMatchObject({ src: "/content/images/hero.webp?w=800&fm=webp&q=75", width: 2400, height: 1350 });
    expect(image?.alt).toBe("A bold gradient");
    // The server's ladder of widths, up to twice the display width (for 2x screens).
    expect(image?.srcSet?.split(", ")).toEqual(
      [320, 480, 640, 800, 960, 1200, 1600].map((w) => `/content/images/hero.webp?w=${w}&fm=webp&q=75 ${w}w`),
    );
  });
  it("uses an image on any other host as it is", () => {
    expect(imageSources(asset("https://cdn.example.com/hero.webp"))).toEqual({
      src: "https://cdn.example.com/hero.webp",
      width: 2400,
      height: 1350,
      alt: "A bold gradient",
    });
  });
  it("asks Contentful's Images API for WebP at several widths, never above the original", () => {
    const image = imageSources(asset("//images.ctfassets.net/space/id/token/hero.jpg"), 1600);
    expect(image?.src).toBe("https://images.ctfassets.net/space/id/token/hero.jpg?w=1600&fm=webp&q=75");
    expect(image?.srcSet).toContain("800w");
    expect(image?.srcSet).toContain("2400w");
    expect(image?.srcSet).not.toContain("3200w");
  });
  it("serves Contentful's SVG and GIF files as uploaded (WebP would lose vectors and animation)", () => {
    const svg = asset("//images.ctfassets.net/space/id/token/logo.svg");
    svg.fields.file.contentType = "image/svg+xml";
    expect(imageSources(svg)).toMatchObject({ src: "https://images.ctfassets.net/space/id/token/logo.svg" });
    expect(imageSources(svg)?.srcSet).toBeUndefined();
  });
  it("offers an image smaller than twice its display width up to its own width, and no further", () => {
    const small = asset("/content/images/logo.webp");
    small.fields.file.details = { image: { width: 700, height: 400 } };
    const widths = imageSources(small, 600)
      ?.srcSet?.split(", ")
      .map((candidate) => candidate.split(" ")[1]);
    expect(widths).toEqual(["320w", "480w", "640w", "700w"]);
  });
  it("gives nothing for a missing asset", () => {
    expect(imageSources(undefined)).toBeUndefined();
  });
});
