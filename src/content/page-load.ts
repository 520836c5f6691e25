import { data, isRouteErrorResponse, type RouterContextProvider } from "react-router";
import { servicesContext } from "../context.ts";
import type { BlogPostFields, HomePageFields, ProjectFields, ServiceFields } from "./model.ts";
import type { ContentQuery, ContentType, Entry } from "./types.ts";

/**
 * Interim stand-in, with the same names and behaviour, for the content engine's loader helpers
 * (src/content/load.ts on the content-engine branch): when content cannot be had, loaders throw a 503 with
 * Retry-After that the ErrorBoundary draws as the loading placeholder (spec §8); an unknown slug throws 404.
 * TODO(content-engine): import from ./load.ts once it is on main and delete this file.
 */

interface FieldsByType {
  blogPost: BlogPostFields;
  singleProject: ProjectFields;
  singleServices: ServiceFields;
  homePage: HomePageFields;
}
type EntryOf<T extends ContentType> = Entry<FieldsByType[T]>;
type QueryOf<T extends ContentType> = ContentQuery & { content_type: T };
type LoadContext = Readonly<RouterContextProvider>;

const unavailableReason = "content-unavailable";

export function contentUnavailable() {
  return data({ reason: unavailableReason }, { status: 503, headers: { "Retry-After": "30" } });
}

export function isContentUnavailable(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    (error.data as { reason?: unknown } | null)?.reason === unavailableReason
  );
}

export function loadContent<T extends ContentType>(
  context: LoadContext,
  query: QueryOf<T> & { select: string },
): Promise<Entry<Partial<FieldsByType[T]>>[]>;
export function loadContent<T extends ContentType>(context: LoadContext, query: QueryOf<T>): Promise<EntryOf<T>[]>;
export async function loadContent<T extends ContentType>(context: LoadContext, query: QueryOf<T>) {
  const { content } = context.get(servicesContext);
  try {
    const { items } = await content.getEntries<FieldsByType[T]>(query);
    return items;
  } catch {
    throw contentUnavailable();
  }
}

export async function loadEntry<T extends ContentType>(context: LoadContext, query: QueryOf<T>): Promise<EntryOf<T>> {
  const [entry] = await loadContent(context, { ...query, limit: 1 });
  if (!entry) throw data(null, { status: 404, statusText: "Not Found" });
  return entry;
}
