/**
 * Workflow receipts (spec §3): member and step rules, seq order and unique receipt ids, the
 * Merkle root under the declared construction, time warnings, and evidence linkage to
 * supplied step receipts and the final answer.
 */
import { checkAnchorsFor, type AnchoredValue } from '../anchor/check-anchors';
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../detect';
import { parseDigestBytes } from '../encoding/digest';
import { describeType, member, pointerOf, type JsonArray, type JsonObject } from '../json/ast';
import { buildReport, STANDING_LIMITS, type Report } from '../report';
import { defineRules } from '../rules/rule';
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

/** Rules about the workflow document as a whole (§3.1, §3.5, §5). */
export const WORKFLOW_RULES = defineRules({
  issuerUnsigned: {
    id: 'workflow.issuer.unsigned',
    dimension: 'issuer_authenticity',
    section: '§3.5',
    not_checked: STANDING_LIMITS.unsigned,
  },
  anchor: {
    id: 'workflow.anchor',
    dimension: 'anchor_verification',
    section: '§5',
    unavailable:
      'an anchor member is present, but no anchor profile for workflow receipts is published; supply its .ots proof or Nostr event to check it',
    not_checked: 'no anchor present',
  },
  rootClaim: {
    id: 'workflow.root_claim',
    dimension: 'schema_validity',
    section: '§2.2',
    info: 'a bare Merkle root claim (steps + merkle_root), not a workflow receipt: only the root, the seq order and duplicate receipt ids were checked',
  },
});

export const ROOT_CLAIM_LIMIT =
  'This is a bare Merkle root claim, not a workflow receipt: it has no goal, status, final answer or step records, so only the root over the listed receipt ids, their seq order and their uniqueness were checked.';

export const ANCHORED_ROOT_LIMIT =
  'An anchor binds this merkle_root, so steps cannot have been dropped since the anchor was made; the anchor does not show what the steps did.';

/** The record's own values an outside anchor may bind: the root and the final answer's digest. */
function workflowAnchoredValues(root: JsonObject): AnchoredValue[] {
  const values: AnchoredValue[] = [];
  for (const [name, label] of [
    ['merkle_root', 'workflow merkle_root'],
    ['output_hash', 'workflow output_hash'],
  ] as const) {
    const value = member(root, name);
    const bytes = value?.type === 'string' ? parseDigestBytes(value.value, 'bare') : undefined;
    if (bytes) values.push({ label, bytes });
  }
  return values;
}

export const TRUNCATION_LIMIT =
  'The Merkle root covers the step list as given: dropping trailing steps and recomputing the root cannot be detected from this record alone. Only an outside commitment that binds the root or the step count (an anchor or a published root) shows that no steps were dropped, and none was checked here.';

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
  const limits = [STANDING_LIMITS.hashMatch, TRUNCATION_LIMIT];
  const report = (): Report<WorkflowDetails> =>
    buildReport({
      kind: 'workflow',
      source: doc.name,
      checks: list.checks,
      limits,
      chainApplies: true,
      details,
    });

  // Detection routes only JSON objects here (a type or steps + merkle_root member), so no
  // vector can reach this through verify(); only a caller forcing the kind can. It stays out of
  // the catalogue, whose every outcome must be shown by a vector, until detection owns it.
  if (root?.type !== 'object') {
    list.fail('schema_validity', 'workflow.object', 'workflow is not a JSON object', root, {
      expected: 'object',
      found: describeType(root),
    });
    return report();
  }

  // A bare root claim is judged only on what it has (spec §2.2), never for missing members.
  const rootClaim = isMerkleRootClaim(root);
  if (rootClaim) {
    details.rootClaim = true;
    limits.push(ROOT_CLAIM_LIMIT);
    list.info(WORKFLOW_RULES.rootClaim, root);
  }
  checkWorkflowMembers(root, list, details, rootClaim);

  const stepsNode = member(root, 'steps');
  const steps: JsonArray | undefined = stepsNode?.type === 'array' ? stepsNode : undefined;
  const columns: StepColumns = emptyColumns(steps?.items.length ?? 0);
  const tally = new StepTally(list, columns.rows);
  if (steps && steps.items.length > 0) {
    checkSteps(steps, list, tally, columns, rootClaim);
    checkSeqOrder(steps, list, columns);
    checkUniqueReceiptIds(steps, list, tally, columns);
    checkStepTimes(columns, tally, list, steps);
  }
  details.stepCount = columns.count;
  details.steps = columns.rows;
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
        a.binds.includes('merkle_root') &&
        a.steps.every((s) => s.status === 'pass' || s.status === 'info'),
    );
    if (rootAnchored && details.merkle.status === 'match') limits[1] = ANCHORED_ROOT_LIMIT;
  }
  if (anchor) {
    list.unavailable(WORKFLOW_RULES.anchor, anchor);
  } else if (!details.anchors) {
    list.notChecked(WORKFLOW_RULES.anchor, root);
  }
  return report();
}
