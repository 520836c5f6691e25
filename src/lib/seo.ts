import type { MetaDescriptor } from "react-router";
import { normalisePath } from "../shared/paths.ts";
import { site } from "../shared/site.ts";

// Every route's meta() calls seo(args, {...}); the origin comes from SITE_URL through the root loader.
export interface PageSeo {
  title: string;
  description?: string;
  keywords?: readonly string[] | string;
  socialTitle?: string;
  socialDescription?: string;
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

/** The head of every 404: the catch-all route's, and a page's whose loader found nothing (the root's meta). */
export const notFoundPage: PageSeo = {
  title: `Page not found | ${site.name}`,
  description: "This page has moved or never existed. Head home, or find our work, services and news.",
  noindex: true,
};

export interface RootData {
  siteUrl: string;
  analyticsId?: string;
  /** From the server, so hydration always matches. */
  year: number;
  preview?: boolean;
  /** Who may talk to the live preview SDK (SiteSettings.livePreviewOrigins). */
  livePreviewOrigins?: readonly string[];
}

interface MetaContext {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

const defaultSocialImage = { path: "/social-card.png", width: 1200, height: 630 };

export function siteOrigin(matches: MetaContext["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as Partial<RootData> | undefined;
  return (root?.siteUrl ?? "").replace(/\/+$/, "");
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith("//")) return `https:${pathOrUrl}`;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function seo(args: MetaContext, page: PageSeo): MetaDescriptor[] {
  const origin = siteOrigin(args.matches);
  const canonical = absoluteUrl(origin, normalisePath(args.location.pathname));
  const description = page.description ?? site.description;
  const keywords = typeof page.keywords === "string" ? page.keywords : page.keywords?.join(", ");
  const socialTitle = page.socialTitle ?? page.title;
  const socialDescription = page.socialDescription ?? description;
  const image = absoluteUrl(origin, page.image ?? defaultSocialImage.path);
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: description }];
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: canonical });
  tags.push(
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: socialTitle },
    { property: "og:description", content: socialDescription },
    // A page kept out of search has no address to share, and the 404 every unknown path shares names none.
    ...(page.noindex ? [] : [{ property: "og:url", content: canonical }]),
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: socialTitle },
    { name: "twitter:description", content: socialDescription },
    { name: "twitter:image", content: image },
  );
  if (!page.image) {
    tags.push(
      { property: "og:image:width", content: String(defaultSocialImage.width) },
      { property: "og:image:height", content: String(defaultSocialImage.height) },
    );
  }
  if (page.imageAlt) tags.push({ property: "og:image:alt", content: page.imageAlt });
  return tags;
}

export function organisationJsonLd(origin: string) {
  const derby = site.offices.find((office) => office.city === "Derby");
  const [street, street2, locality, postcode] = derby?.lines ?? [];
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${origin}/#organisation`,
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}${defaultSocialImage.path}`,
    email: site.email,
    telephone: site.phoneHref.replace(/^tel:/, ""),
    address: {
      "@type": "PostalAddress",
      streetAddress: [street, street2].filter(Boolean).join(", "),
      addressLocality: locality,
      postalCode: postcode,
      addressCountry: "GB",
    },
    areaServed: ["GB", "Worldwide"],
    sameAs: site.social.map((link) => link.href),
  };
}
