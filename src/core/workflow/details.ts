/**
 * The facts a workflow report carries for its views (`report.details` when `type` is
 * 'workflow'). Structured-clone safe: plain objects, strings, numbers and Uint8Arrays only,
 * so it crosses the Worker boundary as is. Compact for 100,000 steps: one small row per
 * step and the tree as flat byte arrays, no per-step check lists.
 *
 * Declared as type aliases (not interfaces) so they stay assignable to the report's open
 * `ReportDetails` union without touching report.ts.
 */
import type { AnchorDetails } from '../anchor/details';
import { bytesToHex } from '../encoding/hex';
import type { Verdict } from '../model/report';
import { auditPath, nodeAt, NODE_BYTES, type SiblingSide } from './merkle/tree';

export type WorkflowMerkleStatus = 'match' | 'mismatch' | 'unavailable';

export type WorkflowStepReceiptLink = {
  /** Verdict of the supplied per-call receipt under the receipt rules. */
  verdict: Verdict;
  /** Name of the supplied document (with "item k" for a batch member). */
  source: string;
  /** First failed (or, if none, first unavailable) message of that receipt, if any. */
  firstProblem?: string;
  /** Rule ids of that receipt's failed checks, in report order. */
  failedRules: string[];
};

export type WorkflowStepRow = {
  /** 0-based position in `steps`; the step is called "step index+1" in messages. */
  index: number;
  /** `seq` as written: the number lexeme (`1`, `1.0`), or JSON of a non-number; absent if missing. */
  seq?: string;
  receiptId?: string;
  tool?: string;
  status?: string;
  agent?: string;
  branch?: string;
  /** RFC 3339 instants as ms since the epoch, when calendar-valid. */
  startedMs?: number;
  endedMs?: number;
  /**
   * Rule ids of failed checks about this step (schema, order, duplicates, linkage). Rows that
   * break the same rules share one array (workflow/tally.ts): never modify it in place.
   */
  failedRules?: readonly string[];
  /** Rule ids of warnings about this step (times); shared as failedRules is. */
  warningRules?: readonly string[];
  /** Present when the user supplied this step's per-call receipt. */
  receipt?: WorkflowStepReceiptLink;
};

export type WorkflowMerkleDetails = {
  /** `merkle_version` as written; undefined when absent (receipt-id-v0 is then assumed). */
  declaredVersion?: string;
  /** Construction used, e.g. 'receipt-id-v0'; undefined when the declared one is unknown. */
  construction?: string;
  /** For a searched construction (seq-output-v1): the candidate that reproduced the root. */
  candidate?: string;
  candidateDescription?: string;
  /** Candidate encodings tried (searched constructions). */
  tried?: string[];
  status: WorkflowMerkleStatus;
  /** Why the root could not be checked, when status is 'unavailable'. */
  unavailableReason?: string;
  /** `merkle_root` as written (any string). */
  storedRoot?: string;
  /** Recomputed root, lowercase hex, when a tree was built. */
  computedRoot?: string;
  leafCount: number;
  /**
   * levels[0] = leaves, then parents up to the root; each a flat array of 32-byte nodes.
   * Empty when no tree was built.
   */
  levels: Uint8Array[];
};

export type WorkflowDetails = {
  type: 'workflow';
  /** JSON Pointer of the workflow object ('' for the document root). */
  workflowPath: string;
  goal?: string;
  status?: string;
  workflowId?: string;
  receiptId?: string;
  sessionId?: string;
  version?: string;
  verifyUrl?: string;
  /** Workflow `output_hash` as written (bare hex expected). */
  outputHash?: string;
  stepCount: number;
  /** Earliest valid started_at and latest valid ended_at, ms since the epoch. */
  firstStartedMs?: number;
  lastEndedMs?: number;
  totalDurationMs?: number;
  merkle: WorkflowMerkleDetails;
  steps: WorkflowStepRow[];
  /** Steps without a supplied per-call receipt. */
  unlinkedStepCount: number;
  /** The supplied file whose SHA-256 equals output_hash, if any. */
  finalAnswer?: { name: string; matches: boolean; computedHash: string };
  anchorPresent: boolean;
  /** A bare Merkle root claim (steps + merkle_root only): not a workflow receipt (spec §2.2). */
  rootClaim?: boolean;
  /** Supplied .ots proofs or Nostr events checked against merkle_root / output_hash. */
  anchors?: AnchorDetails;
};

/**
 * JSON Pointer of step `index`, e.g. `/steps/0`. Derived, not stored in each row: a string per
 * row was a third of what a row of a step that is not an object kept.
 */
export function stepPointer(details: Pick<WorkflowDetails, 'workflowPath'>, index: number): string {
  return `${details.workflowPath}/steps/${index}`;
}

export type AuditPathHex = {
  index: number;
  leaf: string;
  /** Siblings from the leaf level upwards; `side` is where the sibling sits. */
  path: { sibling: string; side: SiblingSide }[];
  /** Root recomputed by the tree (the last level). */
  root: string;
};

/**
 * Audit path of step `index` (0-based) as hex, read from the stored levels, for the UI.
 * Undefined when no tree was built or the index is out of range.
 */
export function auditPathHex(details: WorkflowDetails, index: number): AuditPathHex | undefined {
  const { levels, leafCount } = details.merkle;
  const leaves = levels[0];
  const top = levels[levels.length - 1];
  if (!leaves || !top || !Number.isInteger(index) || index < 0 || index >= leafCount)
    return undefined;
  return {
    index,
    leaf: bytesToHex(nodeAt(leaves, index)),
    path: auditPath({ levels, leafCount }, index).map((s) => ({
      sibling: bytesToHex(s.sibling),
      side: s.side,
    })),
    root: bytesToHex(top.subarray(0, NODE_BYTES)),
  };
}

/** Hex of one tree node, for drawing small trees. */
export function nodeHex(
  details: WorkflowDetails,
  level: number,
  index: number,
): string | undefined {
  const bytes = details.merkle.levels[level];
  if (!bytes || index < 0 || (index + 1) * NODE_BYTES > bytes.length) return undefined;
  return bytesToHex(nodeAt(bytes, index));
}

declare module '../report-details' {
  interface DetailsByType {
    workflow: WorkflowDetails;
  }
}
