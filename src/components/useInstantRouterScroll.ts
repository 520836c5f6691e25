import { useLayoutEffect } from "react";
import { useLocation } from "react-router";
import { nextFrame } from "./when.ts";

// The site scrolls smoothly (global.css), which would also animate the router's jump to a new page so the visitor
// watched it slide by: the router's scrolls are instant, from before <ScrollRestoration>'s effect to the next frame.
export function useInstantRouterScroll() {
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: on every move of the router (location.key)
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.style.scrollBehavior = "auto";
    // Applied now: Chromium scrolls to (0, 0) without bringing the page's style up to date first, so it would still
    // see the smooth scrolling of the stylesheet.
    void getComputedStyle(html).scrollBehavior;
    const cancelFrame = nextFrame(() => html.style.removeProperty("scroll-behavior"));
    return () => {
      cancelFrame();
      html.style.removeProperty("scroll-behavior");
    };
  }, [location.key]);
}
