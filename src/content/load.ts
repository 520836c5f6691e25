import { data, isRouteErrorResponse, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { servicesContext } from "../context.ts";
import { contentRetryAfterSeconds, isContentQueryError, isContentUnavailableError } from "../shared/content/errors.ts";
import type { FieldsByType } from "../shared/content/fields.ts";
import type { ContentQuery, ContentType, Entry } from "../shared/content/types.ts";
import { thrownDataStatus } from "../shared/router-protocol.ts";

// With the source down and nothing cached, loaders throw a 503 with Retry-After that the ErrorBoundary renders as the
// page's loading placeholder, never a 500 page.

export type EntryOf<T extends ContentType> = Entry<FieldsByType[T]>;
export type QueryOf<T extends ContentType> = ContentQuery & { content_type: T };

type LoadContext = Readonly<RouterContextProvider>;

const unavailableReason = "content-unavailable";

function contentUnavailable() {
  return data(
    { reason: unavailableReason },
    { status: 503, headers: { "Retry-After": String(contentRetryAfterSeconds) } },
  );
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
  } catch (error) {
    if (isContentUnavailableError(error)) throw contentUnavailable();
    throw error;
  }
}

/** Thrown by a loader for an address that names nothing: the root's ErrorBoundary draws the 404 page. */
export const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** No entry is a 404, and so is a query the content service refuses (a slug from the address too long for any). */
export async function loadEntry<T extends ContentType>(context: LoadContext, query: QueryOf<T>): Promise<EntryOf<T>> {
  const [entry] = await loadContent(context, { ...query, limit: 1 }).catch((error: unknown) => {
    throw isContentQueryError(error) ? notFound() : error;
  });
  if (!entry) throw notFound();
  return entry;
}

/** A section that may fail alone keeps its loading placeholder, shown for `null` (logged, no message). */
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

/** React Router passes thrown headers only to a `headers` export, so a thrown 503 would lose its Retry-After. */
export const contentRetryAfter: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(contentRetryAfterSeconds));
  }
  return response;
};
