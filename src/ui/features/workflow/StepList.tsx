import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { WorkflowDetails, WorkflowStepRow } from '../../../core';
import { Badge } from '../../components/Badge';
import { formatDuration, type TimeAxis } from '../../selectors/timeline';
import { verdictTone } from '../../selectors/verdict';
import { StepBar } from './StepBar';
import { Untrusted } from '../../components/Untrusted';

function stepTone(step: WorkflowStepRow): string {
  if ((step.failedRules?.length ?? 0) > 0 || step.receipt?.verdict === 'failed')
    return 'border-l-4 border-red-500 bg-red-50/60 dark:bg-red-950/40';
  if ((step.warningRules?.length ?? 0) > 0) return 'border-l-4 border-amber-400';
  return 'border-l-4 border-transparent';
}

/** A row's height: one line, or on a narrow screen two (the time bar under the tool). */
const ROW_PX = 48;
const ROW_PX_NARROW = 64;
/** Below Tailwind's `sm` breakpoint, where the row's columns stack. */
const NARROW = '(max-width: 639.98px)';

function subscribeNarrow(callback: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

function isNarrow(): boolean {
  return window.matchMedia(NARROW).matches;
}

/** Every step, one row each; virtualised so runs of 100,000 steps stay responsive. */
export function StepList({
  details,
  axis,
  selected,
  onSelect,
}: {
  details: WorkflowDetails;
  axis: TimeAxis | undefined;
  selected: number | undefined;
  onSelect: (index: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // On a narrow screen a row's time bar goes on a line of its own, under its tool.
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count: details.steps.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (narrow ? ROW_PX_NARROW : ROW_PX),
    overscan: 10,
  });
  useEffect(() => virtualizer.measure(), [narrow, virtualizer]);
  return (
    <div
      ref={scrollRef}
      className="max-h-[32rem] overflow-auto"
      aria-label="Workflow steps"
      data-testid="step-list"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const step = details.steps[item.index] as WorkflowStepRow;
          const duration =
            step.startedMs !== undefined && step.endedMs !== undefined
              ? step.endedMs - step.startedMs
              : undefined;
          return (
            <div
              key={step.index}
              role="button"
              // The accessible name is the row's visible text (with a few words for screen
              // readers), so what a speech-input user reads is what they can say.
              data-testid="step-row"
              data-failed={(step.failedRules?.length ?? 0) > 0}
              aria-current={selected === step.index}
              tabIndex={0}
              onClick={() => onSelect(step.index)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(step.index);
                }
              }}
              className={`absolute left-0 grid w-full cursor-pointer grid-cols-[3rem_1fr] content-center items-center gap-x-2 gap-y-1 px-2 text-sm hover:bg-slate-50 sm:grid-cols-[3rem_12rem_1fr_7rem] dark:hover:bg-slate-800 ${stepTone(step)} focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-inset ${selected === step.index ? 'ring-2 ring-teal-500 ring-inset' : ''}`}
              style={{ top: item.start, height: item.size }}
            >
              <span className="font-mono tabular-nums" title="seq">
                <span className="sr-only">Step {step.index + 1}, seq </span>
                {step.seq ?? '?'}
                {(step.failedRules?.length ?? 0) > 0 && <span className="sr-only">, failed,</span>}
              </span>
              <span className="min-w-0 truncate">
                <code>
                  <Untrusted value={step.tool ?? '?'} />
                </code>{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  <Untrusted value={step.status} />
                </span>
                {step.receipt && (
                  <span className="ml-1 sm:hidden">
                    <Badge tone={verdictTone(step.receipt.verdict)} />
                  </span>
                )}
                {(step.agent || step.branch) && (
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                    {step.agent && (
                      <>
                        agent <Untrusted value={step.agent} />
                      </>
                    )}{' '}
                    {step.branch && (
                      <>
                        · branch <Untrusted value={step.branch} />
                      </>
                    )}
                  </span>
                )}
              </span>
              {axis && (
                <span className="col-span-2 sm:col-span-1">
                  <StepBar step={step} axis={axis} />
                </span>
              )}
              <span className="hidden text-right text-xs sm:block">
                {formatDuration(duration)}
                {step.receipt && (
                  <span
                    className="ml-1"
                    data-testid="step-receipt-verdict"
                    data-verdict={step.receipt.verdict}
                  >
                    <Badge tone={verdictTone(step.receipt.verdict)} />
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
