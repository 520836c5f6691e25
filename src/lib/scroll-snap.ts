// Which slide a scroll-snap strip shows: the browser steps the strip before React runs, and the component that takes
// it over starts where the visitor got to.

/** In CSS pixels, for sub-pixel layout and zoom. */
const tolerance = 2;

/** undefined while the strip is between two (a swipe or a smooth scroll under way). */
export function restingSnap(scrollLeft: number, positions: readonly number[]): number | undefined {
  const index = nearestSnap(scrollLeft, positions);
  const position = positions[index];
  return position !== undefined && Math.abs(position - scrollLeft) <= tolerance ? index : undefined;
}

/** The first of equals: slides clamped to the end share one position. */
export function nearestSnap(scrollLeft: number, positions: readonly number[]): number {
  let best = 0;
  for (const [index, position] of positions.entries()) {
    if (Math.abs(position - scrollLeft) < Math.abs((positions[best] ?? 0) - scrollLeft)) best = index;
  }
  return best;
}

export function snapPositions(starts: readonly number[], maxScroll: number): number[] {
  return starts.map((start) => Math.min(Math.max(start, 0), Math.max(maxScroll, 0)));
}
