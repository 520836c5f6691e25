import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../context.ts";
import { type CategoryFilter, listingPages, offeredCategories } from "../shared/content/categories.ts";
import type { FieldsByType } from "../shared/content/fields.ts";
import type { BlogPostFields, ProjectFields, ServiceFields } from "../shared/content/model.ts";
import { slugify } from "../shared/content/outline.ts";
import type { ContentQuery, ContentType, Entry } from "../shared/content/types.ts";
import { readCategory } from "../shared/page-queries.ts";
import {
  type Carousel,
  cardsOf,
  type PostCard,
  type ProjectCard,
  toCarousel,
  toPostCard,
  toProjectCard,
} from "./cards.ts";
import { loadContent, loadEntry, notFound, type QueryOf } from "./load.ts";

type LoadContext = Readonly<RouterContextProvider>;

// Every read behind the pages goes through `loadContent`, so content that cannot be had is always the same thrown 503.

const newestFirst = "-fields.blogPostDate";
const byProjectTitle = "fields.projectTitle";
/** Related posts: three. */
const relatedPostCount = 3;
const serviceProjectCount = 4;

/** The spec's queries, one per usage. */
export const queries = {
  /** Only the fields a card shows (no category: the teaser shows none). */
  homeTeaser: {
    content_type: "blogPost",
    limit: 3,
    order: newestFirst,
    select: "sys.id,fields.blogTitle,fields.slug,fields.blogPostDate,fields.blogTags,fields.blogHero",
  },
  carousel: { content_type: "homePage", limit: 1 },
  projectTiles: {
    content_type: "singleProject",
    order: "-fields.date",
    limit: 8,
    select:
      "sys.id,fields.projectTitle,fields.slug,fields.clientName,fields.heroContent,fields.featuredImage,fields.BackgroundColour",
  },
  news: (category?: string): QueryOf<"blogPost"> => ({
    content_type: "blogPost",
    order: newestFirst,
    ...(category ? { "fields.blogCategory": category } : {}),
  }),
  newsCategories: listingPages["/news"].categories,
  /** `skip` reads past the first three when the article is among them. */
  related: (skip?: number): QueryOf<"blogPost"> => ({
    content_type: "blogPost",
    order: newestFirst,
    ...(skip ? { limit: 1, skip } : { limit: relatedPostCount }),
  }),
  article: (slug: string): QueryOf<"blogPost"> => ({ content_type: "blogPost", "fields.slug": slug }),
  projects: (category?: string): QueryOf<"singleProject"> => ({
    content_type: "singleProject",
    order: byProjectTitle,
    ...(category ? { "fields.category": category } : {}),
  }),
  projectCategories: listingPages["/projects"].categories,
  project: (slug: string): QueryOf<"singleProject"> => ({ content_type: "singleProject", "fields.slug": slug }),
  service: (slug: string): QueryOf<"singleServices"> => ({ content_type: "singleServices", "fields.slug": slug }),
  serviceProjects: { content_type: "singleProject", order: "-fields.date" },
} as const satisfies Record<string, ContentQuery | ((...args: never[]) => ContentQuery)>;

/** In preview cards keep their `source` fields, so the editor's edits become cards through the same mapper. */
function keepSources(context: LoadContext): boolean {
  return context.get(servicesContext).settings.preview === true;
}

export async function readCarousel(context: LoadContext): Promise<Carousel> {
  return toCarousel(await loadContent(context, queries.carousel));
}

export async function readProjectTiles(context: LoadContext): Promise<ProjectCard[]> {
  return cardsOf(await loadContent(context, queries.projectTiles), toProjectCard, keepSources(context));
}

export async function readLatestPosts(context: LoadContext): Promise<PostCard[]> {
  return cardsOf(await loadContent(context, queries.homeTeaser), toPostCard, keepSources(context));
}

interface Listing<T extends ContentType, Card> extends CategoryFilter<T> {
  list: (category?: string) => QueryOf<T>;
  toCard: (entry: Entry<Partial<FieldsByType[T]>>) => Card | undefined;
}

export const listings: { news: Listing<"blogPost", PostCard>; projects: Listing<"singleProject", ProjectCard> } = {
  news: { ...listingPages["/news"], list: queries.news, toCard: toPostCard },
  projects: { ...listingPages["/projects"], list: queries.projects, toCard: toProjectCard },
};

// A category the filter does not offer is a 404, as an unknown slug is: the page cache answers every such address
// from one stored 404, so made-up categories never take the room of real ones.
export async function readListing<T extends ContentType, Card extends { source?: unknown }>(
  context: LoadContext,
  url: URL,
  listing: Listing<T, Card>,
): Promise<{ categories: string[]; category: string | undefined; cards: Card[] }> {
  const category = readCategory(url.searchParams);
  const [filed, entries] = await Promise.all([
    loadContent(context, listing.categories),
    loadContent(context, listing.list(category)),
  ]);
  const categories = offeredCategories(listing, filed);
  if (category !== undefined && !categories.includes(category)) throw notFound();
  return { categories, category, cards: cardsOf(entries, listing.toCard, keepSources(context)) };
}

export function postBySlug(context: LoadContext, slug: string): Promise<Entry<BlogPostFields>> {
  return loadEntry(context, queries.article(slug));
}

/** The spec's query asks for three; when this post is among them, one more is read past them. */
export async function relatedPosts(context: LoadContext, currentSlug: string): Promise<PostCard[]> {
  const items = await loadContent(context, queries.related());
  const others = items.filter((item) => item.fields.slug !== currentSlug);
  if (others.length < items.length) {
    const more = await loadContent(context, queries.related(relatedPostCount));
    others.push(...more.filter((item) => item.fields.slug !== currentSlug));
  }
  return cardsOf(others.slice(0, relatedPostCount), toPostCard, keepSources(context));
}

export function projectBySlug(context: LoadContext, slug: string): Promise<Entry<ProjectFields>> {
  return loadEntry(context, queries.project(slug));
}

export function serviceBySlug(context: LoadContext, slug: string): Promise<Entry<ServiceFields>> {
  return loadEntry(context, queries.service(slug));
}

/** Topped up with the newest of the rest, so the row is always full. */
export async function latestProjectsFor(
  context: LoadContext,
  service: Pick<ServiceFields, "slug" | "title">,
): Promise<ProjectCard[]> {
  return pickServiceProjects(
    cardsOf(await loadContent(context, queries.serviceProjects), toProjectCard, keepSources(context)),
    service,
  );
}

/** A project delivers a service when one of its services names it (by title or by the service's slug). */
export function pickServiceProjects(
  newestFirst: ProjectCard[],
  service: Pick<ServiceFields, "slug" | "title">,
  count = serviceProjectCount,
) {
  const names = new Set([slugify(service.title ?? ""), service.slug].filter(Boolean));
  const matches = (card: ProjectCard) => card.services.some((name) => names.has(slugify(name)));
  const matching = newestFirst.filter(matches);
  const rest = newestFirst.filter((card) => !matches(card));
  return [...matching, ...rest].slice(0, count);
}
