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
  // Moving to a slide the early script chose (stepStripsBeforeApp) even if the smooth scroll has not begun yet.
  const stepping = (strip as HTMLElement & { stepTarget?: Element }).stepTarget !== undefined;
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
 * Inline in the document's head (root.tsx): the Previous/Next buttons of a carousel whose embla has not started
 * (before the app has loaded, hydrated, or fetched embla) step its scroll-snap strip to the slide before or after
 * the one it rests nearest to, from the first paint. It listens on the window in the capture phase, before React
 * (which drops a click on a section it has not hydrated yet), and marks the click as handled (defaultPrevented) so
 * that the carousel's own handler leaves it alone. A press while the strip is still moving steps on from the slide
 * it is moving to, kept on the strip as `stepTarget` until the scroll ends (so quick presses each count, and embla,
 * starting meanwhile, waits for the scroll to end: whenStripRests). Only the end of the scroll to that very slide lets
 * it go (a scroll cut short by the next press may end too), or, with no scrollend (a browser without it, a press that
 * did not scroll), the strip not moving for a second: on a busy phone a smooth scroll can outlast a second, and the
 * next press would otherwise step from the slide the strip was passing. Once embla runs ([data-ready]) the buttons
 * are embla's. `scrollIntoView`'s `container: "nearest"` keeps the page where it is (browsers without it scroll the
 * page the least needed to show the slide).
 */
export const stepStripsBeforeApp = `addEventListener("click", (event) => {
  const button = event.target instanceof Element && event.target.closest("button[data-step]");
  const strip = button && button.closest("[aria-roledescription=carousel]:not([data-ready])")?.querySelector("[data-scroll-buttons]");
  if (!strip) return;
  event.preventDefault();
  const slides = [...(strip.firstElementChild?.children ?? [])];
  const left = strip.getBoundingClientRect().left;
  const offset = (index) => Math.abs(slides[index].getBoundingClientRect().left - left);
  let at = slides.indexOf(strip.stepTarget);
  if (at < 0) at = slides.reduce((nearest, _, index) => (offset(index) < offset(nearest) ? index : nearest), 0);
  const slide = slides[at + (button.dataset.step === "forward" ? 1 : -1)];
  if (!slide) return;
  strip.stepTarget = slide;
  clearTimeout(strip.stepTimer);
  const settle = (last) => (strip.stepTimer = setTimeout(() => (strip.scrollLeft === last ? (strip.stepTarget = undefined) : settle(strip.scrollLeft)), 1000));
  settle(NaN);
  strip.addEventListener("scrollend", () => strip.stepTarget === slide && (strip.stepTarget = undefined), { once: true });
  slide.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "start", container: "nearest" });
}, true);`;
