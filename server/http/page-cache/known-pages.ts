import type { Logger } from "pino";

// Content routes' pages, from the sitemap's list, and the list pages' categories, so a path naming no page (a slug,
// a category) gets its route's stored 404 without a render. Until the list is first read, and for other routes,
// nothing is known.

export interface KnownPagesOptions {
  /** Paths, and a list page's path with each category it offers as the page cache's key spells its query. */
  load: () => Promise<readonly string[]>;
  routeOf: (path: string) => string;
  logger: Logger;
  maxAgeMs?: number;
  now?: () => number;
}

function slugOf(path: string): string | undefined {
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  try {
    return decodeURIComponent(trimmed.slice(trimmed.lastIndexOf("/") + 1));
  } catch {
    return undefined;
  }
}

export function knownPages({ load, routeOf, logger, maxAgeMs = 1_000, now = Date.now }: KnownPagesOptions) {
  /** By route: a content route's slugs, or a list page's queries ("" for the page itself). */
  let pages: Map<string, Set<string>> | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  /** Bumped by a purge: a list read before it is not kept. */
  let generation = 0;

  function read(): Promise<void> {
    const started = generation;
    reading ??= load()
      .then((paths) => {
        if (started !== generation) return;
        const next = new Map<string, Set<string>>();
        for (const known of paths) {
          const q = known.indexOf("?");
          const path = q === -1 ? known : known.slice(0, q);
          const route = routeOf(path);
          const page = route.includes(":") ? slugOf(path) : q === -1 ? "" : known.slice(q + 1);
          if (page === undefined) continue;
          const set = next.get(route) ?? new Set<string>();
          set.add(page);
          next.set(route, set);
        }
        pages = next;
      })
      .catch((error: unknown) => {
        // Unknown until the content answers: every path is rendered as before.
        pages = undefined;
        logger.warn({ err: error }, "page cache: the list of pages could not be read");
      })
      .finally(() => {
        if (started !== generation) return;
        readAt = now();
        reading = undefined;
      });
    return reading;
  }

  return {
    /** `query` as the page cache's key spells it. */
    exists(path: string, route: string, query: string): boolean | undefined {
      // Only a route with a parameter, or a page read with a query, may name nothing: a hit of any other reads nothing.
      const slugged = route.includes(":");
      if (!slugged && query === "") return undefined;
      if (now() - readAt >= maxAgeMs) void read();
      const known = pages?.get(route);
      if (!known) return undefined;
      const page = slugged ? slugOf(path) : query;
      return page === undefined ? undefined : known.has(page);
    },
    /** A page just published is not a 404: nothing is known until the list is read again. */
    purged(): Promise<void> {
      generation++;
      pages = undefined;
      reading = undefined;
      return read();
    },
    read,
  };
}
