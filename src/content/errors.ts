// Shared with the server: the content service raises these errors (server/content/).
/**
 * Errors the content service raises that loaders tell apart. The server build bundles its own copy of this
 * module, so loaders recognise them by `code`, never by `instanceof`.
 */

export const contentUnavailableCode = "CONTENT_UNAVAILABLE";
export const contentQueryErrorCode = "CONTENT_QUERY_INVALID";

/** What a 503 tells clients (Retry-After) when content is unavailable. */
export const contentRetryAfterSeconds = 30;

/** The content source failed and nothing is cached for the query: the page shows its loading placeholder. */
export class ContentUnavailableError extends Error {
  override name = "ContentUnavailableError";
  readonly code = contentUnavailableCode;
}

/** A query outside the allow-list (a caller's mistake, never the source's). */
export class ContentQueryError extends Error {
  override name = "ContentQueryError";
  readonly code = contentQueryErrorCode;
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

export function isContentUnavailableError(error: unknown): error is ContentUnavailableError {
  return hasCode(error, contentUnavailableCode);
}

export function isContentQueryError(error: unknown): error is ContentQueryError {
  return hasCode(error, contentQueryErrorCode);
}
