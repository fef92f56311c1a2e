/**
 * Time plausibility (spec §3.2 "worth reporting as warnings"): warnings only, never failures,
 * since producers' clocks and parallel branches make odd times possible in honest records.
 *
 * - ended_at before started_at;
 * - started_at earlier than the previous step's (array order), unless both steps carry
 *   different `branch` values (parallel branches may be recorded out of start order);
 * - a step that starts before an earlier step (array order) has ended, unless both carry
 *   different `branch` values. Steps in the same branch, or without a branch, run one after
 *   another. Linear time: a running latest-end per branch, one for unbranched steps, one overall.
 */
import type { CheckList, Place } from '../checks';
import { member, type JsonValue } from '../json/ast';
import { stepNode, timeAt, type StepColumns } from './steps';
import type { StepTally } from './tally';
import { TIME_RULES } from './rules';

/** Latest end seen in a lane, and which step it belongs to (-1: none yet). */
interface Lane {
  end: number;
  index: number;
}

function advance(lane: Lane, end: number, index: number): void {
  if (lane.index === -1 || end > lane.end) {
    lane.end = end;
    lane.index = index;
  }
}

/** The lane holding the later end of two (either may be empty). */
function laterOf(a: Lane | undefined, b: Lane): Lane {
  if (!a || a.index === -1) return b;
  if (b.index === -1) return a;
  return b.end > a.end ? b : a;
}

export function checkStepTimes(
  columns: StepColumns,
  tally: StepTally,
  list: CheckList,
  place: Place,
): void {
  const { startedMs, endedMs, branches } = columns;
  // No step has a valid time: nothing to compare (and no pass either).
  if (startedMs.length === 0 && endedMs.length === 0) return;
  const placeOf = (i: number, name: string): JsonValue | undefined => {
    const node = stepNode(columns, i);
    return (node?.type === 'object' ? member(node, name) : undefined) ?? node;
  };
  // Mutable lanes, one object each (one per branch value), so the loop allocates nothing.
  const overall: Lane = { end: 0, index: -1 };
  const unbranched: Lane = { end: 0, index: -1 };
  const byBranch = new Map<string, Lane>();
  let previous = -1;
  let timed = 0;

  for (let i = 0; i < columns.count; i++) {
    const start = timeAt(startedMs, i);
    const end = timeAt(endedMs, i);
    const branch = branches[i];

    if (!Number.isNaN(start) && !Number.isNaN(end)) timed++;
    if (!Number.isNaN(start) && !Number.isNaN(end) && end < start) {
      tally.warning(i, TIME_RULES.endedBeforeStarted, placeOf(i, 'ended_at'), {
        params: { n: i + 1 },
        expected: `no earlier than ${new Date(start).toISOString()}`,
        found: new Date(end).toISOString(),
      });
    }

    if (!Number.isNaN(start)) {
      if (previous !== -1) {
        const before = timeAt(startedMs, previous);
        const otherBranch = branches[previous];
        const explained =
          branch !== undefined && otherBranch !== undefined && branch !== otherBranch;
        if (start < before && !explained) {
          tally.warning(i, TIME_RULES.startBackwards, placeOf(i, 'started_at'), {
            params: { n: i + 1, previous: previous + 1 },
            expected: `no earlier than ${new Date(before).toISOString()}`,
            found: new Date(start).toISOString(),
            detail: 'Start times go backwards in step order.',
          });
        }
      }
      previous = i;

      // Earlier steps this one may not overlap: all of them when it has no branch; otherwise
      // those of its own branch and the unbranched ones.
      const rival = branch === undefined ? overall : laterOf(byBranch.get(branch), unbranched);
      if (rival.index !== -1 && rival.end > start) {
        const other = branches[rival.index];
        const why =
          branch === undefined || other === undefined
            ? 'no branch member explains it'
            : `both are in branch ${JSON.stringify(branch)}`;
        tally.warning(i, TIME_RULES.overlap, placeOf(i, 'started_at'), {
          params: { n: i + 1, other: rival.index + 1, why },
          expected: `started_at no earlier than step ${rival.index + 1}'s ended_at ${new Date(rival.end).toISOString()}`,
          found: new Date(start).toISOString(),
          detail:
            'Steps with different branch values may overlap (parallel branches); others run one after another.',
        });
      }
    }

    if (!Number.isNaN(end)) {
      advance(overall, end, i);
      if (branch === undefined) {
        advance(unbranched, end, i);
      } else {
        let lane = byBranch.get(branch);
        if (!lane) {
          lane = { end, index: i };
          byBranch.set(branch, lane);
        } else advance(lane, end, i);
      }
    }
  }
  // A pass for each time rule that flagged nothing, when there were times to compare.
  if (timed === 0) return;
  for (const rule of [
    TIME_RULES.endedBeforeStarted,
    TIME_RULES.startBackwards,
    TIME_RULES.overlap,
  ]) {
    if (tally.count(rule) === 0) list.pass(rule, place);
  }
}

/** First valid start, last valid end and their span. */
export function timeSpan(columns: StepColumns): { first?: number; last?: number } {
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < columns.count; i++) {
    const start = timeAt(columns.startedMs, i);
    const end = timeAt(columns.endedMs, i);
    if (start < first) first = start;
    if (end > last) last = end;
  }
  const span: { first?: number; last?: number } = {};
  if (first !== Infinity) span.first = first;
  if (last !== -Infinity) span.last = last;
  return span;
}
