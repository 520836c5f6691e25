import type { RouterContextProvider } from "react-router";
import { thrownDataStatus } from "../lib/router-protocol.ts";
import { loadContent, loadEntry } from "./load.ts";
import type { BlogPostFields, ProjectFields, ServiceFields } from "./model.ts";
import { projectName } from "./names.ts";
import { slugify } from "./outline.ts";
import type { Asset, Entry } from "./types.ts";

type LoadContext = Readonly<RouterContextProvider>;

/**
 * The reads behind the news, article, project and service pages, each with exactly the query of R7.
 * Pages receive only what they show, so no rich text travels to the browser for a list.
 */

export const newestFirst = "-fields.blogPostDate";
export const byProjectTitle = "fields.projectTitle";
/** Related posts (R9.1: 3). */
export const relatedPostCount = 3;

const byName = (a: string, b: string) => a.localeCompare(b, "en-GB", { sensitivity: "base" });

/** Distinct values of a list field across entries, in alphabetical order. */
export function distinctCategories(lists: Array<readonly string[] | undefined>): string[] {
  const seen = new Map<string, string>();
  for (const list of lists) {
    for (const raw of list ?? []) {
      const name = raw.trim();
      if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    }
  }
  return [...seen.values()].sort(byName);
}

/** A category from the query string: trimmed, bounded, or undefined for "All". */
export function categoryParam(url: URL): string | undefined {
  const value = url.searchParams.get("category")?.trim().slice(0, 100);
  return value ? value : undefined;
}

/**
 * A page's secondary list (related posts, a service's projects): when content is unavailable the page still
 * renders, and that list keeps its loading placeholder (R8), shown for `null`.
 */
export async function orPlaceholder<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    // The 503 loaders throw when content is unavailable (React Router's `data()` value, before it is rendered).
    if (thrownDataStatus(error) === 503) return null;
    throw error;
  }
}

// ---- Posts -------------------------------------------------------------------------------------------

export interface PostCard {
  id: string;
  slug: string;
  title: string;
  category?: string;
  date: string;
  tags: string[];
  image?: Asset;
}

/** A post's card; none for a post without a title, which a card cannot name. */
export function postCard(entry: Entry<BlogPostFields>): PostCard | undefined {
  const fields = entry.fields;
  if (!fields.blogTitle) return undefined;
  return {
    id: entry.sys.id,
    slug: fields.slug,
    title: fields.blogTitle,
    category: fields.blogCategory?.[0],
    date: fields.blogPostDate ?? "",
    tags: fields.blogTags ?? [],
    image: fields.blogHero?.[0] ?? fields.blogFeaturedImage,
  };
}

export async function blogCategories(context: LoadContext): Promise<string[]> {
  const items = await loadContent(context, { content_type: "blogPost", select: "sys.id,fields.blogCategory" });
  return distinctCategories(items.map((item) => item.fields.blogCategory));
}

export async function postList(context: LoadContext, category?: string): Promise<PostCard[]> {
  const items = await loadContent(context, {
    content_type: "blogPost",
    order: newestFirst,
    ...(category ? { "fields.blogCategory": category } : {}),
  });
  return items.map(postCard).filter((card) => card !== undefined);
}

/** The article with this slug; none is the 404 page. */
export function postBySlug(context: LoadContext, slug: string): Promise<Entry<BlogPostFields>> {
  return loadEntry(context, { content_type: "blogPost", "fields.slug": slug });
}

/**
 * 'Other articles you may like...': the newest three posts other than this one. The query (R7.3) asks for
 * three; when this post is among them, one more is read past them (docs/decisions/0072).
 */
export async function relatedPosts(context: LoadContext, currentSlug: string): Promise<PostCard[]> {
  const query = { content_type: "blogPost", order: newestFirst, limit: relatedPostCount } as const;
  const items = await loadContent(context, query);
  const others = items.filter((item) => item.fields.slug !== currentSlug);
  if (others.length < items.length) {
    const more = await loadContent(context, { ...query, limit: 1, skip: relatedPostCount });
    others.push(...more.filter((item) => item.fields.slug !== currentSlug));
  }
  return others
    .map(postCard)
    .filter((card) => card !== undefined)
    .slice(0, relatedPostCount);
}

// ---- Projects ----------------------------------------------------------------------------------------

export interface ProjectTile {
  id: string;
  slug: string;
  title: string;
  clientName: string;
  summary: string;
  categories: string[];
  services: string[];
  date: string;
  image?: Asset;
}

export function projectTile(entry: Entry<ProjectFields>): ProjectTile {
  const fields = entry.fields;
  return {
    id: entry.sys.id,
    slug: fields.slug,
    title: projectName(fields),
    clientName: fields.clientName ?? projectName(fields),
    summary: fields.heroContent ?? "",
    categories: fields.category ?? [],
    services: fields.services ?? [],
    date: fields.date ?? "",
    image: fields.featuredImage,
  };
}

export async function projectCategories(context: LoadContext): Promise<string[]> {
  const items = await loadContent(context, { content_type: "singleProject", select: "sys.id,fields.category" });
  return distinctCategories(items.map((item) => item.fields.category));
}

export async function projectList(context: LoadContext, category?: string): Promise<ProjectTile[]> {
  const items = await loadContent(context, {
    content_type: "singleProject",
    order: byProjectTitle,
    ...(category ? { "fields.category": category } : {}),
  });
  return items.map(projectTile);
}

/** The project with this slug; none is the 404 page. */
export function projectBySlug(context: LoadContext, slug: string): Promise<Entry<ProjectFields>> {
  return loadEntry(context, { content_type: "singleProject", "fields.slug": slug });
}

// ---- Services ----------------------------------------------------------------------------------------

/** Projects on a service page. */
export const serviceProjectCount = 4;

/** The service with this slug; none is the 404 page. */
export function serviceBySlug(context: LoadContext, slug: string): Promise<Entry<ServiceFields>> {
  return loadEntry(context, { content_type: "singleServices", "fields.slug": slug });
}

/**
 * A service page's latest projects: the newest that list this service among their services, topped up with
 * the newest of the rest so the row is always full (docs/decisions/0075).
 */
export async function latestProjectsFor(
  context: LoadContext,
  service: Pick<ServiceFields, "slug" | "title">,
): Promise<ProjectTile[]> {
  const items = await loadContent(context, { content_type: "singleProject", order: "-fields.date" });
  return pickServiceProjects(items.map(projectTile), service);
}

/** A project delivers a service when one of its services names it (by title or by the service's slug). */
export function pickServiceProjects(
  newestFirst: ProjectTile[],
  service: Pick<ServiceFields, "slug" | "title">,
  count = serviceProjectCount,
) {
  const names = new Set([slugify(service.title ?? ""), service.slug].filter(Boolean));
  const matches = (tile: ProjectTile) => tile.services.some((name) => names.has(slugify(name)));
  const matching = newestFirst.filter(matches);
  const rest = newestFirst.filter((tile) => !matches(tile));
  return [...matching, ...rest].slice(0, count);
}
