import { useRouterScripts } from "../lib/router-protocol.ts";

/** The element that holds the app's scripts until the page has painted (decision 0180). */
export const hydrationScriptsId = "hydration-scripts";

/**
 * Starts the app once the browser reports its first contentful paint: the scripts held in the <noscript> (raw text
 * while scripting is on) are parsed into live elements and appended, so the module preloads and the module script
 * run as if the parser had met them. A browser that reports no paint (none yet in a background tab, or no Paint
 * Timing) starts them two seconds after the load event. Inline, authorised like the router's own scripts (the
 * nonce, or its hash on a stored page).
 */
const startAfterFirstPaint = `(() => {
  const held = document.getElementById(${JSON.stringify(hydrationScriptsId)});
  let started = false;
  const start = () => {
    if (started || !held) return;
    started = true;
    document.body.append(document.createRange().createContextualFragment(held.textContent));
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: "paint", buffered: true });
  } catch {}
  addEventListener("load", () => setTimeout(start, 2000));
})();`;

/**
 * React Router's <Scripts>, with the app's scripts held back until the first paint (decision 0180): the page's text,
 * fonts and images get the connection first, and the framework (about 107 kB gzipped) is fetched and run after the
 * visitor sees the page. The router's context script still runs as it is parsed, because the hydration data that
 * follows it in the document is pushed into the stream it sets up. Without JavaScript the <noscript> is ordinary
 * markup: module preloads and a module script that does not run.
 */
export function HydrationScripts({ nonce }: { nonce?: string }) {
  const { handoff, app } = useRouterScripts(nonce);
  if (app.length === 0) return handoff;
  return (
    <>
      {handoff}
      <noscript id={hydrationScriptsId}>{app}</noscript>
      {/* Written by the server only: hydration leaves it as it is (as React Router's own scripts). */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no content in it
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startAfterFirstPaint : " " }}
      />
    </>
  );
}
