import { describe, expect, it } from 'vitest';
import { barPlacement, branchLanes, formatDuration, timeAxis } from './timeline';

const steps = [
  { index: 0, startedMs: 1000, endedMs: 1200 },
  { index: 1, startedMs: 1500, endedMs: 2000, branch: 'b' },
  { index: 2, startedMs: 1600, endedMs: 1400, branch: 'a' },
  { index: 3 },
];

describe('step timeline layout', () => {
  it('spans the earliest start to the latest end', () => {
    expect(timeAxis(steps)).toEqual({ startMs: 1000, endMs: 2000, spanMs: 1000 });
    expect(timeAxis([{ index: 0 }])).toBeUndefined();
    // An end alone may be the earliest time, a start alone the latest.
    expect(
      timeAxis([
        { index: 0, endedMs: 500 },
        { index: 1, startedMs: 3000 },
      ]),
    ).toEqual({
      startMs: 500,
      endMs: 3000,
      spanMs: 2500,
    });
  });
  it('places bars on the shared axis, leaving gaps visible', () => {
    const axis = timeAxis(steps)!;
    expect(barPlacement(steps[0]!, axis)).toEqual({ leftPct: 0, widthPct: 20 });
    expect(barPlacement(steps[1]!, axis)).toEqual({ leftPct: 50, widthPct: 50 });
    // ended before started: drawn as a point, the warning says why
    expect(barPlacement(steps[2]!, axis)).toEqual({ leftPct: 60, widthPct: 0 });
    expect(barPlacement(steps[3]!, axis)).toBeUndefined();
  });
  it('gives each branch its own lane in order of appearance', () => {
    const { lanes, laneOf } = branchLanes(steps);
    expect(lanes).toEqual(['', 'b', 'a']);
    expect([...laneOf.values()]).toEqual([0, 1, 2, 0]);
  });
  it('formats durations for people', () => {
    expect([
      formatDuration(236),
      formatDuration(2500),
      formatDuration(14_600),
      formatDuration(125_000),
      formatDuration(undefined),
    ]).toEqual(['236 ms', '2.50 s', '14.6 s', '2 min 5 s', '—']);
  });
});
