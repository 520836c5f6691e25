import { lazy, Suspense, useEffect, useState } from "react";
import { prefetchStartMark } from "../shared/page-prefetch.ts";
import { whenIdle } from "./when.ts";

/** Their code loads only when they start: the first page's scripts carry none of it. */
const LaterWork = lazy(() => import("./AfterFirstLoadWork.tsx"));

/**
 * What the app does only once the first page has loaded and the browser is idle, so that none of it competes with
 * the first paint or hydration: fetching the next pages ahead and keeping the positions back and
 * forward return to, and in preview Contentful's live preview. The moment is marked on the page's timeline: the Lighthouse budget counts the
 * first page's scripts up to it. Rendered once, in the app.
 */
export function AfterFirstLoad({ livePreviewOrigins }: { livePreviewOrigins?: readonly string[] }) {
  const ready = useFirstLoadDone();
  // An editor's preview starts at once: Contentful's pane waits for the SDK to connect.
  if (!ready && !livePreviewOrigins) return null;
  return (
    <Suspense fallback={null}>
      <LaterWork livePreviewOrigins={livePreviewOrigins} />
    </Suspense>
  );
}

/** True once the first page has loaded and the browser has a moment with nothing to do. */
function useFirstLoadDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const afterLoad = () => {
      cancel = whenIdle(() => {
        performance.mark(prefetchStartMark);
        setDone(true);
      });
    };
    if (document.readyState === "complete") afterLoad();
    else addEventListener("load", afterLoad, { once: true });
    return () => {
      removeEventListener("load", afterLoad);
      cancel?.();
    };
  }, []);
  return done;
}
