/**
 * Workflow receipts (spec §3): member and step rules, seq order and unique receipt ids, the
 * Merkle root under the declared construction, time warnings, and evidence linkage to
 * supplied step receipts and the final answer.
 */
import { checkAnchorsFor, type AnchoredValue } from '../anchor/check-anchors';
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import { parseDigestBytes } from '../encoding/digest';
import { describeType, member, pointerOf, type JsonArray, type JsonObject } from '../json/ast';
import { arrayLength } from '../json/parse';
import { buildReport } from '../report';
import { type Report } from '../model/report';
import type { WorkflowDetails } from './details';
import { checkEvidenceLinkage } from './linkage';
import { checkWorkflowMembers, isMerkleRootClaim } from './members';
import { checkMerkleRoot } from './merkle-check';
import {
  checkSeqOrder,
  checkSteps,
  checkUniqueReceiptIds,
  emptyColumns,
  type StepColumns,
} from './steps';
import { StepTally } from './tally';
import { checkStepTimes, timeSpan } from './timing';
import { LISTED_STEP_ROWS, STANDING_LIMITS, WORKFLOW_LIMITS } from '../limits';
import { WORKFLOW_RULES } from './rules';

/** The record's own values an outside anchor may bind: the root and the final answer's digest. */
function workflowAnchoredValues(root: JsonObject): AnchoredValue[] {
  const values: AnchoredValue[] = [];
  for (const [name, label, anchored] of [
    ['merkle_root', 'workflow merkle_root', 'workflow.merkle_root'],
    ['output_hash', 'workflow output_hash', 'workflow.output_hash'],
  ] as const) {
    const value = member(root, name);
    const bytes = value?.type === 'string' ? parseDigestBytes(value.value, 'bare') : undefined;
    if (bytes) values.push({ label, member: anchored, bytes });
  }
  return values;
}

export function verifyWorkflowDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): Report<WorkflowDetails> {
  const root = doc.root;
  const details: WorkflowDetails = {
    type: 'workflow',
    workflowPath: root ? pointerOf(root) : '',
    stepCount: 0,
    merkle: { status: 'unavailable', leafCount: 0, levels: [] },
    steps: [],
    unlinkedStepCount: 0,
    anchorPresent: false,
  };
  const limits: string[] = [STANDING_LIMITS.hashMatch, WORKFLOW_LIMITS.truncation];
  const report = (): Report<WorkflowDetails> =>
    buildReport({
      kind: 'workflow',
      source: doc.name,
      checks: list,
      limits,
      chainApplies: true,
      details,
    });

  // Detection routes only JSON objects here (a type or steps + merkle_root member): anything
  // else is a caller's bug (a kind forced on another value), not a finding about the input.
  if (root?.type !== 'object') {
    throw new Error(
      `verifyWorkflowDocument: a workflow is a JSON object, not ${describeType(root)}`,
    );
  }

  // A bare root claim is judged only on what it has (spec §2.2), never for missing members.
  const rootClaim = isMerkleRootClaim(root);
  if (rootClaim) {
    details.rootClaim = true;
    limits.push(WORKFLOW_LIMITS.rootClaim);
    list.info(WORKFLOW_RULES.rootClaim, root);
  }
  checkWorkflowMembers(root, list, details, rootClaim);

  const stepsNode = member(root, 'steps');
  const steps: JsonArray | undefined = stepsNode?.type === 'array' ? stepsNode : undefined;
  const columns: StepColumns = emptyColumns(
    steps ? arrayLength(steps) : 0,
    ctx.stepTable === false ? 0 : LISTED_STEP_ROWS,
  );
  const tally = new StepTally(list, columns.rows);
  if (steps && columns.count > 0) {
    checkSteps(steps, list, tally, columns, rootClaim);
    checkSeqOrder(steps, list, tally, columns);
    checkUniqueReceiptIds(steps, list, tally, columns, ctx.hashing);
    checkStepTimes(columns, tally, list, steps);
  }
  details.stepCount = columns.count;
  details.steps = columns.rows;
  if (columns.count > LISTED_STEP_ROWS) limits.push(WORKFLOW_LIMITS.stepRows);
  const span = timeSpan(columns);
  if (span.first !== undefined) details.firstStartedMs = span.first;
  if (span.last !== undefined) details.lastEndedMs = span.last;
  if (span.first !== undefined && span.last !== undefined) {
    details.totalDurationMs = span.last - span.first;
  }

  checkMerkleRoot(root, steps ? columns : undefined, ctx.hashing, list, details);
  if (!rootClaim) checkEvidenceLinkage(root, steps, ctx, list, tally, columns, details);
  tally.summarise(steps ?? root);

  list.notChecked(WORKFLOW_RULES.issuerUnsigned);
  const anchor = member(root, 'anchor');
  details.anchorPresent = anchor !== undefined;
  // Supplied .ots proofs or Nostr events may anchor the root or the output hash (spec §5.3).
  const anchoredValues = workflowAnchoredValues(root);
  const anchors =
    anchoredValues.length > 0
      ? checkAnchorsFor(anchoredValues, ctx, list, { unmatched: 'info' })
      : undefined;
  if (anchors && anchors.anchors.length > 0) {
    details.anchors = anchors;
    const rootAnchored = anchors.anchors.some(
      (a) =>
        a.bindsRecord &&
        a.bound.includes('workflow.merkle_root') &&
        a.steps.every((s) => s.status === 'pass' || s.status === 'info'),
    );
    if (rootAnchored && details.merkle.status === 'match') limits[1] = WORKFLOW_LIMITS.anchoredRoot;
  }
  if (anchor) {
    list.unavailable(WORKFLOW_RULES.anchor, anchor);
  } else if (!details.anchors) {
    list.notChecked(WORKFLOW_RULES.anchor, root);
  }
  return report();
}
