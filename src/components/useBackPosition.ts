import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { historyKey } from "../lib/document-entry.ts";
import { nextFrame } from "./when.ts";

/** Where the visitor left each of their last pages (older ones fall back to ScrollRestoration's own jump). */
const positions = new Map<string, number>();
const pagesKept = 50;

function keep(key: string, position: number) {
  positions.delete(key);
  positions.set(key, position);
  const oldest = positions.keys().next().value;
  if (positions.size > pagesKept && oldest !== undefined) positions.delete(oldest);
}

/** A page that came back shorter (streamed sections) may take this long to grow back. */
const regrowMs = 3000;

// Back and forward to a page drawn again can find it shorter than the visitor left it, so ScrollRestoration's jump
// falls short: the position is reached as the page grows, never after the visitor scrolled, tapped or pressed a key.
export function useBackPosition() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const key = location.key;
    const target = navigationType === "POP" ? positions.get(key) : undefined;
    let settled = target === undefined || window.scrollY >= target - 1;
    let cancelFrame = () => {};
    const remember = () => {
      cancelFrame();
      // Only while this entry is shown: a scroll event can arrive after the router has moved on.
      cancelFrame = nextFrame(() => {
        if (settled && historyKey(window.history.state) === key) keep(key, window.scrollY);
      });
    };
    const interacting = new AbortController();
    const stop = () => {
      settled = true;
      grown.disconnect();
      clearTimeout(timer);
      interacting.abort();
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
      for (const type of interactions) addEventListener(type, stop, { passive: true, signal: interacting.signal });
    }
    addEventListener("scroll", remember, { passive: true });
    return () => {
      stop();
      cancelFrame();
      removeEventListener("scroll", remember);
    };
  }, [location.key, navigationType]);
}
