import { data, isRouteErrorResponse, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { servicesContext } from "../context.ts";
import { thrownDataStatus } from "../lib/router-protocol.ts";
import { contentRetryAfterSeconds, isContentQueryError, isContentUnavailableError } from "./errors.ts";
import type { FieldsByType } from "./fields.ts";
import type { ContentQuery, ContentType, Entry } from "./types.ts";

/**
 * How loaders read content (docs/content-model.md, "Reading content in a loader"): in process through the
 * ContentService. When the source is down and nothing is cached, they throw a 503 with Retry-After that the
 * ErrorBoundary renders as the page's loading placeholder (R8), never a 500 page.
 */

export type EntryOf<T extends ContentType> = Entry<FieldsByType[T]>;
export type QueryOf<T extends ContentType> = ContentQuery & { content_type: T };

type LoadContext = Readonly<RouterContextProvider>;

const unavailableReason = "content-unavailable";

/** The response a loader throws when content cannot be had: 503 + Retry-After. */
export function contentUnavailable() {
  return data(
    { reason: unavailableReason },
    { status: 503, headers: { "Retry-After": String(contentRetryAfterSeconds) } },
  );
}

/** For ErrorBoundaries: is this the thrown "content unavailable" response (render the loading placeholder)? */
export function isContentUnavailable(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    (error.data as { reason?: unknown } | null)?.reason === unavailableReason
  );
}

/** The entries a query finds (with `select`, only the selected fields are present). */
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
  } catch (error) {
    if (isContentUnavailableError(error)) throw contentUnavailable();
    throw error;
  }
}

/**
 * The first entry a query finds (an article, project or service by slug); none is the 404 page, and so is a
 * query the content service refuses (a slug from the address that no entry could have, such as one too long).
 */
export async function loadEntry<T extends ContentType>(context: LoadContext, query: QueryOf<T>): Promise<EntryOf<T>> {
  const notFound = () => data(null, { status: 404, statusText: "Not Found" });
  const [entry] = await loadContent(context, { ...query, limit: 1 }).catch((error: unknown) => {
    throw isContentQueryError(error) ? notFound() : error;
  });
  if (!entry) throw notFound();
  return entry;
}

/**
 * A section that may fail alone (the home page's tiles, carousel and teaser, the agency carousel, related posts, a
 * service's latest projects): when its content is unavailable the page still renders and the section keeps its
 * loading placeholder, shown for `null` (R8.1: logged, no message). Anything else is still the page's failure.
 */
export async function orPlaceholder<T>(context: LoadContext, section: string, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    // What `loadContent` throws when content is unavailable: React Router's `data()` value, not yet a response.
    if (thrownDataStatus(error) !== 503) throw error;
    context.get(servicesContext).logger.warn({ section }, "content unavailable: the section keeps its placeholder");
    return null;
  }
}

/**
 * Root middleware: a thrown 503 keeps its Retry-After whichever route's ErrorBoundary renders it (React
 * Router passes thrown headers only to a `headers` export).
 */
export const contentRetryAfter: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(contentRetryAfterSeconds));
  }
  return response;
};
