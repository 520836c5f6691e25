/** The element that holds the app's scripts until the page has painted. */
export const hydrationScriptsId = "hydration-scripts";

/**
 * Inline after the held scripts (HydrationScripts.tsx): once the browser reports its first contentful paint, the
 * scripts held in the <noscript> (raw text while scripting is on) are parsed into live elements and appended, so the
 * module preloads and the module script run as if the parser had met them. A browser that reports no paint (none
 * yet in a background tab, or no Paint Timing) starts them two seconds after the load event.
 */
export default function startAppAfterFirstPaint() {
  const held = document.getElementById(hydrationScriptsId);
  let started = false;
  const start = () => {
    if (started || !held) return;
    started = true;
    document.body.append(document.createRange().createContextualFragment(held.textContent ?? ""));
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: "paint", buffered: true });
  } catch {}
  addEventListener("load", () => setTimeout(start, 2000));
}
