import { cloneElement, type ReactElement } from "react";
import { useRouterScripts } from "../shared/router-protocol.ts";
import { hydrationScriptsId } from "./startAppAfterFirstPaint.ts";
import startAppScript from "./startAppAfterFirstPaint.ts?inline-script";

/**
 * How the app's modules are fetched: as Vite's own preloads ask (`crossorigin=""`). Firefox keeps a module by how it
 * was first fetched and fails a later `<link rel=modulepreload>` of it that asks otherwise (no request, an error
 * event), though both mean the same for the site's own files. The prefetcher asks as these preloads do.
 */
const moduleCrossOrigin = "anonymous";

/**
 * React Router's <Scripts>, with the app's scripts held in a <noscript> until the first paint, so that the page's
 * text, fonts and images get the connection first. The router's context script still runs as it is parsed: the
 * hydration data that follows it in the document is pushed into the stream it sets up. Without JavaScript the
 * <noscript> is ordinary markup.
 */
export function HydrationScripts({ nonce }: { nonce?: string }) {
  const { handoff, app } = useRouterScripts(nonce);
  if (app.length === 0) return handoff;
  // Written by the server alone: React never hydrates a <noscript>'s content.
  const held = import.meta.env.SSR
    ? app.map((element) =>
        cloneElement(element as ReactElement<{ crossOrigin?: string }>, { crossOrigin: moduleCrossOrigin }),
      )
    : app;
  return (
    <>
      {handoff}
      <noscript id={hydrationScriptsId}>{held}</noscript>
      {/* Written by the server only: hydration leaves it as it is (as React Router's own scripts). */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own module, built as a script
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startAppScript : " " }}
      />
    </>
  );
}
