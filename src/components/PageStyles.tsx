import { createContext, type LinkHTMLAttributes, type ReactNode, useContext } from "react";
import { type EntryContext, Links, useMatches } from "react-router";
import { LinksWithoutStylesheets, useRouteManifest } from "../shared/router-protocol.ts";

/** The one style element that carries the first document's CSS. */
const inlineHref = "page-styles";
const precedence = "page";

const InlineCssContext = createContext<string | undefined>(undefined);

/** The stylesheets of the routes a document renders, root first, as the route manifest lists them. */
export function routeStylesheets(context: Pick<EntryContext, "manifest" | "staticHandlerContext">): string[] {
  const hrefs = context.staticHandlerContext.matches.flatMap((match) => context.manifest.routes[match.route.id]?.css);
  return [...new Set(hrefs.filter((href) => href !== undefined))];
}

/** Server side: the CSS text the document is to carry inline (absent: link the stylesheets as usual). */
export function InlineCssProvider({ css, children }: { css: string | undefined; children: ReactNode }) {
  return <InlineCssContext.Provider value={css}>{children}</InlineCssContext.Provider>;
}

/**
 * The page's stylesheets and the routes' other links, in place of React Router's <Links>. In production the
 * server puts the CSS of the page's routes inline in the head (entry.server), so the first paint waits for no
 * stylesheet; the browser keeps that element and fetches only the stylesheets of routes it goes to later, as
 * React stylesheet resources (which hold a navigation's commit until they load). Both are React resources of
 * one precedence, so later sheets come after the inline ones, as the links they replace would. In
 * development, and wherever the server has no CSS to inline, React Router's own links are used unchanged.
 * The inline element carries the document's nonce (React writes a hoisted style only when its nonce prop is the
 * style nonce of the render, entry.server): the policy allows no inline style without it.
 */
export function PageStyles({ nonce }: { nonce: string | undefined }) {
  return import.meta.env.PROD ? <InlinedStyles nonce={nonce} /> : <Links nonce={nonce} />;
}

/** The stylesheets the first document carried inline (known in the browser once it has read that document). */
let inlinedHrefs: ReadonlySet<string> | undefined;

function InlinedStyles({ nonce }: { nonce: string | undefined }) {
  const manifest = useRouteManifest();
  const inlineCss = useContext(InlineCssContext);
  const matches = useMatches();
  if (!manifest) return <Links nonce={nonce} />;
  // The route stylesheets are inline, or rendered below.
  const links = <LinksWithoutStylesheets nonce={nonce} />;

  const hrefs = [...new Set(matches.flatMap((match) => manifest.routes[match.id]?.css ?? []))];
  if (typeof document === "undefined") {
    if (inlineCss === undefined) return <Links nonce={nonce} />;
    return (
      <>
        <style href={inlineHref} precedence={precedence} nonce={nonce}>
          {inlineCss}
        </style>
        <InlinedMarkers hrefs={hrefs} />
        {links}
      </>
    );
  }

  // The first render in the browser hydrates the server's document: what it inlined is what the routes matched
  // then, if it inlined anything at all.
  inlinedHrefs ??= new Set(
    document.querySelector(`style[data-precedence="${precedence}"][data-href~="${inlineHref}"]`) ? hrefs : [],
  );
  return (
    <>
      {inlinedHrefs.size > 0 && (
        <style href={inlineHref} precedence={precedence}>
          {""}
        </style>
      )}
      <InlinedMarkers hrefs={inlinedHrefs} />
      {hrefs
        .filter((href) => !inlinedHrefs?.has(href))
        .map((href) => (
          <link key={href} rel="stylesheet" href={ownHref(href)} precedence={precedence} />
        ))}
      {links}
    </>
  );
}

/**
 * The address of a stylesheet as the page's own link spells it: with a fragment of its own, which is no part of the
 * address fetched (the file still comes from the cache). React takes any `<link rel="stylesheet">` with the same href
 * as the stylesheet it is asked for, already there; the prefetcher's links for the pages ahead (`media="not all"`,
 * spelled as the route manifest spells them, so that the router finds them at the tap) would then be the page's
 * only copy, applying nowhere.
 */
function ownHref(href: string): string {
  return `${href.replace(/#$/, "")}${ownFragment}`;
}

const ownFragment = "#page";

/**
 * A disabled link for each stylesheet the first document carries inline: never fetched, never applied. Vite loads
 * the CSS of a lazily imported chunk (and of the shared chunks it imports) unless the document already has a
 * `<link rel="stylesheet">` with that URL; without these it would fetch CSS the page already has and add it again
 * after the route's own, where a later copy of the global rules would override the components' (and restyle the
 * whole page in the middle of the visit). React never removes a stylesheet resource, so the inline CSS stays.
 */
function InlinedMarkers({ hrefs }: { hrefs: Iterable<string> }) {
  // React Router marks a stylesheet that is also a lazy chunk's with a trailing "#", so that Vite keeps a copy of
  // its own when React's link goes away; the inline CSS never goes away, so the marker names the file itself. The
  // router looks for the name as its manifest spells it before it moves to a route (it waits for every stylesheet
  // of the route that the document has no link for): a second marker carries that spelling, so a move to another
  // page fetches none of the CSS the first document carried inline.
  return [...hrefs].flatMap((href) => {
    const file = href.replace(/#$/, "");
    return [file, ...(file === href ? [] : [href])].map((name) => (
      <link key={name} rel="stylesheet" href={name} {...disabled} />
    ));
  });
}

/** The link's `disabled` attribute, which React renders but its types leave out. */
const disabled = { disabled: true } as LinkHTMLAttributes<HTMLLinkElement>;
