import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { auditPathHex, nodeHex, type WorkflowDetails, type WorkflowStepRow } from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { Digest } from '../../components/Digest';
import {
  barPlacement,
  branchLanes,
  formatDuration,
  timeAxis,
  type TimeAxis,
} from '../../selectors/timeline';
import { statusTone, verdictTone } from '../../selectors/verdict';

/** Largest run drawn as a whole Merkle tree; larger runs show the selected step's audit path. */
export const TREE_PICTURE_MAX_STEPS = 64;
const SWIMLANE_MAX_STEPS = 2000;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children ?? '—'}</dd>
    </>
  );
}

export function WorkflowView({ details }: { details: WorkflowDetails }) {
  const [selected, setSelected] = useState<number | undefined>(() => {
    const failing = details.steps.find((s) => (s.failedRules?.length ?? 0) > 0);
    return failing?.index;
  });
  const axis = useMemo(() => timeAxis(details.steps), [details.steps]);
  const step = selected !== undefined ? details.steps[selected] : undefined;
  return (
    <div className="space-y-4" data-testid="workflow-view">
      <WorkflowSummary details={details} />
      {axis && details.steps.length <= SWIMLANE_MAX_STEPS && (
        <Swimlanes details={details} axis={axis} selected={selected} onSelect={setSelected} />
      )}
      <Card title={`Steps (${details.stepCount})`}>
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
        <StepList details={details} axis={axis} selected={selected} onSelect={setSelected} />
      </Card>
      {step && <StepDetail details={details} step={step} />}
      {details.merkle.leafCount > 0 && details.merkle.leafCount <= TREE_PICTURE_MAX_STEPS && (
        <MerkleTreePicture details={details} selected={selected} onSelect={setSelected} />
      )}
    </div>
  );
}

function WorkflowSummary({ details }: { details: WorkflowDetails }) {
  const { merkle } = details;
  const rootTone = statusTone(
    merkle.status === 'match' ? 'pass' : merkle.status === 'mismatch' ? 'fail' : 'unavailable',
  );
  return (
    <Card title="Workflow">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[11rem_1fr]">
        <Field label="Goal">{details.goal}</Field>
        <Field label="Status">{details.status}</Field>
        <Field label="Steps">{details.stepCount}</Field>
        <Field label="Total duration">
          {formatDuration(details.totalDurationMs)}
          {details.firstStartedMs !== undefined && (
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {' '}
              · from {new Date(details.firstStartedMs).toISOString()}
            </span>
          )}
        </Field>
        <Field label="workflow_id">
          {details.workflowId && <Digest value={details.workflowId} />}
        </Field>
        <Field label="receipt_id">
          {details.receiptId && <Digest value={details.receiptId} />}
        </Field>
        <Field label="session_id">{details.sessionId}</Field>
        <Field label="verify_url">
          {details.verifyUrl && <code className="text-xs break-all">{details.verifyUrl}</code>}
        </Field>
        <Field label="output_hash">
          {details.outputHash && <Digest value={details.outputHash} />}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {details.finalAnswer
              ? details.finalAnswer.matches
                ? `Matches the SHA-256 of the supplied final answer ${details.finalAnswer.name}.`
                : `Does not match the supplied final answer ${details.finalAnswer.name} (${details.finalAnswer.computedHash}).`
              : 'Checkable only against the final answer’s bytes: drop or supply that file.'}
          </p>
        </Field>
        <Field label="Construction">
          <code>{merkle.construction ?? merkle.declaredVersion ?? 'unknown'}</code>
          {merkle.declaredVersion === undefined && (
            <span className="text-xs"> (no merkle_version: receipt-id-v0 assumed)</span>
          )}
          {merkle.candidate && <span className="text-xs"> · candidate {merkle.candidate}</span>}
        </Field>
        <Field label="merkle_root (carried)">
          {merkle.storedRoot && <Digest value={merkle.storedRoot} />}
        </Field>
        <Field label="Root (recomputed)">
          <span
            className="flex flex-wrap items-center gap-2"
            data-testid="merkle-status"
            data-status={merkle.status}
          >
            {merkle.computedRoot ? <Digest value={merkle.computedRoot} /> : '—'}
            <Badge tone={rootTone}>
              {merkle.status === 'match'
                ? '= carried root'
                : merkle.status === 'mismatch'
                  ? '≠ carried root'
                  : 'not reproducible here'}
            </Badge>
          </span>
          {merkle.status === 'mismatch' && (
            <p
              className="mt-1 text-xs text-red-800 dark:text-red-300"
              data-testid="merkle-divergence"
            >
              The carried root commits to a different step list than the one shown. A root alone
              cannot say which step changed: the recomputed tree below is consistent with these
              steps, and its top no longer equals the carried root.
            </p>
          )}
          {merkle.unavailableReason && <p className="mt-1 text-xs">{merkle.unavailableReason}</p>}
        </Field>
      </dl>
    </Card>
  );
}

function stepTone(step: WorkflowStepRow): string {
  if ((step.failedRules?.length ?? 0) > 0 || step.receipt?.verdict === 'failed')
    return 'border-l-4 border-red-500 bg-red-50/60 dark:bg-red-950/40';
  if ((step.warningRules?.length ?? 0) > 0) return 'border-l-4 border-amber-400';
  return 'border-l-4 border-transparent';
}

function Bar({ step, axis }: { step: WorkflowStepRow; axis: TimeAxis }) {
  const place = barPlacement(step, axis);
  if (!place) return <span className="text-xs text-slate-400">no valid times</span>;
  const failed = (step.failedRules?.length ?? 0) > 0;
  return (
    <div className="relative h-3 w-full rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
      <div
        className={`absolute top-0 h-3 rounded ${failed ? 'bg-red-500' : 'bg-teal-600'}`}
        style={{ left: `${place.leftPct}%`, width: `max(${place.widthPct}%, 2px)` }}
      />
    </div>
  );
}

function StepList({
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
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count: details.steps.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 48,
    overscan: 10,
  });
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
              aria-label={`Step ${step.index + 1}: ${step.tool ?? 'unknown tool'}, ${step.status ?? 'no status'}${(step.failedRules?.length ?? 0) > 0 ? ', failed' : ''}${step.receipt ? `, step receipt ${step.receipt.verdict}` : ''}. Show details`}
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
              className={`absolute left-0 grid w-full cursor-pointer grid-cols-[3rem_1fr] items-center gap-2 px-2 text-sm hover:bg-slate-50 sm:grid-cols-[3rem_12rem_1fr_7rem] dark:hover:bg-slate-800 ${stepTone(step)} focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-inset ${selected === step.index ? 'ring-2 ring-teal-500 ring-inset' : ''}`}
              style={{ top: item.start, height: item.size }}
            >
              <span className="font-mono tabular-nums" title="seq">
                {step.seq ?? '?'}
              </span>
              <span className="min-w-0 truncate">
                <code>{step.tool ?? '?'}</code>{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">{step.status}</span>
                {step.receipt && (
                  <span className="ml-1 sm:hidden">
                    <Badge tone={verdictTone(step.receipt.verdict)} />
                  </span>
                )}
                {(step.agent || step.branch) && (
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                    {step.agent && `agent ${step.agent}`} {step.branch && `· branch ${step.branch}`}
                  </span>
                )}
              </span>
              <span className="hidden sm:block">
                {axis ? <Bar step={step} axis={axis} /> : null}
              </span>
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

/** Parallel branches side by side: one lane per branch on the shared time axis. */
function Swimlanes({
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
            <span className="truncate text-xs">{lane || '(no branch)'}</span>
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
                      title={`step ${s.index + 1}: ${s.tool ?? ''}`}
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

function StepDetail({ details, step }: { details: WorkflowDetails; step: WorkflowStepRow }) {
  const path = auditPathHex(details, step.index);
  return (
    <Card title={`Step ${step.index + 1}`} id="step-detail">
      <div data-testid="step-detail">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
          <Field label="seq">{step.seq}</Field>
          <Field label="receipt_id">{step.receiptId && <Digest value={step.receiptId} />}</Field>
          <Field label="tool">{step.tool}</Field>
          <Field label="status">{step.status}</Field>
          {step.agent && <Field label="agent">{step.agent}</Field>}
          {step.branch && <Field label="branch">{step.branch}</Field>}
          <Field label="started_at">
            {step.startedMs !== undefined ? new Date(step.startedMs).toISOString() : undefined}
          </Field>
          <Field label="ended_at">
            {step.endedMs !== undefined ? new Date(step.endedMs).toISOString() : undefined}
          </Field>
          <Field label="JSON path">
            <code>{step.pointer}</code>
          </Field>
          {step.failedRules && <Field label="failed rules">{step.failedRules.join(', ')}</Field>}
          {step.warningRules && <Field label="warnings">{step.warningRules.join(', ')}</Field>}
          <Field label="step receipt">
            {step.receipt ? (
              <>
                <Badge tone={verdictTone(step.receipt.verdict)} /> {step.receipt.source}
                {step.receipt.firstProblem && (
                  <span className="block text-xs">{step.receipt.firstProblem}</span>
                )}
              </>
            ) : (
              'not supplied: this step’s own receipt is not checked'
            )}
          </Field>
        </dl>
        {path && (
          <div className="mt-3">
            <h3 className="text-sm font-semibold">Merkle audit path</h3>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              leaf = SHA-256(receipt_id); each level hashes the pair (left ‖ right) up to the root.
            </p>
            <ol className="mt-1 space-y-1 text-xs" data-testid="audit-path">
              <li>
                leaf: <code className="break-all">{path.leaf}</code>
              </li>
              {path.path.map((node, i) => (
                <li key={i}>
                  level {i + 1}: sibling on the {node.side}{' '}
                  <code className="break-all">{node.sibling}</code>
                </li>
              ))}
              <li>
                root: <code className="break-all">{path.root}</code>{' '}
                {details.merkle.storedRoot === path.root
                  ? '(= carried merkle_root)'
                  : '(≠ carried merkle_root)'}
              </li>
            </ol>
          </div>
        )}
      </div>
    </Card>
  );
}

function MerkleTreePicture({
  details,
  selected,
  onSelect,
}: {
  details: WorkflowDetails;
  selected: number | undefined;
  onSelect: (i: number) => void;
}) {
  const levels = details.merkle.levels;
  const leafCount = details.merkle.leafCount;
  const duplicateLeaves = new Set(
    details.steps
      .filter((s) => s.failedRules?.some((r) => r.includes('duplicate')))
      .map((s) => s.index),
  );
  const top = levels.length - 1;
  // Each node spans the leaves below it, so parents sit centred over their children.
  const span = (level: number, index: number): string => {
    const width = 2 ** level;
    return `${index * width + 1} / ${Math.min((index + 1) * width, leafCount) + 1}`;
  };
  const onPath = (level: number, index: number): boolean =>
    selected !== undefined && Math.floor(selected / 2 ** level) === index;
  return (
    <Card title="Merkle tree">
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        Leaves are SHA-256 of each step’s receipt_id; each parent hashes the two nodes below it. A
        node marked “×2” had no neighbour and was paired with itself. Choose a leaf to follow its
        audit path (highlighted).
      </p>
      <div className="overflow-x-auto" data-testid="merkle-tree">
        <div
          className="grid min-w-max gap-x-1 gap-y-2"
          style={{ gridTemplateColumns: `repeat(${leafCount}, minmax(3.5rem, 1fr))` }}
        >
          {[...levels.keys()].reverse().flatMap((level) => {
            const count = (levels[level]?.length ?? 0) / 32;
            return Array.from({ length: count }, (_, index) => {
              const hex = nodeHex(details, level, index) ?? '';
              const isRoot = level === top;
              const mismatch = isRoot && details.merkle.status === 'mismatch';
              const dup = level === 0 && duplicateLeaves.has(index);
              const selfPaired = !isRoot && count % 2 === 1 && index === count - 1;
              const tone =
                mismatch || dup
                  ? 'bg-red-100 ring-red-500 dark:bg-red-950'
                  : onPath(level, index)
                    ? 'bg-teal-100 ring-teal-600 dark:bg-teal-950'
                    : 'ring-slate-300 dark:ring-slate-600';
              const label = `${isRoot ? 'root ' : level === 0 ? `#${index + 1} ` : ''}${hex.slice(0, 6)}${selfPaired ? ' ×2' : ''}`;
              const common = {
                title: `${isRoot ? 'root' : level === 0 ? `leaf of step ${index + 1}` : `level ${level} node ${index + 1}`}: ${hex}${selfPaired ? ' (paired with itself)' : ''}`,
                'data-node': `${level}:${index}`,
                'data-mismatch': mismatch || dup,
                className: `justify-self-center rounded px-1.5 py-0.5 font-mono text-[10px] ring-1 ring-inset ${tone}`,
                style: { gridColumn: span(level, index), gridRow: top - level + 1 },
              };
              return level === 0 ? (
                <button
                  type="button"
                  key={`${level}:${index}`}
                  onClick={() => onSelect(index)}
                  {...common}
                >
                  {label}
                </button>
              ) : (
                <span key={`${level}:${index}`} {...common}>
                  {label}
                </span>
              );
            });
          })}
        </div>
      </div>
      {details.merkle.status === 'mismatch' && (
        <p className="mt-2 text-xs text-red-800 dark:text-red-300">
          The root recomputed from these steps (red) is not the carried merkle_root{' '}
          {details.merkle.storedRoot}.
        </p>
      )}
    </Card>
  );
}
