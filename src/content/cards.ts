import type { BlogPostFields, HomePageFields, ProjectFields } from "./model.ts";
import { projectName } from "./names.ts";
import type { Asset, Entry } from "./types.ts";

/**
 * What a visitor sees of an entry wherever it is listed, one model each with one mapper: a project card (the home
 * page's tiles, the project list, a service's latest projects), a post card (the home teaser, the news list, related
 * posts) and a carousel (the home and agency pages). Pages send only these to the browser, never whole entries with
 * their rich text. The mappers take entries read with or without `select`, so any field may be missing.
 */

export interface ProjectCard {
  id: string;
  slug: string;
  title: string;
  clientName: string;
  /** The short description: the project's heroContent (the home tile's overlay, the list's line). */
  summary: string;
  categories: string[];
  /** The services delivered, by name; they pick a service page's projects (not shown on the card). */
  services: string[];
  image?: Asset;
  /** The project's colour (the home tile's overlay). */
  colour?: string;
  /** In preview only: the fields the card was made from, whose edits the page follows (decision 0215). */
  source?: Partial<ProjectFields>;
}

export interface PostCard {
  id: string;
  slug: string;
  title: string;
  /** The first category, shown when the read selects it (the news list, related posts; not the home teaser). */
  category?: string;
  /** ISO date; shown as day, full month name, year. */
  date: string;
  tags: string[];
  image?: Asset;
  /** In preview only: the fields the card was made from, whose edits the page follows (decision 0215). */
  source?: Partial<BlogPostFields>;
}

/** The carousel: its homePage entry's id (for inspector tags and live updates in preview) and its slides, in order. */
export interface Carousel {
  entryId?: string;
  slides: Asset[];
}

/** A project's card; none for an entry without a slug (it could not be linked to). */
export function toProjectCard({ sys, fields }: Entry<Partial<ProjectFields>>): ProjectCard | undefined {
  const { slug } = fields;
  if (!slug) return undefined;
  return {
    id: sys.id,
    slug,
    title: projectName({ ...fields, slug }),
    clientName: fields.clientName ?? fields.projectTitle ?? slug,
    summary: fields.heroContent ?? "",
    categories: fields.category ?? [],
    services: fields.services ?? [],
    image: fields.featuredImage,
    colour: fields.BackgroundColour,
  };
}

/** A post's card; none for an entry without a slug or a title (nothing to link, nothing to name the link). */
export function toPostCard({ sys, fields }: Entry<Partial<BlogPostFields>>): PostCard | undefined {
  if (!fields.slug || !fields.blogTitle) return undefined;
  return {
    id: sys.id,
    slug: fields.slug,
    title: fields.blogTitle,
    category: fields.blogCategory?.[0],
    date: fields.blogPostDate ?? "",
    tags: fields.blogTags ?? [],
    image: fields.blogHero?.[0] ?? fields.blogFeaturedImage,
  };
}

/** The carousel of the first homePage entry (R7.3: the home and agency pages show the same one). */
export function toCarousel(entries: readonly Entry<Partial<HomePageFields>>[]): Carousel {
  const [home] = entries;
  return { entryId: home?.sys.id, slides: home?.fields.carousel ?? [] };
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;

/**
 * The cards of a list of entries, in order, leaving out those that cannot be cards. With `keepSource` (preview
 * only) each card also carries the fields it was made from, for live updates.
 */
export function cardsOf<Fields, Card extends { source?: unknown }>(
  entries: readonly Entry<Fields>[],
  toCard: (entry: Entry<Fields>) => Card | undefined,
  keepSource = false,
): Card[] {
  return entries
    .map((entry) => {
      const card = toCard(entry);
      return card && keepSource ? { ...card, source: entry.fields } : card;
    })
    .filter(defined);
}
