import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";
import { dataRequestPage } from "../../../src/lib/router-protocol.ts";
import { pathOf, pathTooLong, percentEncodingValid } from "../request-line.ts";

/** The fields of React Router's server route manifest (ServerBuild["routes"]) a route label needs. */
type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>;

/** The one label every path outside the route table shares, so random paths cannot grow /metrics. */
export const unmatchedRoute = "unmatched";
/** Files from the build's client folder other than hashed assets (favicon and the like). */
export const staticRoute = "static";

/** A request as the labeller reads it: Node's, with Express's matched route and mount path when Express routed it. */
export type LabelledRequest = IncomingMessage & { route?: unknown; baseUrl?: string };

/** Lets a handler name its own route for the request metrics (static files and the page cache do). */
export function labelRoute(res: { locals: Record<string, unknown> }, label: string) {
  res.locals.metricsRoute = label;
}

/** Paths whose template is remembered: the site's pages and their data many times over, bounded against scanners. */
const rememberedPaths = 4096;

/**
 * Names the route a request reached, as a template ("/post/:slug"), never the raw path: the label set stays as
 * small as the route table, whatever paths visitors send. The page cache keys on it and the request metrics label
 * with it, so a path's template is computed once (React Router's matcher ranks the whole table on each call) and
 * remembered.
 */
export class RouteLabeler {
  #routes: RouteObject[] = [];
  #templates = new LRUCache<string, string>({ max: rememberedPaths });

  constructor(manifest?: RouteManifest) {
    if (manifest) this.use(manifest);
  }

  /** Reads the route table from a server build (again in development, when the build changes). */
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

  /** The label for a finished request: a handler's own, Express's route, the page route, or "unmatched". */
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

  /** The page route template for a path, including React Router's data requests (/post/x.data, /_.data). */
  page(pathname: string): string {
    let template = this.#templates.get(pathname);
    if (template === undefined) {
      template = this.#match(pathname);
      this.#templates.set(pathname, template);
    }
    return template;
  }

  #match(pathname: string): string {
    // A path over the request line's limits never reaches a route (it is a 414), and matching it would cost more
    // with every segment; nor does one whose percent-encoding does not decode (a 400).
    if (pathTooLong(pathname) || !percentEncodingValid(pathname)) return unmatchedRoute;
    const matches = matchRoutes(this.#routes, dataRequestPage(pathname));
    const deepest = matches?.at(-1)?.route;
    if (!matches || !deepest || deepest.path === "*") return unmatchedRoute;
    const template = matches
      .map((match) => match.route.path ?? "")
      .filter((segment) => segment !== "")
      .join("/");
    return `/${template}`;
  }
}
