// Shared with the server: the content service raises these errors (server/content/).
// The server build bundles its own copy of this module, so loaders recognise these errors by `code`, not `instanceof`.

const contentUnavailableCode = "CONTENT_UNAVAILABLE";
const contentQueryErrorCode = "CONTENT_QUERY_INVALID";

export const contentRetryAfterSeconds = 30;

export class ContentUnavailableError extends Error {
  override name = "ContentUnavailableError";
  readonly code = contentUnavailableCode;
}

/** A query outside the allow-list: a caller's mistake, never the source's. */
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
