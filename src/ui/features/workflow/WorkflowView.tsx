import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { WorkflowDetails } from '../../../core';
import { Card } from '../../components/Card';
import { placeIn } from '../../search';
import { formatDuration, timeAxis } from '../../selectors/timeline';
import { MerkleTreePicture } from './MerkleTreePicture';
import { StepDetail } from './StepDetail';
import { StepList } from './StepList';
import { Swimlanes } from './Swimlanes';
import { WorkflowSummary } from './WorkflowSummary';

/** Largest run drawn as a whole Merkle tree; larger runs show the selected step's audit path. */
export const TREE_PICTURE_MAX_STEPS = 64;
/** Largest run drawn as swimlanes (one bar per step); the step list is virtualised, lanes are not. */
const SWIMLANE_MAX_STEPS = 2000;

/** A workflow receipt: its summary, branches, steps, the selected step and the Merkle tree. */
export function WorkflowView({ details }: { details: WorkflowDetails }) {
  // Each step has a permalink: `at=step-N` in the fragment opens that step.
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number | undefined>(() => {
    const linked = placeIn(search, 'step');
    if (linked !== undefined && linked < details.steps.length) return linked;
    const failing = details.steps.find((s) => (s.failedRules?.length ?? 0) > 0);
    return failing?.index;
  });
  const axis = useMemo(() => timeAxis(details.steps), [details.steps]);
  const step = selected !== undefined ? details.steps[selected] : undefined;
  // A step chosen in the list or the lanes opens in view, with focus moved to its details.
  const detailRef = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(0);
  const open = (index: number) => {
    setSelected(index);
    setOpened((n) => n + 1);
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, at: `step-${index + 1}` }),
      replace: true,
      // The place changes, not the page: stay where the details were brought into view.
      resetScroll: false,
    });
  };
  useEffect(() => {
    if (opened === 0 || !detailRef.current) return;
    detailRef.current.focus({ preventScroll: true });
    detailRef.current.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [opened]);
  return (
    <div className="space-y-4" data-testid="workflow-view">
      <WorkflowSummary details={details} />
      {axis && details.steps.length <= SWIMLANE_MAX_STEPS && (
        <Swimlanes details={details} axis={axis} selected={selected} onSelect={open} />
      )}
      <Card title={`Steps (${details.stepCount})`}>
        {axis && (
          // On a narrow screen the time bars span the row: the axis above them does too.
          <div
            className="mb-1 flex justify-between px-2 text-xs text-slate-600 sm:hidden dark:text-slate-400"
            aria-hidden="true"
          >
            <span>{new Date(axis.startMs).toISOString().slice(11, 23)}Z</span>
            <span>+{formatDuration(axis.spanMs)}</span>
          </div>
        )}
        {axis && (
          <div
            className="mb-1 hidden grid-cols-[3rem_12rem_1fr_7rem] gap-2 px-2 text-xs text-slate-600 sm:grid dark:text-slate-400"
            aria-hidden="true"
          >
            <span>seq</span>
            <span>tool · status</span>
            <span className="flex justify-between">
              <span>{new Date(axis.startMs).toISOString().slice(11, 23)}Z</span>
              <span>+{formatDuration(axis.spanMs)}</span>
            </span>
            <span className="text-right">duration</span>
          </div>
        )}
        <StepList details={details} axis={axis} selected={selected} onSelect={open} />
      </Card>
      {step && (
        <div
          ref={detailRef}
          tabIndex={-1}
          role="group"
          aria-label={`Details of step ${step.index + 1}`}
          className="scroll-mt-4 rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-500"
        >
          <StepDetail details={details} step={step} />
        </div>
      )}
      {details.merkle.leafCount > 0 && details.merkle.leafCount <= TREE_PICTURE_MAX_STEPS && (
        <MerkleTreePicture details={details} selected={selected} onSelect={setSelected} />
      )}
    </div>
  );
}
