import { memo, useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { matchRoutes, PrefetchPageLinks, useLocation } from "react-router";
import { menuLinks } from "../lib/menu.ts";
import {
  fetchesAheadOn,
  type PageIntents,
  type PrefetchRank,
  pageIntents,
  prefetchQueue,
  type VisitorConnection,
} from "../lib/prefetch-queue.ts";
import {
  hoverIntentMs,
  maxPrefetchedPages,
  prefetchesData,
  prefetchTarget,
  routedLinkSelector,
  seenAfterMs,
} from "../shared/page-prefetch.ts";
import { type KnownRoutes, type RouteManifest, useKnownRoutes, useRouteManifest } from "../shared/router-protocol.ts";
import { watchVisibility, whenIdle } from "./when.ts";

/**
 * Fetches what the site's next pages need before the visitor taps: each page's route module with
 * everything it imports, its stylesheets and its data, into the browser's cache, so that following the link renders
 * at once. Nothing starts before the first page has loaded and the browser is idle. Then, likeliest first: the
 * footer's links once the footer is on screen, the menu's pages (on every page, the likeliest moves), a link in the
 * page once it has been on screen a moment (cards, tiles, the next project); any other link on intent (pointer down,
 * a resting pointer, keyboard focus) at once. Nothing at all for a visitor saving data or on a 2g connection.
 * Started by <AfterFirstLoad>.
 */
export function PagePrefetcher() {
  const [pages, setPages] = useState<readonly string[]>([]);
  const [intents] = useState(pageIntents);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (location.key) has new links to watch
  useEffect(() => {
    // Asked on every page: a visitor may turn saving data on or off, or move to a slower network, as they read.
    if (!fetchesAheadOn((navigator as { connection?: VisitorConnection }).connection)) return;
    const fetchNow = (page: string | undefined) => {
      if (!page) return;
      setPages((known) => (known.includes(page) || known.length >= maxPrefetchedPages ? known : [...known, page]));
    };
    // A page the visitor shows intent for is about to be tapped: its code runs at once, not an idle moment at a time.
    const fetchForTap = (page: string | undefined) => {
      if (!page) return;
      intents.add(page);
      fetchNow(page);
    };
    const queue = idleQueue(fetchNow);
    for (const link of menuLinks)
      if (!link.external) queue.add(prefetchTarget(anchorTo(link.to), window.location), "menu");
    const stopIntents = watchIntents(fetchForTap);
    const stopSeen = watchLinksSeen(queue.add);
    return () => {
      queue.stop();
      stopIntents();
      stopSeen();
    };
  }, [location.key]);

  return pages.map((page) => <PageAhead key={page} page={page} intents={intents} />);
}

const targetOf = (link: Element | null | undefined) =>
  link instanceof HTMLAnchorElement ? prefetchTarget(link, window.location) : undefined;
const linkAt = (event: Event) =>
  event.target instanceof Element ? event.target.closest(routedLinkSelector) : undefined;

// Pages seen or in the menu are fetched one at a time, each when the browser is idle: the code of a few pages compiled
// in one go would be a long task in the middle of the visitor's reading. An intent skips the queue.
function idleQueue(fetchNow: (page: string | undefined) => void) {
  const queue = prefetchQueue();
  let idle: (() => void) | undefined;
  const drain = () => {
    if (idle || queue.size === 0) return;
    idle = whenIdle(() => {
      idle = undefined;
      fetchNow(queue.next());
      drain();
    });
  };
  return {
    add(page: string | undefined, rank: PrefetchRank) {
      if (!page) return;
      queue.add(page, rank);
      drain();
    },
    stop: () => idle?.(),
  };
}

/** A link pointed at, resting under the pointer or focused is about to be followed. */
function watchIntents(fetchForTap: (page: string | undefined) => void): () => void {
  const onIntent = (event: Event) => fetchForTap(targetOf(linkAt(event)));
  let hover: { link: Element; timer: ReturnType<typeof setTimeout> } | undefined;
  const onHover = (event: Event) => {
    const link = linkAt(event);
    if (!link || link === hover?.link) return;
    if (hover) clearTimeout(hover.timer);
    hover = { link, timer: setTimeout(() => fetchForTap(targetOf(link)), hoverIntentMs) };
  };
  const onLeave = (event: Event) => {
    if (hover && linkAt(event) === hover.link) clearTimeout(hover.timer);
    hover = undefined;
  };
  const listening = new AbortController();
  const { signal } = listening;
  document.addEventListener("pointerdown", onIntent, { capture: true, passive: true, signal });
  document.addEventListener("focusin", onIntent, { capture: true, passive: true, signal });
  document.addEventListener("mouseover", onHover, { passive: true, signal });
  document.addEventListener("mouseout", onLeave, { passive: true, signal });
  return () => {
    listening.abort();
    if (hover) clearTimeout(hover.timer);
  };
}

/**
 * Links seen on screen: in the page, and the footer's (the visitor has reached the end: its links go first). The
 * header's are the menu's pages. Links drawn later (a section hydrated as it nears the screen, the previous and next
 * project) are watched too.
 */
function watchLinksSeen(add: (page: string | undefined, rank: PrefetchRank) => void): () => void {
  const seen = new Map<Element, ReturnType<typeof setTimeout>>();
  const rankOf = (link: Element): PrefetchRank => (link.closest("#main") ? "seen" : "in-view");
  const onScreen = watchVisibility<Element>({ threshold: 0.5 }, (link, visible) => {
    clearTimeout(seen.get(link));
    const fetchLater = () => add(targetOf(link), rankOf(link));
    if (visible) seen.set(link, setTimeout(fetchLater, seenAfterMs));
  });
  // Where the browser cannot tell what is on screen, the menu's pages and the intents are still fetched ahead.
  if (!onScreen) return () => {};
  const observeLinks = () => {
    for (const link of document.querySelectorAll(`#main ${routedLinkSelector}, footer ${routedLinkSelector}`))
      onScreen.observe(link);
  };
  observeLinks();
  const added = new MutationObserver(observeLinks);
  const main = document.getElementById("main");
  if (main) added.observe(main, { childList: true, subtree: true });
  return () => {
    for (const timer of seen.values()) clearTimeout(timer);
    onScreen.disconnect();
    added.disconnect();
  };
}

interface PageFiles {
  modules: string[];
  styles: string[];
}

/** Each page's files, by the set of routes they were worked out from (the router swaps it for a new one as it learns). */
const filesByRoutes = new WeakMap<KnownRoutes, Map<string, PageFiles | undefined>>();

/** The route modules (with everything they import) and stylesheets a page needs; undefined for a page not known. */
function filesOf(routes: KnownRoutes, manifest: RouteManifest, page: string): PageFiles | undefined {
  let known = filesByRoutes.get(routes);
  if (!known) {
    known = new Map();
    filesByRoutes.set(routes, known);
  }
  if (known.has(page)) return known.get(page);
  const matches = matchRoutes(routes, page) ?? [];
  const leaf = matches.at(-1)?.route;
  // A page the router does not know yet (or a 404): nothing to fetch ahead, until it does.
  let files: PageFiles | undefined;
  if (leaf && leaf.id !== "root" && leaf.path !== "*") {
    const entries = matches.map((match) => manifest.routes[match.route.id]);
    const loaded = (href: string) => document.querySelector(`link[rel="stylesheet"][href="${href}"]`) !== null;
    files = {
      modules: [...new Set(entries.flatMap((route) => (route ? [route.module, ...(route.imports ?? [])] : [])))],
      // As the manifest writes them (React Router looks each up so; a trailing # marks a file Vite may load too).
      styles: [...new Set(entries.flatMap((route) => route?.css ?? []))].filter((href) => !loaded(href)),
    };
  }
  known.set(page, files);
  return files;
}

/**
 * The next pages' modules are asked for as the page's own preloads asked (the server's HTML says how): Firefox fails
 * a preload of a module it already holds that asks otherwise.
 */
function moduleCrossOrigin() {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
  return (preload?.crossOrigin ?? undefined) as "anonymous" | "use-credentials" | undefined;
}

function anchorTo(path: string): HTMLAnchorElement {
  const anchor = document.createElement("a");
  anchor.href = path;
  return anchor;
}

/**
 * One page's files and data, as prefetch links. React Router's <PrefetchPageLinks> gives the route modules with all
 * their imports (from the manifest: no waterfall) and the data as React Router will ask for it; it leaves out the
 * routes' stylesheets, so they are added here, as stylesheets for no medium: loaded and parsed, applied nowhere. At
 * the tap React Router holds the navigation until each of the next page's stylesheets is in the document, and
 * preloads those that are not (in the tap's own task, then a wait for each to load, even from the cache); these are,
 * so the next page is drawn without that wait, and its own links apply them from the cache.
 */
// Memoised, and told of an intent for its own page alone: a new page ahead, or an intent, renders no other.
const PageAhead = memo(function PageAhead({ page, intents }: { page: string; intents: PageIntents }) {
  const forTap = useSyncExternalStore(
    useCallback((listener: () => void) => intents.subscribe(page, listener), [intents, page]),
    () => intents.has(page),
    () => false,
  );
  // Worked out once for each set of routes the router knows (it learns more as links appear).
  const routes = useKnownRoutes();
  const manifest = useRouteManifest();
  const files = routes && manifest ? filesOf(routes, manifest, page) : undefined;
  // The route's modules are imported first: <PrefetchPageLinks> reads each route module, and React Router reloads
  // the page when one fails to import, so a chunk gone after a deploy would reload the page the visitor is reading
  // (again and again). A page whose modules do not load is not fetched ahead; the tap meets it as before.
  const modules = files?.modules.join(" ");
  const [loaded, setLoaded] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!modules) return;
    const hrefs = modules.split(" ");
    let cancel: (() => void) | undefined;
    let stopped = false;
    const done = () => !stopped && setLoaded(modules);
    if (forTap) {
      Promise.all(hrefs.map((href) => import(/* @vite-ignore */ href))).then(done, () => {});
    } else {
      // Otherwise one module at a time, the imports before the route module that needs them, each when the browser
      // is idle: every module fetch started costs the page a moment, and a page's code fetched and run in one go is a
      // long task on a phone, in the middle of the visitor's reading.
      const queue = hrefs.reverse();
      const next = () => {
        if (stopped) return;
        const href = queue.shift();
        if (!href) return done();
        import(/* @vite-ignore */ href).then(
          () => (cancel = whenIdle(next)),
          () => {},
        );
      };
      cancel = whenIdle(next);
    }
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [modules, forTap]);
  if (!files) return null;
  return (
    <>
      {loaded === modules && prefetchesData(page) && (
        <PrefetchPageLinks page={page} crossOrigin={moduleCrossOrigin()} />
      )}
      {files.styles.map((href) => (
        <link key={href} rel="stylesheet" media="not all" href={href} />
      ))}
    </>
  );
});
