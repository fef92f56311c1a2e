import type { WorkflowStepRow } from '../../../core';
import { barPlacement, type TimeAxis } from '../../selectors/timeline';

/** A step's time span on the run's shared time axis. */
export function StepBar({ step, axis }: { step: WorkflowStepRow; axis: TimeAxis }) {
  const place = barPlacement(step, axis);
  if (!place)
    return (
      <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="step-bar">
        no valid times
      </span>
    );
  const failed = (step.failedRules?.length ?? 0) > 0;
  return (
    <div
      className="relative h-3 w-full rounded bg-slate-100 dark:bg-slate-800"
      aria-hidden="true"
      data-testid="step-bar"
    >
      <div
        className={`absolute top-0 h-3 rounded ${failed ? 'bg-red-500' : 'bg-teal-600'}`}
        style={{ left: `${place.leftPct}%`, width: `max(${place.widthPct}%, 2px)` }}
      />
    </div>
  );
}
