import type { Logger } from "pino";

// Content routes' pages, from the sitemap's list, so a path naming no page gets its route's stored 404 without a
// render. Until the list is first read, and for other routes, nothing is known.

export interface KnownPagesOptions {
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
  let slugs: Map<string, Set<string>> | undefined;
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
        for (const path of paths) {
          const route = routeOf(path);
          const slug = slugOf(path);
          if (!route.includes(":") || slug === undefined) continue;
          const set = next.get(route) ?? new Set<string>();
          set.add(slug);
          next.set(route, set);
        }
        slugs = next;
      })
      .catch((error: unknown) => {
        // Unknown until the content answers: every path is rendered as before.
        slugs = undefined;
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
    exists(path: string, route: string): boolean | undefined {
      // Only a route with a parameter has pages that may not exist: a hit of any other page reads nothing.
      if (!route.includes(":")) return undefined;
      if (now() - readAt >= maxAgeMs) void read();
      const known = slugs?.get(route);
      if (!known) return undefined;
      const slug = slugOf(path);
      return slug === undefined ? undefined : known.has(slug);
    },
    /** A page just published is not a 404: nothing is known until the list is read again. */
    purged(): Promise<void> {
      generation++;
      slugs = undefined;
      reading = undefined;
      return read();
    },
    read,
  };
}
