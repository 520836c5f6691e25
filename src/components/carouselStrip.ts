import { nearestSnap, restingSnap, snapPositions } from "../lib/scroll-snap.ts";

/** A strip the buttons are stepping before the app runs: the slide it is moving to, until the scroll ends. */
type SteppingStrip = HTMLElement & { stepTarget?: Element; stepTimer?: ReturnType<typeof setTimeout> };

/** The snap positions of a strip's slides (its element children's children, or the given slides). */
function positionsOf(strip: HTMLElement, slides: readonly Element[]): number[] {
  const left = strip.getBoundingClientRect().left;
  return snapPositions(
    slides.map((slide) => slide.getBoundingClientRect().left - left + strip.scrollLeft),
    strip.scrollWidth - strip.clientWidth,
  );
}

/** The slide the strip rests on, or undefined while it is moving. */
function slideAtRest(strip: HTMLElement, slides: readonly Element[]): number | undefined {
  return restingSnap(strip.scrollLeft, positionsOf(strip, slides));
}

/**
 * Calls `then` with the slide the strip shows once it rests (at once if it does): a tap on the browser's own
 * scroll button just before the script took over is not lost. Returns a function that cancels the wait.
 */
export function whenStripRests(strip: HTMLElement, slides: readonly Element[], then: (index: number) => void) {
  // Moving to a slide the buttons chose before the app ran, even if the smooth scroll has not begun yet.
  const stepping = (strip as SteppingStrip).stepTarget !== undefined;
  const now = stepping ? undefined : slideAtRest(strip, slides);
  if (now !== undefined) {
    then(now);
    return () => {};
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    strip.removeEventListener("scrollend", finish);
    clearTimeout(timer);
    then(nearestSnap(strip.scrollLeft, positionsOf(strip, slides)));
  };
  strip.addEventListener("scrollend", finish);
  // A browser without scrollend, or a strip left between two slides: take the nearest after a while.
  const timer = setTimeout(finish, 1_000);
  return () => {
    done = true;
    strip.removeEventListener("scrollend", finish);
    clearTimeout(timer);
  };
}

/**
 * Inline in the document's head, before the app (root.tsx): a carousel's Previous/Next buttons step its scroll-snap
 * strip from the first paint, until embla takes over ([data-ready]). It listens on the window in the capture phase,
 * before React (which drops a click on a section not hydrated yet), and marks the click handled so that the
 * carousel's own handler leaves it. A press while the strip moves steps on from the slide it is moving to (kept as
 * `stepTarget` until that scroll ends, or the strip stays still for a second: on a busy phone a smooth scroll can
 * outlast one), so quick presses each count and embla, starting meanwhile, waits for it (whenStripRests).
 */
export default function stepStripsBeforeApp() {
  addEventListener("click", stepStripBeforeApp, true);
}

function stepStripBeforeApp(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button[data-step]") : null;
  const strip = button
    ?.closest("[aria-roledescription=carousel]:not([data-ready])")
    ?.querySelector<SteppingStrip>("[data-scroll-buttons]");
  if (!button || !strip) return;
  event.preventDefault();
  const slides = [...(strip.firstElementChild?.children ?? [])];
  const from = strip.stepTarget ? slides.indexOf(strip.stepTarget) : -1;
  const at = from >= 0 ? from : nearestSnap(strip.scrollLeft, positionsOf(strip, slides));
  const step = button.dataset.step === "forward" ? 1 : -1;
  const slide = slides[at + step];
  if (!slide) return;
  strip.stepTarget = slide;
  clearTimeout(strip.stepTimer);
  const settle = (last: number) => {
    strip.stepTimer = setTimeout(() => {
      if (strip.scrollLeft === last) strip.stepTarget = undefined;
      else settle(strip.scrollLeft);
    }, 1000);
  };
  settle(Number.NaN);
  const ended = () => {
    if (strip.stepTarget === slide) {
      // The scroll before this press may report its end only after it, short of this slide: only an end here counts.
      if (Math.abs(strip.scrollLeft - (positionsOf(strip, slides)[at + step] ?? 0)) > 1) return;
      strip.stepTarget = undefined;
    }
    strip.removeEventListener("scrollend", ended);
  };
  strip.addEventListener("scrollend", ended);
  // `container: "nearest"` keeps the page where it is (browsers without it scroll the page the least needed).
  slide.scrollIntoView({
    behavior: "smooth",
    block: "nearest",
    inline: "start",
    container: "nearest",
  } as ScrollIntoViewOptions);
}
