import type { MetaDescriptor } from "react-router";
import type { Asset } from "../content/types.ts";

/**
 * How the news, article, project and service pages are found and shared: title, description, keywords and a
 * social card from the entry's seo fields and image (spec §2), plus structured data where there is some.
 * TODO(shell): build on seo() from src/lib/seo.ts once it is on main (canonical URL, Twitter tags).
 */
export interface ContentPageMeta {
  title: string;
  description?: string;
  keywords?: readonly string[];
  image?: Asset;
  type?: "website" | "article";
  /** schema.org data for this page, given the page's absolute URL and image URL. */
  jsonLd?: (pageUrl: string, imageUrl?: string) => Record<string, unknown>;
}

interface MetaContext {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

function siteOrigin(matches: MetaContext["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return (root?.siteUrl ?? "").replace(/\/+$/, "");
}

function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith("//")) return `https:${pathOrUrl}`;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function contentMeta(args: MetaContext, page: ContentPageMeta): MetaDescriptor[] {
  const origin = siteOrigin(args.matches);
  const pageUrl = absoluteUrl(origin || "http://localhost", args.location.pathname);
  const imagePath = page.image?.fields.file.url;
  const imageUrl = imagePath ? absoluteUrl(origin, imagePath) : undefined;
  const tags: MetaDescriptor[] = [{ title: page.title }];
  if (page.description) tags.push({ name: "description", content: page.description });
  if (page.keywords?.length) tags.push({ name: "keywords", content: page.keywords.join(", ") });
  tags.push(
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    ...(page.description ? [{ property: "og:description", content: page.description }] : []),
  );
  if (imageUrl) {
    tags.push({ property: "og:image", content: imageUrl });
    const alt = page.image?.fields.description ?? page.image?.fields.title;
    if (alt) tags.push({ property: "og:image:alt", content: alt });
  }
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd(pageUrl, imageUrl) } as MetaDescriptor);
  return tags;
}
