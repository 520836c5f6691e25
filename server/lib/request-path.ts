// One reading of a request target's path and its limits: the request-line check's, and that of every step that meets
// a request before it or beside it (the stored pages, the route labels, the request metrics).

// Generous (real paths are under 100 bytes), and they bound every later step whose cost grows with the path.
export const maxPathBytes = 2048;
export const maxPathSegments = 64;

export function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

export function pathTooLong(url: string): boolean {
  const path = pathOf(url);
  if (path.length > maxPathBytes) return true;
  let segments = 0;
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
    if (++segments > maxPathSegments) return true;
  }
  return false;
}

/** Whether a path's percent-encoding decodes (`%` followed by two hex digits, forming UTF-8): `/%E0%A4%A` does not. */
export function percentEncodingValid(url: string): boolean {
  const path = pathOf(url);
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
