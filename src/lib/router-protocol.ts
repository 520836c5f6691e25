// Shared with the server: the page cache, the redirects, preview and the app read React Router's wire protocol here.
import {
  Children,
  type ContextType,
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  Links,
  type Navigation,
  type RouterContextProvider,
  Scripts,
  type ServerBuild,
} from "react-router";
import type { SiteServices } from "../services.ts";

/**
 * What the site assumes about React Router beyond its documented API, in one place: its wire protocol, its internal
 * contexts, and the work-arounds that use them. Each assumption is pinned by a test against the real package
 * (checked against React Router 8.4.0) and the real build, so an upgrade that changes one fails there and says which
 * work-around to drop: tests/unit/router-protocol.test.ts, tests/integration/router-protocol.test.ts,
 * tests/e2e/router-protocol.spec.ts. No I/O: safe in the server and in the browser bundle.
 */

// ---- Data requests -------------------------------------------------------------------------------------------

/**
 * A client-side navigation or form post asks for a page's data at the page's URL plus a suffix: `/x` → `/x.data`,
 * a trailing-slash page `/x/` → `/x/_.data`, and the home page `/` → `/_.data`. React Router answers any path
 * ending in `.data` as a data request (case-sensitive), whatever route it matches.
 */
const dataSuffix = ".data";
const trailingSlashDataSuffix = "/_.data";
/**
 * React Router 7's spelling of the home page's data URL. Version 8 asks for `/_.data` and answers `/_root.data` as
 * the data of a page `/_root` (a 404), but limits and labels still count it as the home page, as they always have.
 */
const legacyHomeData = "/_root.data";

/** Is this path one of React Router's data requests (a page's loader data or a form post's action)? */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(dataSuffix);
}

/** The page a data request is for (`/x.data` → `/x`, `/x/_.data` → `/x/`, `/_.data` → `/`); other paths as given. */
export function dataRequestPage(pathname: string): string {
  if (pathname === legacyHomeData) return "/";
  if (pathname.endsWith(trailingSlashDataSuffix)) return pathname.slice(0, -"_.data".length);
  return isDataRequest(pathname) ? pathname.slice(0, -dataSuffix.length) : pathname;
}

// ---- Route discovery -----------------------------------------------------------------------------------------

/**
 * Where the browser asks for the routes of links it is about to follow ("lazy" route discovery, the default:
 * `routeDiscovery.manifestPath` of the build).
 */
export const manifestPath = "/__manifest";

/** Requests the router makes for itself (data and route discovery), which are not page addresses. */
export function isRouterRequest(pathname: string): boolean {
  return isDataRequest(pathname) || pathname === manifestPath;
}

// ---- Values a loader throws ----------------------------------------------------------------------------------

/**
 * The status of a `data(…, { status })` value a loader threw, before React Router turns it into a response; else
 * undefined. React Router exports the class only as a type, so it is recognised by its `type` field.
 */
export function thrownDataStatus(thrown: unknown): number | undefined {
  if (typeof thrown !== "object" || thrown === null) return undefined;
  const value = thrown as { type?: unknown; init?: { status?: unknown } | null };
  if (value.type !== "DataWithResponseInit") return undefined;
  return typeof value.init?.status === "number" ? value.init.status : undefined;
}

// ---- Refusals that did not come from the router --------------------------------------------------------------

/**
 * The body of a 4xx or 5xx a `clientAction`'s `serverAction()` got from something other than the router (the
 * server's rate or size limit): React Router throws it as a route error response whose `data` is the body's text
 * (in the browser: tests/e2e/contact.spec.ts, "a rate-limit refusal shows its message"). Undefined for anything else.
 */
export function refusalBody(error: { status: number; data: unknown }): string | undefined {
  return typeof error.data === "string" ? error.data : undefined;
}

// ---- The browser's router ------------------------------------------------------------------------------------

declare global {
  interface Window {
    /** The data router that <HydratedRouter> creates (React Router sets this global after hydration). */
    __reactRouterDataRouter?: { state: { navigation: Navigation } };
  }
}

/** The navigation the hydrated router has under way now (read the moment it is needed, never from React state). */
export function currentNavigation(): Navigation | undefined {
  return typeof window === "undefined" ? undefined : window.__reactRouterDataRouter?.state.navigation;
}

// ---- The document's scripts ---------------------------------------------------------------------------------

/** React Router's <Scripts> before hydration, split by when the browser needs each part. */
export interface RouterScripts {
  /**
   * What must run as the document is parsed: the classic inline script that sets up `window.__reactRouterContext`
   * and the stream the hydration data is pushed into (the scripts that push it follow it in the document), and the
   * import map React Router adds when it has subresource integrity hashes.
   */
  handoff: ReactElement[];
  /** What starts the app: the module preloads and the inline module script that imports the routes and the entry. */
  app: ReactElement[];
}

/**
 * What React Router's `<Scripts>` renders, split. It has no prop for that, so it is called as a function: its hooks
 * run as the caller's, in the same order on every render. Once the page has hydrated it renders nothing.
 */
export function useRouterScripts(nonce: string | undefined): RouterScripts {
  return splitRouterScripts(Scripts({ nonce }));
}

/**
 * Splits what React Router's <Scripts> rendered (fragments of `<link rel="modulepreload">`, the context script and
 * the route-modules `<script type="module">`; nothing once hydrated) into the part that must run while the document
 * is parsed and the part that starts the app. Each element keeps its props; keys are given by position.
 */
function splitRouterScripts(rendered: ReactNode): RouterScripts {
  const split: RouterScripts = { handoff: [], app: [] };
  const visit = (node: ReactNode) => {
    for (const child of Children.toArray(node)) {
      if (!isValidElement<{ children?: ReactNode; rel?: unknown; type?: unknown }>(child)) continue;
      if (child.type === Fragment) {
        visit(child.props.children);
        continue;
      }
      const startsApp =
        (child.type === "link" && child.props.rel === "modulepreload") ||
        (child.type === "script" && child.props.type === "module");
      const list = startsApp ? split.app : split.handoff;
      list.push(cloneElement(child, { key: String(list.length) }));
    }
  };
  visit(rendered);
  return split;
}

// ---- The document's links --------------------------------------------------------------------------------

/** The build's route manifest as the browser holds it: each route's module, its imports and its stylesheets. */
export type RouteManifest = NonNullable<ContextType<typeof FrameworkContext>>["manifest"];

/** The route manifest from React Router's framework context (undefined outside framework mode). */
export function useRouteManifest(): RouteManifest | undefined {
  return useContext(FrameworkContext)?.manifest;
}

/**
 * React Router's `<Links>` without the routes' stylesheets, for a document that carries them inline: `<Links>` is
 * given a framework context whose manifest names no CSS, and still renders each route's own `links` (a feed).
 */
export function LinksWithoutStylesheets({ nonce }: { nonce: string | undefined }) {
  const framework = useContext(FrameworkContext);
  const withoutCss = useMemo(
    () =>
      framework && {
        ...framework,
        manifest: {
          ...framework.manifest,
          routes: Object.fromEntries(
            Object.entries(framework.manifest.routes).map(([id, route]) => [id, route && { ...route, css: undefined }]),
          ),
        },
      },
    [framework],
  );
  const links = createElement(Links, { nonce });
  return withoutCss ? createElement(FrameworkContext.Provider, { value: withoutCss }, links) : links;
}

// ---- The browser's router, inside React ----------------------------------------------------------------------

/** The routes the browser's router knows. */
export type KnownRoutes = NonNullable<ContextType<typeof DataRouterContext>>["router"]["routes"];

/**
 * The routes the router knows now: it learns more as links appear (route discovery) and tells only its subscribers,
 * so the caller is drawn again when the set changes and for nothing else.
 */
export function useKnownRoutes(): KnownRoutes | undefined {
  const router = useContext(DataRouterContext)?.router;
  return useSyncExternalStore(
    useCallback((onChange) => router?.subscribe(onChange) ?? (() => {}), [router]),
    () => router?.routes,
    () => undefined,
  );
}

/**
 * Every state change of the router reaches React inside `startTransition`: `<HydratedRouter>` sets its own location
 * outside one when a navigation ends, and that update, drawn first, makes React hydrate at once each section of the
 * page being left that still waits for its code. The subscribers are wrapped in a layout effect inside the router,
 * which runs before `<RouterProvider>` and `<HydratedRouter>` subscribe (children's effects run first).
 * `useTransitions` cannot do it: `true` leaves that update as it is, `false` lets route discovery take those sections
 * down after hydration.
 */
export function useRouterUpdatesAsTransitions(): void {
  const router = useContext(DataRouterContext)?.router;
  useLayoutEffect(() => {
    if (!router || routerInTransitions === router) return;
    routerInTransitions = router;
    const subscribe = router.subscribe.bind(router);
    router.subscribe = (subscriber) =>
      subscribe((state, options) =>
        options.flushSync ? subscriber(state, options) : startTransition(() => subscriber(state, options)),
      );
  }, [router]);
}

/** The router whose subscribers are wrapped already (a page has one; in development, effects run twice). */
let routerInTransitions: object | undefined;

// ---- The server build ----------------------------------------------------------------------------------------

/**
 * The load context the route modules read (src/context.ts), made with the build's own copy of that module;
 * `shared` marks the page cache's own render of a page every visitor shares.
 */
export type CreateLoadContext = (services: SiteServices, nonce: string, shared?: boolean) => RouterContextProvider;

/**
 * `createLoadContext` as the server build exports it from entry.server.tsx: every named export of the entry module
 * appears on `build.entry.module`. The server must use the build's copy, whose context keys are the ones the
 * route modules read (the server's own import of src/context.ts is another module with other keys).
 */
export function buildLoadContext(build: ServerBuild): CreateLoadContext {
  const create = (build.entry.module as { createLoadContext?: unknown }).createLoadContext;
  if (typeof create !== "function") {
    throw new Error("The server build does not export createLoadContext from entry.server");
  }
  return create as CreateLoadContext;
}
