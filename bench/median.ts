/** The median of the measurements: the middle one, or the mean of the middle two. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A measurement repeated: its median and the spread of the runs (lowest, highest). */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no measurements');
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    runs: values.length,
  };
}

/** `1,234 ms (1,100–1,400)`: the median, then the spread, in the unit given. */
export function spreadText(
  spread: Spread,
  unit: (value: number) => string = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`,
): string {
  return `${unit(spread.median)} (${unit(spread.min).split(' ')[0]}–${unit(spread.max)})`;
}

/** A ratio with its spread: `2.05× (1.90–2.31)`. */
export function ratioText(spread: Spread): string {
  return `${spread.median.toFixed(2)}× (${spread.min.toFixed(2)}–${spread.max.toFixed(2)})`;
}

/**
 * A longest main-thread task: PerformanceObserver reports only tasks over 50 ms, so none (0) is
 * "under 50 ms", not "0 ms".
 */
export function longTaskText(ms: number): string {
  return ms === 0 ? 'under 50 ms' : `${Math.round(ms)} ms`;
}

/** Longest tasks of several loads: the median and the spread, each said as longTaskText does. */
export function longTasksText(spread: Spread): string {
  const text = (ms: number) => (ms === 0 ? '< 50 ms' : `${Math.round(ms)} ms`);
  return `${longTaskText(spread.median)} (${text(spread.min)} to ${text(spread.max)})`;
}
