import type { MetaDescriptor } from "react-router";
import type { Asset } from "../shared/content/types.ts";
import { normalisePath } from "../shared/paths.ts";
import { absoluteUrl, seo, siteOrigin } from "./seo.ts";

export interface ContentPageMeta {
  title: string;
  description?: string;
  keywords?: readonly string[];
  image?: Asset;
  type?: "website" | "article";
  jsonLd?: (pageUrl: string, imageUrl?: string) => Record<string, unknown>;
}

type MetaContext = Parameters<typeof seo>[0];

export function contentMeta(args: MetaContext, page: ContentPageMeta): MetaDescriptor[] {
  const origin = siteOrigin(args.matches);
  const imagePath = page.image?.fields.file.url;
  const imageUrl = imagePath ? absoluteUrl(origin, imagePath) : undefined;
  const tags = seo(args, {
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    image: imageUrl,
    imageAlt: page.image ? (page.image.fields.description ?? page.image.fields.title) : undefined,
    type: page.type,
  });
  if (page.jsonLd) {
    const pageUrl = absoluteUrl(origin, normalisePath(args.location.pathname));
    tags.push({ "script:ld+json": page.jsonLd(pageUrl, imageUrl) } as MetaDescriptor);
  }
  return tags;
}
