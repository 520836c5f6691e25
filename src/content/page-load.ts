import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "../context.ts";
import type { ContentReader } from "./types.ts";

/**
 * How a content page's loader reads (spec §4, §8): when the content source fails, the page keeps its loading
 * placeholder, served with HTTP 503 and Retry-After rather than an error page. Deliberate answers thrown by
 * the read (404 for an unknown slug) pass through untouched.
 * TODO(content-engine): replace with the content service's own loader helper once it is on main.
 */
export interface ContentUnavailable {
  unavailable: true;
}

export async function loadContentPage<T>(
  context: Readonly<RouterContextProvider>,
  read: (content: ContentReader) => Promise<T>,
) {
  try {
    return await read(context.get(servicesContext).content);
  } catch (error) {
    if (isDeliberate(error)) throw error;
    console.error("content unavailable", error);
    return data<ContentUnavailable>({ unavailable: true }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

function isDeliberate(error: unknown): boolean {
  return error instanceof Response || (error as { type?: string } | null)?.type === "DataWithResponseInit";
}

/** The 404 page for content that does not exist (the root ErrorBoundary draws it). */
export function notFound(): never {
  throw data(null, { status: 404 });
}

export function isUnavailable(value: unknown): value is ContentUnavailable {
  return (value as Partial<ContentUnavailable> | null)?.unavailable === true;
}
