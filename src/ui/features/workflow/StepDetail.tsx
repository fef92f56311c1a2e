import {
  auditPathHex,
  stepPointer,
  type WorkflowDetails,
  type WorkflowStepRow,
} from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { Digest } from '../../components/Digest';
import { verdictTone } from '../../selectors/verdict';
import { Field } from './Field';
import { Untrusted } from '../../components/Untrusted';

/** The selected step's members, its own receipt's verdict, and its Merkle audit path. */
export function StepDetail({ details, step }: { details: WorkflowDetails; step: WorkflowStepRow }) {
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
          <Field label="JSON pointer">
            <code>
              <Untrusted value={stepPointer(details, step.index)} sentence />
            </code>
          </Field>
          {step.failedRules && <Field label="failed rules">{step.failedRules.join(', ')}</Field>}
          {step.warningRules && <Field label="warnings">{step.warningRules.join(', ')}</Field>}
          <Field label="step receipt">
            {step.receipt ? (
              <>
                <Badge tone={verdictTone(step.receipt.verdict)} />{' '}
                <Untrusted value={step.receipt.source} />
                {step.receipt.firstProblem && (
                  <span className="block text-xs">
                    <Untrusted value={step.receipt.firstProblem} sentence />
                  </span>
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
