import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

/**
 * The router's own scrolls are instant: to the top of a new page (or its anchor), and back to where the visitor
 * left a page they return to. The site scrolls smoothly (global.css), which is right for a link within the page but
 * would otherwise also animate ScrollRestoration's jump, so that the visitor watches the whole new page slide by.
 * Runs before <ScrollRestoration>'s effect (it is rendered after the app), and hands the page back to the
 * stylesheet's smooth scrolling from the next frame.
 * (Back and forward to a page that comes back shorter than it was: useBackPosition.)
 */
export function useInstantRouterScroll() {
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: on every move of the router (location.key)
  useLayoutEffect(() => {
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
}
