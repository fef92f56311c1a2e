/**
 * Evidence linkage for a workflow (spec §3.5), dimension evidence_linkage:
 * - supplied per-call receipts (bare, wrapped, or inside a batch) are verified with the receipt
 *   rules and linked to the step with the same receipt_id;
 * - a supplied file whose SHA-256 equals a step's receipt_hash is that step's record;
 * - any other supplied file that is not JSON of a known kind is a candidate final answer for
 *   the workflow output_hash.
 * Nothing supplied → not_checked, never pass or fail.
 */
import { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { classifyValue, type DetectedDocument } from '../detect';
import { bytesToHex, LOWER_HEX_64 } from '../encoding/hex';
import { member, pointerOf, type JsonArray, type JsonObject, type JsonValue } from '../json/ast';
import { checkReceipt } from '../receipt/rules';
import { buildReport, type Check, type Report } from '../report';
import type { WorkflowDetails } from './details';
import { isInsideNode } from './nodes';
import type { StepColumns } from './steps';
import { MAX_LISTED_PER_RULE, type StepTally } from './tally';

export const LINKAGE_RULES = {
  stepReceipt: 'workflow.evidence.step-receipt',
  unmatchedReceipt: 'workflow.evidence.step-receipt-unmatched',
  unlinked: 'workflow.evidence.step-receipts-unlinked',
  stepRecord: 'workflow.evidence.step-record',
  finalAnswer: 'workflow.evidence.final-answer',
} as const;

interface SuppliedReceipt {
  node: JsonValue;
  doc: DetectedDocument;
  /** Name shown in checks ("steps.jsonl item 3"). */
  label: string;
}

/** Per-call receipts among the supplied documents, batches opened up. */
export function suppliedReceipts(supplied: readonly DetectedDocument[]): SuppliedReceipt[] {
  const out: SuppliedReceipt[] = [];
  for (const doc of supplied) {
    const root = doc.root;
    if (!root) continue;
    if (doc.kind === 'receipt' || doc.kind === 'wrapped-receipt') {
      out.push({ node: receiptNode(root), doc, label: doc.name });
    } else if (doc.kind === 'batch' && root.type === 'array') {
      root.items.forEach((item, k) => {
        const kind = classifyValue(item).kind;
        if (kind === 'receipt' || kind === 'wrapped-receipt') {
          out.push({ node: receiptNode(item), doc, label: `${doc.name} item ${k + 1}` });
        }
      });
    }
  }
  return out;
}

/** The receipt object itself: the value, or its envelope.receipt for a hosted v2 answer. */
function receiptNode(value: JsonValue): JsonValue {
  if (value.type !== 'object') return value;
  const envelope = member(value, 'envelope');
  const inner = envelope?.type === 'object' ? member(envelope, 'receipt') : undefined;
  return inner?.type === 'object' ? inner : value;
}

/** Verifies one supplied receipt on its own check list; returns its report. */
function verifySuppliedReceipt(
  receipt: SuppliedReceipt,
  ctx: VerifyContext,
): { report: Report; id: string | undefined } {
  const list = new CheckList(receipt.doc.source, receipt.label);
  for (const duplicate of receipt.doc.duplicates) {
    if (!isInsideNode(duplicate.object, receipt.node)) continue;
    list.fail(
      'schema_validity',
      'json.duplicate_member',
      `duplicate member name: ${duplicate.name}`,
      duplicate.object,
    );
  }
  const facts = checkReceipt(receipt.node, ctx, list);
  const report = buildReport({
    kind: 'receipt',
    source: receipt.label,
    checks: list.checks,
    limits: [],
    chainApplies: false,
    details: facts.details,
  });
  return { report, id: facts.details.id };
}

function firstWith(checks: Check[], status: Check['status']): Check | undefined {
  return checks.find((c) => c.status === status);
}

export function checkEvidenceLinkage(
  workflow: JsonObject,
  steps: JsonArray | undefined,
  ctx: VerifyContext,
  list: CheckList,
  tally: StepTally,
  columns: StepColumns,
  details: WorkflowDetails,
): void {
  const stepsPlace = steps ?? workflow;
  // Step receipts (the id index is built only when there is something to link).
  const receipts = suppliedReceipts(ctx.supplied);
  const stepById = new Map<string, number>();
  if (receipts.length > 0) {
    for (let i = columns.count - 1; i >= 0; i--) {
      const id = columns.receiptIds[i];
      if (id !== undefined) stepById.set(id, i); // first occurrence wins
    }
  }
  let verified = 0;
  for (const receipt of receipts) {
    const { report, id } = verifySuppliedReceipt(receipt, ctx);
    const index = id === undefined ? undefined : stepById.get(id);
    const where = { pointer: pointerOf(receipt.node) };
    if (index === undefined) {
      list.warning(
        'evidence_linkage',
        LINKAGE_RULES.unmatchedReceipt,
        id === undefined
          ? 'a supplied receipt has no string id, so it cannot be linked to a step'
          : `supplied receipt ${id} matches no step receipt_id`,
        where,
        { subject: receipt.label },
      );
      continue;
    }
    const row = columns.rows[index];
    if (!row) continue;
    const label = `step ${index + 1} receipt ${id}`;
    if (row.receipt) {
      list.warning(
        'evidence_linkage',
        LINKAGE_RULES.unmatchedReceipt,
        `${label} was supplied more than once; only ${row.receipt.source} was linked`,
        where,
        { subject: receipt.label },
      );
      continue;
    }
    const failed = firstWith(report.checks, 'fail');
    const unavailable = firstWith(report.checks, 'unavailable');
    row.receipt = { verdict: report.verdict, source: receipt.label };
    const problem = failed ?? (report.verdict === 'incomplete' ? unavailable : undefined);
    if (problem) row.receipt.firstProblem = problem.message;
    const stepPlace = stepReceiptIdNode(columns, index);
    if (report.verdict === 'failed' && failed) {
      tally.fail(
        index,
        'evidence_linkage',
        LINKAGE_RULES.stepReceipt,
        `${label} failed: ${failed.message}`,
        stepPlace,
        {
          detail: `In ${receipt.label}${failed.path ? ` at ${failed.path}` : ''}.`,
          ...(failed.expected !== undefined ? { expected: failed.expected } : {}),
          ...(failed.found !== undefined ? { found: failed.found } : {}),
        },
      );
    } else if (report.verdict === 'incomplete') {
      list.unavailable(
        'evidence_linkage',
        LINKAGE_RULES.stepReceipt,
        `${label} could not be fully verified${unavailable ? `: ${unavailable.message}` : ''}`,
        stepPlace,
        { detail: `Supplied as ${receipt.label}.` },
      );
    } else {
      verified++;
      if (verified <= MAX_LISTED_PER_RULE) {
        list.pass(
          'evidence_linkage',
          LINKAGE_RULES.stepReceipt,
          `${label} verified (supplied as ${receipt.label})`,
          stepPlace,
        );
      }
    }
  }
  if (verified > MAX_LISTED_PER_RULE) {
    list.pass(
      'evidence_linkage',
      LINKAGE_RULES.stepReceipt,
      `${verified - MAX_LISTED_PER_RULE} more step receipts verified (${verified} in all)`,
      stepsPlace,
    );
  }
  let unlinked = 0;
  for (const row of columns.rows) if (row && !row.receipt) unlinked++;
  details.unlinkedStepCount = unlinked;
  if (unlinked > 0) {
    list.notChecked(
      'evidence_linkage',
      LINKAGE_RULES.unlinked,
      `${unlinked} of ${columns.count} steps have no supplied per-call receipt, so their receipts were not checked`,
      stepsPlace,
      {
        detail:
          'Full verification (draft §8.2) also verifies each step receipt: supply them (same receipt_id) to link them.',
      },
    );
  }

  // Digests of everything supplied, once.
  const digests = ctx.supplied.map((doc) => bytesToHex(ctx.hashing.sha256(doc.bytes)));

  // Step records by receipt_hash.
  const usedAsRecord = new Set<number>();
  const byDigest = new Map<string, number>();
  digests.forEach((digest, k) => {
    if (!byDigest.has(digest)) byDigest.set(digest, k);
  });
  let records = 0;
  for (let i = 0; i < columns.count && byDigest.size > 0; i++) {
    const hash = columns.receiptHashes[i];
    const k = hash === undefined ? undefined : byDigest.get(hash);
    if (k === undefined) continue;
    usedAsRecord.add(k);
    records++;
    if (records <= MAX_LISTED_PER_RULE) {
      const step = columns.nodes[i];
      list.pass(
        'evidence_linkage',
        LINKAGE_RULES.stepRecord,
        `step ${i + 1} receipt_hash matches supplied file ${ctx.supplied[k]?.name ?? ''}`,
        (step?.type === 'object' ? step.byName.get('receipt_hash') : undefined) ?? step,
      );
    }
  }
  if (records === 0) {
    list.notChecked(
      'evidence_linkage',
      LINKAGE_RULES.stepRecord,
      'step receipt_hash values were not checked: no supplied file is a step record with a matching digest',
      stepsPlace,
      {
        detail:
          'Collectors compute receipt_hash over the canonical JSON of what the component did (name, inputs, outputs, error); it is checkable only against those records.',
      },
    );
  } else if (records > MAX_LISTED_PER_RULE) {
    list.pass(
      'evidence_linkage',
      LINKAGE_RULES.stepRecord,
      `${records - MAX_LISTED_PER_RULE} more step records match their receipt_hash (${records} in all)`,
      stepsPlace,
    );
  }

  checkFinalAnswer(workflow, ctx, list, details, digests, usedAsRecord);
}

function stepReceiptIdNode(columns: StepColumns, index: number): JsonValue | undefined {
  const step = columns.nodes[index];
  return (step?.type === 'object' ? step.byName.get('receipt_id') : undefined) ?? step;
}

/** Supplied documents that may be the final answer: not JSON of a kind we know. */
function isFinalAnswerCandidate(doc: DetectedDocument): boolean {
  return doc.kind === 'unknown';
}

function checkFinalAnswer(
  workflow: JsonObject,
  ctx: VerifyContext,
  list: CheckList,
  details: WorkflowDetails,
  digests: string[],
  usedAsRecord: Set<number>,
): void {
  const outputHash = member(workflow, 'output_hash');
  const committed =
    outputHash?.type === 'string' && LOWER_HEX_64.test(outputHash.value)
      ? outputHash.value
      : undefined;
  const place = outputHash ?? workflow;

  // Any supplied file whose bytes hash to output_hash is the final answer, whatever its kind.
  const match = committed === undefined ? -1 : digests.indexOf(committed);
  if (match !== -1 && committed !== undefined) {
    const name = ctx.supplied[match]?.name ?? '';
    details.finalAnswer = { name, matches: true, computedHash: committed };
    list.pass(
      'evidence_linkage',
      LINKAGE_RULES.finalAnswer,
      `output_hash matches the supplied final answer ${name}`,
      place,
      { expected: committed, found: committed },
    );
    return;
  }

  const candidates = ctx.supplied
    .map((doc, k) => ({ doc, k }))
    .filter(({ doc, k }) => isFinalAnswerCandidate(doc) && !usedAsRecord.has(k));
  const first = candidates[0];
  if (!first) {
    list.notChecked(
      'evidence_linkage',
      LINKAGE_RULES.finalAnswer,
      'output_hash was not checked: no final answer was supplied',
      place,
      {
        detail:
          "output_hash is the SHA-256 of the final answer's UTF-8 bytes; supply that file to check it.",
      },
    );
    return;
  }
  const found = digests[first.k] ?? '';
  details.finalAnswer = { name: first.doc.name, matches: false, computedHash: found };
  if (committed === undefined) {
    list.unavailable(
      'evidence_linkage',
      LINKAGE_RULES.finalAnswer,
      'output_hash is not a well-formed digest, so the supplied final answer cannot be compared',
      place,
    );
    return;
  }
  const names = candidates.map(({ doc }) => doc.name).join(', ');
  if (!candidates.some(({ doc }) => doc.role === 'final-answer')) {
    // Content alone cannot say a stray file was meant as the final answer: say it matched
    // nothing, without failing the workflow on a guess.
    list.warning(
      'evidence_linkage',
      LINKAGE_RULES.finalAnswer,
      `supplied ${candidates.length > 1 ? 'files' : 'file'} ${names} ${candidates.length > 1 ? 'match' : 'matches'} neither output_hash nor any step receipt_hash`,
      place,
      {
        expected: committed,
        found,
        detail:
          'It was not used. If it is the final answer, it does not match output_hash: supply it as the final answer to have that checked as a rule.',
      },
    );
    list.notChecked(
      'evidence_linkage',
      LINKAGE_RULES.finalAnswer,
      'output_hash was not checked: no final answer was supplied',
      place,
    );
    delete details.finalAnswer;
    return;
  }
  list.fail(
    'evidence_linkage',
    LINKAGE_RULES.finalAnswer,
    `output_hash does not match the supplied final answer ${first.doc.name}`,
    place,
    {
      expected: committed,
      found,
      detail:
        [
          candidates.length > 1 ? `No supplied file matches (tried ${names}).` : undefined,
          trailingNewlineHint(ctx, first.doc.bytes, committed),
        ]
          .filter(Boolean)
          .join(' ') || undefined,
    },
  );
}

/** Editors often add a final line break; say so when removing it would match. */
function trailingNewlineHint(
  ctx: VerifyContext,
  bytes: Uint8Array,
  committed: string,
): string | undefined {
  let end = bytes.length;
  if (bytes[end - 1] === 0x0a) end--;
  if (bytes[end - 1] === 0x0d) end--;
  if (end === bytes.length) return undefined;
  if (bytesToHex(ctx.hashing.sha256(bytes.subarray(0, end))) !== committed) return undefined;
  return 'The file would match without its final line break (an editor may have added it); the commitment covers the exact bytes, so this is still a mismatch.';
}
