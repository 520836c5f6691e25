import { useEffect, useRef, useState } from "react";
import {
  initialSideScrollState,
  type SideScrollMode,
  type SideScrollState,
  type SideScrollStep,
  sideScrollStep,
  wheelDeltaInPixels,
} from "../../lib/side-scroll.ts";

/** `enabled` is false on touch devices and under reduced motion: then the strip is an ordinary scroller. */
export function useSideScroll(enabled: boolean) {
  const sectionRef = useRef<HTMLElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const [story, setStory] = useState<SideScrollState & { progress: number }>({
    ...initialSideScrollState,
    progress: 0,
  });

  useEffect(() => {
    const section = sectionRef.current;
    const strip = stripRef.current;
    if (!enabled || !section || !strip) return;
    const root = document.documentElement;
    let current = initialSideScrollState;
    const maxOffset = () => strip.scrollWidth - strip.clientWidth;

    // The page's scrollbar keeps its room while the root is locked, so nothing shifts sideways.
    root.style.scrollbarGutter = "stable";

    const apply = ({ state, alignSection }: SideScrollStep) => {
      if (alignSection) window.scrollBy({ top: section.getBoundingClientRect().top, behavior: "instant" });
      if (Math.abs(strip.scrollLeft - state.offset) >= 1) strip.scrollLeft = state.offset;
      if (state === current) return;
      // Locking the root too stops what the wheel listener cannot cancel: a trackpad gesture under way, the page keys.
      if (state.mode === "active" && current.mode !== "active") root.style.overflow = "hidden";
      if (state.mode !== "active" && current.mode === "active") root.style.overflow = "";
      current = state;
      const max = maxOffset();
      setStory({ ...state, progress: max > 0 ? Math.min(state.offset / max, 1) : 0 });
    };

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) return; // a pinch zoom, not a scroll
      const box = section.getBoundingClientRect();
      const step = sideScrollStep(current, {
        type: "wheel",
        deltaY: wheelDeltaInPixels(event.deltaY, event.deltaMode, window.innerHeight),
        sectionTop: box.top,
        sectionBottom: box.bottom,
        viewportHeight: window.innerHeight,
        maxOffset: maxOffset(),
      });
      if (step.lockPage && event.cancelable) event.preventDefault();
      apply(step);
    };
    const onStripScroll = () =>
      apply(sideScrollStep(current, { type: "stripScrolled", offset: strip.scrollLeft, maxOffset: maxOffset() }));
    const onPageScroll = () =>
      apply(sideScrollStep(current, { type: "pageScrolled", sectionTop: section.getBoundingClientRect().top }));

    const listening = new AbortController();
    const { signal } = listening;
    window.addEventListener("wheel", onWheel, { passive: false, signal });
    window.addEventListener("scroll", onPageScroll, { passive: true, signal });
    strip.addEventListener("scroll", onStripScroll, { passive: true, signal });
    // The strip may have moved before this code arrived: start from where it is, or the next page scroll resets it.
    onStripScroll();
    return () => {
      listening.abort();
      if (current.mode === "active") root.style.overflow = "";
      root.style.scrollbarGutter = "";
      setStory({ ...initialSideScrollState, progress: 0 });
    };
  }, [enabled]);

  const mode: SideScrollMode | "off" = enabled ? story.mode : "off";
  return { sectionRef, stripRef, mode, progress: enabled ? story.progress : 0 };
}
