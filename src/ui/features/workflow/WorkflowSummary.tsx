import type { WorkflowDetails } from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { Digest } from '../../components/Digest';
import { formatDuration } from '../../selectors/timeline';
import { statusTone } from '../../selectors/verdict';
import { Field } from './Field';
import { Untrusted } from '../../components/Untrusted';

/** The workflow's own members and the recomputed Merkle root beside the carried one. */
export function WorkflowSummary({ details }: { details: WorkflowDetails }) {
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
          {details.verifyUrl && (
            <code className="text-xs break-all">
              <Untrusted value={details.verifyUrl} />
            </code>
          )}
        </Field>
        <Field label="output_hash">
          {details.outputHash && <Digest value={details.outputHash} />}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {details.finalAnswer ? (
              details.finalAnswer.matches ? (
                <>
                  Matches the SHA-256 of the supplied final answer{' '}
                  <Untrusted value={details.finalAnswer.name} />.
                </>
              ) : (
                <>
                  Does not match the supplied final answer{' '}
                  <Untrusted value={details.finalAnswer.name} /> ({details.finalAnswer.computedHash}
                  ).
                </>
              )
            ) : (
              'Checkable only against the final answer’s bytes: drop or supply that file.'
            )}
          </p>
        </Field>
        <Field label="Construction">
          <code>
            <Untrusted value={merkle.construction ?? merkle.declaredVersion ?? 'unknown'} />
          </code>
          {merkle.declaredVersion === undefined && (
            <span className="text-xs"> (no merkle_version: receipt-id-v0 assumed)</span>
          )}
          {merkle.candidate && (
            <span className="text-xs">
              {' '}
              · candidate <Untrusted value={merkle.candidate} />
            </span>
          )}
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
          {merkle.unavailableReason && (
            <p className="mt-1 text-xs">
              <Untrusted value={merkle.unavailableReason} sentence />
            </p>
          )}
        </Field>
      </dl>
    </Card>
  );
}
