// Shared with the server: the content proxy's query engine reads the field kinds (server/content/query.ts).
import type { BlogPostFields, HomePageFields, ProjectFields, ServiceFields } from "./model.ts";
import type { ContentType } from "./types.ts";

// The content model at run time, for the query allow-list and ordering; the checks below keep it in step with model.ts.
export type FieldKind =
  /** Contentful Symbol, at most 255 characters; can be ordered. */
  | "text"
  /** Contentful Text; cannot be ordered. */
  | "longText"
  /** Ordered as a date. */
  | "date"
  /** Filters match one element. */
  | "list"
  | "asset"
  | "assets"
  | "richText";

type FieldsOf<Fields> = { readonly [Name in keyof Required<Fields>]: FieldKind };

const seo = { seoTitle: "text", seoDescription: "longText", seoKeywords: "list" } as const;

const blogPost = {
  blogTitle: "text",
  slug: "text",
  blogCategory: "list",
  blogPostDate: "date",
  blogTags: "list",
  blogHero: "assets",
  blogFeaturedImage: "asset",
  blogInternalImage: "assets",
  blogIntro: "richText",
  blogText: "richText",
  ...seo,
} as const satisfies FieldsOf<BlogPostFields>;

const singleProject = {
  projectTitle: "text",
  slug: "text",
  category: "list",
  services: "list",
  featuredImage: "asset",
  BackgroundColour: "text",
  heroContent: "longText",
  heroBackground: "asset",
  introContent: "richText",
  logo: "asset",
  clientName: "text",
  website: "text",
  date: "date",
  images: "assets",
  fullWidthImages: "assets",
  fullWidthImages2: "assets",
  images3: "assets",
  images4: "assets",
  theBrief: "richText",
  contentSection: "richText",
  gallery: "assets",
  quote: "richText",
  theOutcome: "richText",
  smallProject: "text",
  absoluteHeader: "text",
  ...seo,
} as const satisfies FieldsOf<ProjectFields>;

const singleServices = {
  slug: "text",
  title: "text",
  subHeading: "longText",
  servicesHero: "asset",
  stats: "list",
  statsDescription: "list",
  servicesTwoImages: "assets",
  leftText: "richText",
  rightText: "richText",
  accordionTitle1: "text",
  accordionContent1: "richText",
  accordionTitle2: "text",
  accordionContent2: "richText",
  accordionTitle3: "text",
  accordionContent3: "richText",
  accordionTitle4: "text",
  accordionContent4: "richText",
  accordionTitle5: "text",
  accordionContent5: "richText",
  accordionImage: "asset",
  mainStatement: "longText",
  carousel: "assets",
  ...seo,
} as const satisfies FieldsOf<ServiceFields>;

const homePage = { carousel: "assets" } as const satisfies FieldsOf<HomePageFields>;

export const contentFields = { blogPost, singleProject, singleServices, homePage } as const satisfies Record<
  ContentType,
  Readonly<Record<string, FieldKind>>
>;

export interface FieldsByType {
  blogPost: BlogPostFields;
  singleProject: ProjectFields;
  singleServices: ServiceFields;
  homePage: HomePageFields;
}

export function fieldKind(contentType: ContentType, field: string): FieldKind | undefined {
  const fields: Readonly<Record<string, FieldKind>> = contentFields[contentType];
  return Object.hasOwn(fields, field) ? fields[field] : undefined;
}
