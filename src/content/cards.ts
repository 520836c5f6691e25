import type { BlogPostFields, HomePageFields, ProjectFields } from "../shared/content/model.ts";
import type { Asset, Entry } from "../shared/content/types.ts";
import { projectName } from "./names.ts";

// Pages send only these cards to the browser, never whole entries with their rich text. The mappers take entries read
// with or without `select`, so any field may be missing.

export interface ProjectCard {
  id: string;
  slug: string;
  title: string;
  clientName: string;
  summary: string;
  categories: string[];
  /** They pick a service page's projects; not shown on the card. */
  services: string[];
  image?: Asset;
  colour?: string;
  /** In preview only: the fields the card was made from, whose edits the page follows. */
  source?: Partial<ProjectFields>;
}

export interface PostCard {
  id: string;
  slug: string;
  title: string;
  category?: string;
  date: string;
  tags: string[];
  image?: Asset;
  /** In preview only: the fields the card was made from, whose edits the page follows. */
  source?: Partial<BlogPostFields>;
}

export interface Carousel {
  entryId?: string;
  slides: Asset[];
}

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

/** None without a slug or a title: nothing to link, nothing to name the link. */
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

/** The home and agency pages show the same carousel. */
export function toCarousel(entries: readonly Entry<Partial<HomePageFields>>[]): Carousel {
  const [home] = entries;
  return { entryId: home?.sys.id, slides: home?.fields.carousel ?? [] };
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;

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
