/**
 * Layout of a workflow's step timeline on a shared time axis (pure, unit-tested): where each
 * duration bar sits, which lane (branch) it belongs to, and the gaps between steps.
 */

export interface TimedStep {
  index: number;
  startedMs?: number;
  endedMs?: number;
  branch?: string;
}

export interface TimeAxis {
  startMs: number;
  endMs: number;
  spanMs: number;
}

export function timeAxis(steps: TimedStep[]): TimeAxis | undefined {
  let start = Infinity;
  let end = -Infinity;
  // Each time read as it is, with no array per step: this runs over all the steps of a
  // 100,000-step workflow on the page's thread, as its view first renders.
  for (const step of steps) {
    const { startedMs, endedMs } = step;
    if (startedMs !== undefined) {
      if (startedMs < start) start = startedMs;
      if (startedMs > end) end = startedMs;
    }
    if (endedMs !== undefined) {
      if (endedMs < start) start = endedMs;
      if (endedMs > end) end = endedMs;
    }
  }
  if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined;
  return { startMs: start, endMs: end, spanMs: Math.max(end - start, 1) };
}

/** Left offset and width of a step's bar as percentages of the axis; undefined without times. */
export function barPlacement(
  step: TimedStep,
  axis: TimeAxis,
): { leftPct: number; widthPct: number } | undefined {
  if (step.startedMs === undefined) return undefined;
  const end =
    step.endedMs !== undefined && step.endedMs >= step.startedMs ? step.endedMs : step.startedMs;
  const leftPct = ((step.startedMs - axis.startMs) / axis.spanMs) * 100;
  const widthPct = ((end - step.startedMs) / axis.spanMs) * 100;
  return { leftPct, widthPct };
}

/** Lanes for parallel branches, in order of first appearance; steps without a branch share one. */
export function branchLanes(steps: TimedStep[]): { lanes: string[]; laneOf: Map<number, number> } {
  const lanes: string[] = [];
  const laneOf = new Map<number, number>();
  for (const step of steps) {
    const name = step.branch ?? '';
    let lane = lanes.indexOf(name);
    if (lane === -1) {
      lanes.push(name);
      lane = lanes.length - 1;
    }
    laneOf.set(step.index, lane);
  }
  return { lanes, laneOf };
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return minutes < 60
    ? `${minutes} min ${seconds} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
