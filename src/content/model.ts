// Shared with the server: the news feed reads the content model (server/content/feed.ts).
import type { Document } from "@contentful/rich-text-types";
import type { Asset } from "./types.ts";

/**
 * The four content types (R3), field by field, as pages receive them: linked assets resolved,
 * rich text as Contentful documents. The embedded store and a real Contentful space both follow this model
 * (docs/content-model.md). Only `slug` is required (the one field the Contentful content types validate as
 * required, scripts/contentful-export.ts); Contentful leaves out any other field an editor left empty, so every
 * other field is optional here and the compiler asks each page for its guard.
 */

export type RichText = Document;

export interface SeoFields {
  seoTitle?: string;
  seoDescription?: string;
  seoKeywords?: string[];
}

export interface BlogPostFields extends SeoFields {
  blogTitle?: string;
  slug: string;
  /** A list; the first category is the one shown. */
  blogCategory?: string[];
  /** ISO date, e.g. "2026-10-14". */
  blogPostDate?: string;
  blogTags?: string[];
  /** The first image's file url is the card image. */
  blogHero?: Asset[];
  blogFeaturedImage?: Asset;
  blogInternalImage?: Asset[];
  blogIntro?: RichText;
  /** The body; may embed assets (embedded-asset-block). */
  blogText?: RichText;
}

export interface ProjectFields extends SeoFields {
  projectTitle?: string;
  slug: string;
  category?: string[];
  /** The services delivered, as the names shown on the page (e.g. "Branding", "Web Design"). */
  services?: string[];
  featuredImage?: Asset;
  /** A CSS colour (hex) for the project's hero and header. */
  BackgroundColour?: string;
  /** One or two sentences: the hero line, and the short description in the home page's tile overlay. */
  heroContent?: string;
  heroBackground?: Asset;
  introContent?: RichText;
  logo?: Asset;
  clientName?: string;
  website?: string;
  /** ISO date of launch. */
  date?: string;
  images?: Asset[];
  fullWidthImages?: Asset[];
  fullWidthImages2?: Asset[];
  images3?: Asset[];
  /** Two images side by side. */
  images4?: Asset[];
  theBrief?: RichText;
  contentSection?: RichText;
  gallery?: Asset[];
  quote?: RichText;
  theOutcome?: RichText;
  /** 'yes' means the small layout. */
  smallProject?: "yes" | "no";
  /** 'yes' lays the header over the hero. */
  absoluteHeader?: "yes" | "no";
}

export interface ServiceFields extends SeoFields {
  slug: string;
  /** The service's name as a heading (not in R3.4's field list; a title is needed to show it). */
  title?: string;
  subHeading?: string;
  servicesHero?: Asset;
  /** Three short figures, e.g. "250+". */
  stats?: string[];
  /** What each of the three figures counts. */
  statsDescription?: string[];
  servicesTwoImages?: Asset[];
  leftText?: RichText;
  rightText?: RichText;
  accordionTitle1?: string;
  accordionContent1?: RichText;
  accordionTitle2?: string;
  accordionContent2?: RichText;
  accordionTitle3?: string;
  accordionContent3?: RichText;
  accordionTitle4?: string;
  accordionContent4?: RichText;
  accordionTitle5?: string;
  accordionContent5?: RichText;
  accordionImage?: Asset;
  mainStatement?: string;
  carousel?: Asset[];
}

export interface HomePageFields {
  /** The home (and about) carousel; pages use the first homePage entry. */
  carousel?: Asset[];
}
