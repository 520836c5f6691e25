import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { historyKey } from "../lib/document-entry.ts";

/** Where the visitor was on each entry of this visit's history (location.key → scrollY). */
const positions = new Map<string, number>();

/** How long a page that came back shorter than the visitor left it may take to grow back (streamed sections). */
const regrowMs = 3000;

/**
 * Back and forward to a page drawn again in the browser: it can be shorter at first than when the visitor left it
 * (the home page's news teaser streams in after it is drawn), so ScrollRestoration's jump falls short. The position
 * is reached as the page grows, for a few seconds at most and never after the visitor has scrolled, tapped or pressed
 * a key (decision 0213). Runs from the first page's idle moment on (AfterFirstLoad), like the prefetches.
 */
export function useBackPosition() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const key = location.key;
    const target = navigationType === "POP" ? positions.get(key) : undefined;
    let settled = target === undefined || window.scrollY >= target - 1;
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      // Only while this entry is shown: a scroll event can arrive after the router has moved on.
      frame = requestAnimationFrame(() => {
        if (settled && historyKey(window.history.state) === key) positions.set(key, window.scrollY);
      });
    };
    const stop = () => {
      settled = true;
      grown.disconnect();
      clearTimeout(timer);
      for (const type of interactions) removeEventListener(type, stop);
    };
    const grown = new ResizeObserver(() => {
      if (settled || target === undefined) return;
      window.scrollTo({ top: target, behavior: "instant" });
      if (window.scrollY >= target - 1) stop();
    });
    const interactions = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    const timer = setTimeout(stop, settled ? 0 : regrowMs);
    if (!settled) {
      grown.observe(document.body);
      for (const type of interactions) addEventListener(type, stop, { passive: true });
    }
    addEventListener("scroll", remember, { passive: true });
    return () => {
      stop();
      cancelAnimationFrame(frame);
      removeEventListener("scroll", remember);
    };
  }, [location.key, navigationType]);
}
