import { describe, expect, it } from "vitest";
import { contentMeta } from "../../src/lib/content-meta.ts";
import type { Asset } from "../../src/shared/content/types.ts";
import { metaContent as tag } from "../support/meta.ts";

/** The tags of a news, article, project or service page, fed from its entry (src/lib/content-meta.ts). */

const args = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: "root", loaderData: { siteUrl: "https://www.gritstone.test/", year: 2026 } }],
});

const asset = (url: string, fields: { title?: string; description?: string } = {}): Asset => ({
  sys: { id: "a" },
  fields: { ...fields, file: { url, fileName: "a.webp", contentType: "image/webp" } },
});

describe("a content page's meta tags", () => {
  it("share the entry's image at an absolute URL, described by its description, else its title", () => {
    const stored = contentMeta(args("/post/a"), {
      title: "A | Gritstone",
      image: asset("/content/images/a.webp", { title: "Title", description: "A red door" }),
    });
    expect(tag(stored, "og:image")).toBe("https://www.gritstone.test/content/images/a.webp");
    expect(tag(stored, "og:image:alt")).toBe("A red door");

    const contentful = contentMeta(args("/post/a"), {
      title: "A | Gritstone",
      image: asset("//images.ctfassets.net/space/a.webp", { title: "Only a title" }),
    });
    expect(tag(contentful, "og:image")).toBe("https://images.ctfassets.net/space/a.webp");
    expect(tag(contentful, "og:image:alt")).toBe("Only a title");
  });

  it("fall back to the site's card when the entry has no image", () => {
    const tags = contentMeta(args("/project/a"), { title: "A | Gritstone" });
    expect(tag(tags, "og:image")).toBe("https://www.gritstone.test/social-card.png");
  });

  it("give the structured data the page's canonical URL and the image URL", () => {
    const seen: unknown[] = [];
    const tags = contentMeta(args("/post/a/"), {
      title: "A | Gritstone",
      image: asset("/content/images/a.webp"),
      jsonLd: (pageUrl, imageUrl) => {
        seen.push(pageUrl, imageUrl);
        return { "@type": "BlogPosting", url: pageUrl };
      },
    });
    expect(seen).toEqual(["https://www.gritstone.test/post/a", "https://www.gritstone.test/content/images/a.webp"]);
    expect(tags).toContainEqual({
      "script:ld+json": { "@type": "BlogPosting", url: "https://www.gritstone.test/post/a" },
    });
  });

  it("carry no structured data when the page has none", () => {
    expect(contentMeta(args("/news"), { title: "News" }).some((t) => "script:ld+json" in t)).toBe(false);
  });
});
