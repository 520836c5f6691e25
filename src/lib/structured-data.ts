import type { BlogPostFields } from "../shared/content/model.ts";
import { site } from "../shared/site.ts";

export function blogPostingJsonLd(post: BlogPostFields, pageUrl: string, imageUrl?: string) {
  const origin = new URL(pageUrl).origin;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${pageUrl}#article`,
    mainEntityOfPage: pageUrl,
    headline: post.blogTitle,
    description: post.seoDescription,
    datePublished: post.blogPostDate,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    articleSection: post.blogCategory?.[0],
    keywords: [...(post.blogTags ?? []), ...(post.seoKeywords ?? [])].join(", ") || undefined,
    inLanguage: "en-GB",
    author: { "@type": "Organization", name: site.name, url: `${origin}/` },
    publisher: { "@id": `${origin}/#organisation`, "@type": "Organization", name: site.name },
  };
}
