/**
 * Which slide a scroll-snap strip shows (decision 0203): the strip is stepped by the browser before React runs, and
 * the component that takes it over starts where the visitor got to. Positions are the scroll offsets at which each
 * slide snaps (its start, clamped to the scroll range).
 */

/** How far from a snap position still counts as resting on it, in CSS pixels (sub-pixel layout, zoom). */
const tolerance = 2;

/** The slide the strip rests on, or undefined while it is between two (a swipe or a smooth scroll under way). */
export function restingSnap(scrollLeft: number, positions: readonly number[]): number | undefined {
  const index = nearestSnap(scrollLeft, positions);
  const position = positions[index];
  return position !== undefined && Math.abs(position - scrollLeft) <= tolerance ? index : undefined;
}

/** The slide whose snap position is nearest (the first of equals: slides clamped to the end share one). */
export function nearestSnap(scrollLeft: number, positions: readonly number[]): number {
  let best = 0;
  for (const [index, position] of positions.entries()) {
    if (Math.abs(position - scrollLeft) < Math.abs((positions[best] ?? 0) - scrollLeft)) best = index;
  }
  return best;
}

/** Each slide's snap position: its start within the strip, clamped to what the strip can scroll. */
export function snapPositions(starts: readonly number[], maxScroll: number): number[] {
  return starts.map((start) => Math.min(Math.max(start, 0), Math.max(maxScroll, 0)));
}
