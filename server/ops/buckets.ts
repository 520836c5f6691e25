// Histograms as the history keeps them: cumulative counts by upper bound (`+Inf` last), subtracted between readings.
export type Buckets = { bounds: number[]; counts: number[] };

/** `le` is its bucket's upper bound. */
export type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

export const emptyBuckets = (bounds: number[] = []): Buckets => ({ bounds, counts: bounds.map(() => 0) });

function addAt(into: Buckets, bound: number, count: number) {
  let index = into.bounds.indexOf(bound);
  if (index === -1) {
    into.bounds.push(bound);
    into.counts.push(0);
    index = into.bounds.length - 1;
  }
  into.counts[index] = (into.counts[index] ?? 0) + count;
}

export function addSample(into: Map<string, Buckets>, key: string, sample: Sample) {
  const le = sample.labels.le;
  if (le === undefined) return;
  const buckets = into.get(key) ?? emptyBuckets();
  addAt(buckets, le === "+Inf" ? Number.POSITIVE_INFINITY : Number(le), sample.value);
  into.set(key, buckets);
}

export function plus(into: Buckets, more: Buckets) {
  for (const [i, bound] of more.bounds.entries()) addAt(into, bound, more.counts[i] ?? 0);
}

/** A counter reset counts as no growth. */
export function minus(now: Buckets, before: Buckets | undefined): Buckets {
  return {
    bounds: [...now.bounds],
    counts: now.counts.map((count, i) => {
      const earlier = before?.counts[before.bounds.indexOf(now.bounds[i] ?? Number.NaN)] ?? 0;
      return Math.max(0, count - earlier);
    }),
  };
}

/** Interpolated inside the bucket the quantile falls in. */
export function quantile({ bounds, counts }: Buckets, q: number, total?: number): number | null {
  const order = bounds.map((bound, i) => [bound, counts[i] ?? 0] as const).sort((a, b) => a[0] - b[0]);
  const all = total ?? order.at(-1)?.[1] ?? 0;
  if (all <= 0) return null;
  const rank = q * all;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, cumulative] of order) {
    if (cumulative >= rank) {
      // Past the last finite bound: the most the histogram can tell is that bound.
      if (!Number.isFinite(bound)) return lowerBound;
      const inBucket = cumulative - lowerCount;
      const share = inBucket > 0 ? (rank - lowerCount) / inBucket : 1;
      return lowerBound + (bound - lowerBound) * share;
    }
    lowerBound = bound;
    lowerCount = cumulative;
  }
  return lowerBound;
}
