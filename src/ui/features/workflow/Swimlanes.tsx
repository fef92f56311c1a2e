import { useMemo } from 'react';
import type { WorkflowDetails } from '../../../core';
import { Card } from '../../components/Card';
import { barPlacement, branchLanes, type TimeAxis } from '../../selectors/timeline';
import { Untrusted, untrustedText } from '../../components/Untrusted';

/** Parallel branches side by side: one lane per branch on the shared time axis. */
export function Swimlanes({
  details,
  axis,
  selected,
  onSelect,
}: {
  details: WorkflowDetails;
  axis: TimeAxis;
  selected: number | undefined;
  onSelect: (i: number) => void;
}) {
  const { lanes, laneOf } = useMemo(() => branchLanes(details.steps), [details.steps]);
  if (lanes.length < 2) return null;
  return (
    <Card title={`Parallel branches (${lanes.length})`}>
      <div className="space-y-1" data-testid="swimlanes">
        {lanes.map((lane, laneIndex) => (
          <div key={lane} className="grid grid-cols-[7rem_1fr] items-center gap-2">
            <span className="truncate text-xs">
              {lane ? <Untrusted value={lane} /> : '(no branch)'}
            </span>
            <div className="relative h-5 rounded bg-slate-100 dark:bg-slate-800">
              {details.steps
                .filter((s) => laneOf.get(s.index) === laneIndex)
                .map((s) => {
                  const place = barPlacement(s, axis);
                  if (!place) return null;
                  return (
                    <button
                      type="button"
                      key={s.index}
                      title={`step ${s.index + 1}: ${untrustedText(s.tool ?? '')}`}
                      aria-label={`step ${s.index + 1}`}
                      onClick={() => onSelect(s.index)}
                      className={`absolute top-0.5 h-4 rounded ${(s.failedRules?.length ?? 0) > 0 ? 'bg-red-500' : 'bg-teal-600'} ${selected === s.index ? 'ring-2 ring-slate-900 dark:ring-white' : ''}`}
                      style={{ left: `${place.leftPct}%`, width: `max(${place.widthPct}%, 3px)` }}
                    />
                  );
                })}
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}
