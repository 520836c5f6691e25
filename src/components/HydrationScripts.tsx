import { useRouterScripts } from "../shared/router-protocol.ts";
import { hydrationScriptsId } from "./startAppAfterFirstPaint.ts";
import startAppScript from "./startAppAfterFirstPaint.ts?inline-script";

/**
 * React Router's <Scripts>, with the app's scripts held in a <noscript> until the first paint, so that the page's
 * text, fonts and images get the connection first. The router's context script still runs as it is parsed: the
 * hydration data that follows it in the document is pushed into the stream it sets up. Without JavaScript the
 * <noscript> is ordinary markup.
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
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own module, built as a script
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startAppScript : " " }}
      />
    </>
  );
}
