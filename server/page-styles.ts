import { readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The production build with its pages' CSS inlined: for each document React Router asks for the page's "critical
 * CSS", and this answers with every stylesheet of the routes the path matches (root first), read from the client
 * build once. src/components/PageStyles.tsx puts it in the document's head, so the first paint needs nothing
 * but the HTML (no render-blocking stylesheet); the same files stay cacheable for the browser's later pages.
 */
export function withPageStyles(build: ServerBuild, clientDir: string): ServerBuild {
  const files = new Map<string, string>();
  const read = (href: string) => {
    let css = files.get(href);
    if (css === undefined) {
      const file = path.join(clientDir, href);
      if (!file.startsWith(clientDir + path.sep)) throw new Error(`a stylesheet outside the build: ${href}`);
      css = readFileSync(file, "utf8");
      files.set(href, css);
    }
    return css;
  };
  // Every route's stylesheets are read now, at start-up, so no request waits on the disk.
  for (const route of Object.values(build.assets.routes)) for (const href of route?.css ?? []) read(href);

  const routes = routeTree(build);
  const byRoutes = new Map<string, string>();
  return {
    ...build,
    unstable_getCriticalCss({ pathname }) {
      const ids = (matchRoutes(routes, pathname, build.basename) ?? []).map((match) => match.route.id ?? "");
      const key = ids.join(" ");
      let css = byRoutes.get(key);
      if (css === undefined) {
        const hrefs = new Set(ids.flatMap((id) => build.assets.routes[id]?.css ?? []));
        css = [...hrefs].map(read).join("\n");
        // One entry per set of matched routes: as many as the app has routes, never more.
        byRoutes.set(key, css);
      }
      return css;
    },
  };
}

function routeTree(build: ServerBuild): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const { id, path, caseSensitive } = route as NonNullable<typeof route>;
        return route?.index
          ? { id, path, caseSensitive, index: true }
          : { id, path, caseSensitive, children: children(id) };
      });
  return children(undefined);
}
