import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";
import { dataRequestPage } from "../../src/shared/router-protocol.ts";
import { pathOf, pathTooLong, percentEncodingValid } from "./request-path.ts";

type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>;

/** The one label every path outside the route table shares, so random paths cannot grow /metrics. */
export const unmatchedRoute = "unmatched";
export const staticRoute = "static";

export type LabelledRequest = IncomingMessage & { route?: unknown; baseUrl?: string };

export function labelRoute(res: { locals: Record<string, unknown> }, label: string) {
  res.locals.metricsRoute = label;
}

/** Bounded against scanners; the site's pages and their data fit many times over. */
const rememberedPaths = 4096;

interface Matched {
  template: string;
  ids: readonly string[];
}

const unmatched: Matched = { template: unmatchedRoute, ids: [] };

// A template, never the raw path, so the label set stays as small as the route table. Remembered per path, because
// React Router's matcher ranks the whole table on each call.
export class RouteLabeler {
  #routes: RouteObject[] = [];
  #templates = new LRUCache<string, Matched>({ max: rememberedPaths });

  constructor(manifest?: RouteManifest) {
    if (manifest) this.use(manifest);
  }

  use(manifest: RouteManifest) {
    const byParent = new Map<string | undefined, RouteManifest[string][]>();
    for (const route of Object.values(manifest)) {
      if (!route) continue;
      const siblings = byParent.get(route.parentId) ?? [];
      siblings.push(route);
      byParent.set(route.parentId, siblings);
    }
    const tree = (parentId: string | undefined): RouteObject[] =>
      (byParent.get(parentId) ?? []).flatMap((route): RouteObject[] => {
        if (!route) return [];
        if (route.index) return [{ id: route.id, path: route.path, index: true }];
        return [{ id: route.id, path: route.path, children: tree(route.id) }];
      });
    this.#routes = tree(undefined);
    this.#templates.clear();
  }

  label(req: LabelledRequest, res: { locals: Record<string, unknown> }): string {
    const own = res.locals.metricsRoute;
    if (typeof own === "string") return own;
    // Express routes registered with a string path (the JSON endpoints) carry their template.
    const expressPath = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof expressPath === "string") return `${req.baseUrl ?? ""}${expressPath}` || "/";
    const path = pathOf(req.url ?? "");
    if (path.startsWith("/assets/")) return "/assets/*";
    return this.page(path);
  }

  page(pathname: string): string {
    return this.#matched(pathname).template;
  }

  /** The ids of the routes the path matches, root first: the only ones a data request's `_routes` can name. */
  ids(pathname: string): readonly string[] {
    return this.#matched(pathname).ids;
  }

  #matched(pathname: string): Matched {
    let matched = this.#templates.get(pathname);
    if (matched === undefined) {
      matched = this.#match(pathname);
      this.#templates.set(pathname, matched);
    }
    return matched;
  }

  #match(pathname: string): Matched {
    // Over the request line's limits (a 414) or undecodable (a 400): never a route, and costlier with every segment.
    if (pathTooLong(pathname) || !percentEncodingValid(pathname)) return unmatched;
    const matches = matchRoutes(this.#routes, dataRequestPage(pathname));
    const deepest = matches?.at(-1)?.route;
    if (!matches || !deepest || deepest.path === "*") return unmatched;
    const template = matches
      .map((match) => match.route.path ?? "")
      .filter((segment) => segment !== "")
      .join("/");
    return { template: `/${template}`, ids: matches.flatMap((match) => (match.route.id ? [match.route.id] : [])) };
  }
}
