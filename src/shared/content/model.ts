// Shared with the server: the news feed reads the content model (server/content/feed.ts).
import type { Document } from "@contentful/rich-text-types";
import type { Asset } from "./types.ts";

// Only `slug` is required: Contentful leaves out any other field an editor left empty, so every other field is
// optional here and the compiler asks each page for its guard.

export type RichText = Document;

interface SeoFields {
  seoTitle?: string;
  seoDescription?: string;
  seoKeywords?: string[];
}

export interface BlogPostFields extends SeoFields {
  blogTitle?: string;
  slug: string;
  /** A list; the first category is the one shown. */
  blogCategory?: string[];
  blogPostDate?: string;
  blogTags?: string[];
  /** The first image's file url is the card image. */
  blogHero?: Asset[];
  blogFeaturedImage?: Asset;
  blogInternalImage?: Asset[];
  blogIntro?: RichText;
  blogText?: RichText;
}

export interface ProjectFields extends SeoFields {
  projectTitle?: string;
  slug: string;
  category?: string[];
  services?: string[];
  featuredImage?: Asset;
  BackgroundColour?: string;
  /** One or two sentences: the hero line, and the short description in the home page's tile overlay. */
  heroContent?: string;
  heroBackground?: Asset;
  introContent?: RichText;
  logo?: Asset;
  clientName?: string;
  website?: string;
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
  /** Not in the spec's field list for services; a title is needed to show the service. */
  title?: string;
  subHeading?: string;
  servicesHero?: Asset;
  stats?: string[];
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
  carousel?: Asset[];
}
