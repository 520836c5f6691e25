import { nearestSnap, restingSnap, snapPositions } from "../lib/scroll-snap.ts";

/** The snap positions of a strip's slides (its element children's children, or the given slides). */
function positionsOf(strip: HTMLElement, slides: readonly Element[]): number[] {
  const left = strip.getBoundingClientRect().left;
  return snapPositions(
    slides.map((slide) => slide.getBoundingClientRect().left - left + strip.scrollLeft),
    strip.scrollWidth - strip.clientWidth,
  );
}

/** The slide the strip rests on, or undefined while it is moving. */
export function slideAtRest(strip: HTMLElement, slides: readonly Element[]): number | undefined {
  return restingSnap(strip.scrollLeft, positionsOf(strip, slides));
}

/**
 * Calls `then` with the slide the strip shows once it rests (at once if it does): a tap on the browser's own
 * scroll button just before the script took over is not lost. Returns a function that cancels the wait.
 */
export function whenStripRests(strip: HTMLElement, slides: readonly Element[], then: (index: number) => void) {
  const now = slideAtRest(strip, slides);
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
