import { describe, expect, it } from "vitest";
import { imageSources } from "../../src/content/images.ts";
import type { Asset } from "../../src/content/types.ts";

const asset = (url: string): Asset => ({
  sys: { id: "a" },
  fields: {
    title: "Hero",
    description: "A bold gradient",
    file: { url, fileName: "hero.webp", contentType: "image/webp", details: { image: { width: 2400, height: 1350 } } },
  },
});

describe("imageSources", () => {
  it("uses a local image as it is, with its size and description", () => {
    expect(imageSources(asset("/content/images/hero.webp"))).toEqual({
      src: "/content/images/hero.webp",
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
  it("gives nothing for a missing asset", () => {
    expect(imageSources(undefined)).toBeUndefined();
  });
});
