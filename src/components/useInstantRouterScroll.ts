import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Where the visitor was on each entry of this visit's history (location.key → scrollY). */
const positions = new Map<string, number>();

/** The entry shown now: a scroll event that arrives after the router has moved on is not the old entry's. */
let shownKey: string | undefined;

/** How long a page that came back shorter than the visitor left it may take to grow back (streamed sections). */
const regrowMs = 3000;

/**
 * The router's own scrolls are instant: to the top of a new page (or its anchor), and back to where the visitor
 * left a page they return to. The site scrolls smoothly (global.css), which is right for a link within the page but
 * would otherwise also animate ScrollRestoration's jump, so that the visitor watches the whole new page slide by.
 * Runs before <ScrollRestoration>'s effect (it is rendered after the app), and hands the page back to the
 * stylesheet's smooth scrolling from the next frame.
 *
 * Back and forward: a page drawn again in the browser can be shorter at first than when the visitor left it (the
 * home page's news teaser streams in after it), so ScrollRestoration's jump falls short; the position is reached as
 * the page grows, unless the visitor scrolls first.
 */
export function useInstantRouterScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    shownKey = location.key;
    const html = document.documentElement;
    html.style.scrollBehavior = "auto";
    // Applied now: Chromium scrolls to (0, 0) without bringing the page's style up to date first, so it would still
    // see the smooth scrolling of the stylesheet.
    void getComputedStyle(html).scrollBehavior;
    const frame = requestAnimationFrame(() => html.style.removeProperty("scroll-behavior"));
    return () => {
      cancelAnimationFrame(frame);
      html.style.removeProperty("scroll-behavior");
    };
  }, [location.key]);

  useEffect(() => {
    const key = location.key;
    const target = navigationType === "POP" ? positions.get(key) : undefined;
    let settled = target === undefined || window.scrollY >= target - 1;
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (settled && shownKey === key) positions.set(key, window.scrollY);
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
