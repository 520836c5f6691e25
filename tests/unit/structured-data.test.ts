import { describe, expect, it } from "vitest";
import { blogPostingJsonLd } from "../../src/lib/structured-data.ts";
import type { BlogPostFields } from "../../src/shared/content/model.ts";

describe("an article's structured data", () => {
  it("is a BlogPosting with headline, date, image, section and the agency as author and publisher", () => {
    const post = {
      blogTitle: "Rebrand or refresh?",
      blogPostDate: "2026-08-04",
      blogCategory: ["Branding", "Strategy"],
      blogTags: ["Branding"],
      seoDescription: "Five signs it is time.",
      seoKeywords: ["rebrand"],
    } as BlogPostFields;
    const json = blogPostingJsonLd(post, "https://gritstone.studio/post/rebrand", "https://gritstone.studio/a.webp");
    expect(json).toMatchObject({
      "@type": "BlogPosting",
      headline: "Rebrand or refresh?",
      datePublished: "2026-08-04",
      image: ["https://gritstone.studio/a.webp"],
      articleSection: "Branding",
      keywords: "Branding, rebrand",
      mainEntityOfPage: "https://gritstone.studio/post/rebrand",
      author: { "@type": "Organization", name: "Gritstone" },
      publisher: { "@id": "https://gritstone.studio/#organisation" },
    });
  });
});
