import type { BlogPostFields, HomePageFields, ProjectFields } from "./model.ts";
import { projectName } from "./names.ts";
import type { Asset, ContentQuery, ContentReader, Entry } from "./types.ts";

/**
 * What the home page reads from the content service (R7) and the slim shapes it draws, so the
 * document carries only what the page shows rather than whole entries with their rich text.
 */

/** R7 "Home blog teaser": content_type blogPost, limit 3, order '-fields.blogPostDate'. */
export const teaserQuery = {
  content_type: "blogPost",
  limit: 3,
  order: "-fields.blogPostDate",
  select: "sys.id,fields.blogTitle,fields.slug,fields.blogPostDate,fields.blogTags,fields.blogHero",
} satisfies ContentQuery;

/** R7 "Home and about carousel": content_type homePage; the first item's carousel images. */
export const carouselQuery = { content_type: "homePage", limit: 1 } satisfies ContentQuery;

/** The project tiles: the eight newest client projects (four rows of the wide/narrow rhythm). */
export const projectTilesQuery = {
  content_type: "singleProject",
  order: "-fields.date",
  limit: 8,
  select:
    "sys.id,fields.projectTitle,fields.slug,fields.clientName,fields.heroContent,fields.featuredImage,fields.BackgroundColour",
} satisfies ContentQuery;

export interface ProjectTile {
  id: string;
  slug: string;
  title: string;
  clientName: string;
  /** The short description shown in the tile's overlay (the project's heroContent). */
  summary: string;
  image?: Asset;
  colour?: string;
}

export interface PostCard {
  id: string;
  slug: string;
  title: string;
  /** ISO date; shown as day, full month name, year. */
  date: string;
  tags: string[];
  image?: Asset;
}

export function toProjectTile({ sys, fields }: Entry<Partial<ProjectFields>>): ProjectTile | undefined {
  const { slug } = fields;
  if (!slug) return undefined;
  return {
    id: sys.id,
    slug,
    title: projectName({ ...fields, slug }),
    clientName: fields.clientName ?? fields.projectTitle ?? slug,
    summary: fields.heroContent ?? "",
    image: fields.featuredImage,
    colour: fields.BackgroundColour,
  };
}

export function toPostCard({ sys, fields }: Entry<Partial<BlogPostFields>>): PostCard | undefined {
  if (!fields.slug || !fields.blogTitle) return undefined;
  return {
    id: sys.id,
    slug: fields.slug,
    title: fields.blogTitle,
    date: fields.blogPostDate ?? "",
    tags: fields.blogTags ?? [],
    image: fields.blogHero?.[0],
  };
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;

export async function readProjectTiles(content: ContentReader): Promise<ProjectTile[]> {
  const { items } = await content.getEntries<Partial<ProjectFields>>(projectTilesQuery);
  return items.map(toProjectTile).filter(defined);
}

export async function readLatestPosts(content: ContentReader): Promise<PostCard[]> {
  const { items } = await content.getEntries<Partial<BlogPostFields>>(teaserQuery);
  return items.map(toPostCard).filter(defined);
}

export async function readHomeCarousel(content: ContentReader): Promise<Asset[]> {
  const { items } = await content.getEntries<Partial<HomePageFields>>(carouselQuery);
  return items[0]?.fields.carousel ?? [];
}
