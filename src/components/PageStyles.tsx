import { useContext, useMemo } from "react";
import { UNSAFE_FrameworkContext as FrameworkContext, Links, useMatches } from "react-router";

/** The one style element that carries the first document's CSS (server/page-styles.ts). */
const inlineHref = "page-styles";
const precedence = "page";

/**
 * The page's stylesheets and the routes' other links, in place of React Router's <Links>. In production the
 * server inlines the CSS of the page's routes into the head, so the first paint waits for no stylesheet; the
 * browser then keeps that element, and fetches (as React stylesheet resources, which hold a navigation's commit
 * until they load) only the stylesheets of routes it goes to later. Both are React resources of one
 * precedence, so later sheets come after the inline ones, as the links they replace would. In development
 * React Router's own links and critical CSS are used unchanged.
 */
export function PageStyles({ nonce }: { nonce: string | undefined }) {
  return import.meta.env.PROD ? <InlinedStyles nonce={nonce} /> : <Links nonce={nonce} />;
}

/** The stylesheets the first document carried inline (known in the browser once it has read that document). */
let inlinedHrefs: ReadonlySet<string> | undefined;

function InlinedStyles({ nonce }: { nonce: string | undefined }) {
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  // <Links> without the route stylesheets (and without React Router's critical CSS, shown here instead).
  const withoutCss = useMemo(
    () =>
      framework && {
        ...framework,
        criticalCss: undefined,
        manifest: {
          ...framework.manifest,
          routes: Object.fromEntries(
            Object.entries(framework.manifest.routes).map(([id, route]) => [id, route && { ...route, css: undefined }]),
          ),
        },
      },
    [framework],
  );
  if (!framework || !withoutCss) return <Links nonce={nonce} />;
  const hrefs = [...new Set(matches.flatMap((match) => framework.manifest.routes[match.id]?.css ?? []))];
  const links = (
    <FrameworkContext.Provider value={withoutCss}>
      <Links nonce={nonce} />
    </FrameworkContext.Provider>
  );

  if (typeof document === "undefined") {
    const css = framework.criticalCss;
    if (typeof css !== "string") return <Links nonce={nonce} />;
    return (
      <>
        <style href={inlineHref} precedence={precedence} nonce={nonce}>
          {css}
        </style>
        {links}
      </>
    );
  }

  // The first render in the browser is the hydration of the server's document: what it inlined is what the
  // routes matched then, if it inlined anything at all.
  inlinedHrefs ??= new Set(
    document.querySelector(`style[data-precedence="${precedence}"][data-href~="${inlineHref}"]`) ? hrefs : [],
  );
  return (
    <>
      {inlinedHrefs.size > 0 && (
        <style href={inlineHref} precedence={precedence} nonce={nonce}>
          {""}
        </style>
      )}
      {hrefs
        .filter((href) => !inlinedHrefs?.has(href))
        .map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence={precedence} nonce={nonce} />
        ))}
      {links}
    </>
  );
}
