/**
 * Evidence linkage for a workflow (spec §3.5), dimension evidence_linkage:
 * - supplied per-call receipts (bare, wrapped, or inside a batch) are verified with the receipt
 *   rules and linked to the step with the same receipt_id;
 * - a supplied file whose SHA-256 equals a step's receipt_hash is that step's record;
 * - any other supplied file that is not JSON of a known kind is a candidate final answer for
 *   the workflow output_hash.
 * Nothing supplied → not_checked, never pass or fail.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { type DetectedDocument } from '../model/document';
import { parseDigest } from '../encoding/digest';
import { bytesToHex } from '../encoding/hex';
import {
  member,
  pointerOf,
  sameJson,
  type JsonArray,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { receiptIdOf, receiptNodeOf } from '../receipt/node';
import type { Check } from '../model/report';
import type { VerifiedReport } from '../report-details';
import { ruleMessage } from '../rules/rule';
import type { WorkflowDetails } from './details';
import { stepNode, type StepColumns } from './steps';
import { STEP_FINDING_CAP } from '../bounds';
import type { StepTally } from './tally';
import { LINKAGE_RULES } from './rules';

/** A supplied receipt put with the step whose receipt_id it carries, and its report. */
interface LinkedReceipt {
  node: JsonValue;
  report: VerifiedReport;
  label: string;
  id: string;
}

/** A per-call receipt among the supplied documents, as a document of its own. */
interface SuppliedReceipt {
  doc: DetectedDocument;
  /** The receipt object inside it (the value, or its envelope.receipt). */
  node: JsonValue;
  /** Its string id, which links it to a step. */
  id: string | undefined;
}

/**
 * Per-call receipts among the supplied documents, batches opened up into their members: every
 * document one of whose readings is a receipt, so that one refused as two kinds still fails the
 * step it names (VerifyContext.suppliedReceipts).
 */
function suppliedReceipts(ctx: VerifyContext): SuppliedReceipt[] {
  const out: SuppliedReceipt[] = [];
  for (const { doc, reading } of ctx.suppliedReceipts()) {
    if (!doc.root) continue;
    const node = receiptNodeOf(doc.root, reading).node;
    out.push({ doc, node, id: receiptIdOf(doc.root, reading) });
  }
  return out;
}

/**
 * What must agree between copies of one step's receipt: the verdict and every failing,
 * unavailable or warning rule. Copies of one receipt can still differ in what surrounds it (a
 * wrapper's outer members, a duplicate member name), and only what their reports say shows it.
 */
function outcomeOf(report: VerifiedReport): string {
  const rules = report.checks
    .filter((c) => c.status === 'fail' || c.status === 'unavailable' || c.status === 'warning')
    .map((c) => `${c.status} ${c.rule}`)
    .sort();
  return [report.verdict, ...rules].join('\n');
}

/** Orders copies by the name they were supplied under, so the first does not depend on arrival. */
function byLabel(a: LinkedReceipt, b: LinkedReceipt): number {
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

/** A copy's verdict for people, with its first failure when it has one. */
function describeCopy(copy: LinkedReceipt): string {
  const failed = firstWith(copy.report.checks, 'fail');
  return `${copy.label}: ${copy.report.verdict}${failed ? ` (${failed.message})` : ''}`;
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
  const receipts = suppliedReceipts(ctx);
  const stepById = new Map<string, number>();
  if (receipts.length > 0) {
    for (let i = columns.count - 1; i >= 0; i--) {
      const id = columns.receiptIds[i];
      if (id !== undefined) stepById.set(id, i); // first occurrence wins
    }
  }
  // Every supplied receipt is verified and put with its step first, then each step judged
  // once: what it gets cannot depend on the order the files arrived in.
  const byStep = new Map<number, LinkedReceipt[]>();
  for (const receipt of receipts) {
    const label = receipt.doc.name;
    // The same pipeline as a receipt verified alone: every rule, evidence, anchor, duplicates.
    const report = ctx.verifySupplied(receipt.doc);
    const id = receipt.id;
    const index = id === undefined ? undefined : stepById.get(id);
    if (index === undefined || id === undefined) {
      list.warning(
        LINKAGE_RULES.unmatchedReceipt,
        { pointer: pointerOf(receipt.node) },
        {
          subject: label,
          params: {
            reason:
              id === undefined
                ? 'a supplied receipt has no string id, so it cannot be linked to a step'
                : `supplied receipt ${id} matches no step receipt_id`,
          },
        },
      );
      continue;
    }
    const copies = byStep.get(index);
    const linked = { node: receipt.node, report, label, id };
    if (copies) copies.push(linked);
    else byStep.set(index, [linked]);
  }
  let verified = 0;
  for (const index of [...byStep.keys()].sort((a, b) => a - b)) {
    const copies = byStep.get(index)!.sort(byLabel);
    // (A step past the listed rows gets a row of its own, not kept.)
    const row = columns.rows[index] ?? { index };
    const first = copies[0]!;
    const step = `step ${index + 1} receipt ${first.id}`;
    const stepPlace = stepReceiptIdNode(columns, index);
    if (copies.length > 1) {
      const sources = copies.map((copy) => copy.label);
      const sameReceipt = copies.every((copy) => sameJson(copy.node, first.node));
      if (
        !sameReceipt ||
        !copies.every((copy) => outcomeOf(copy.report) === outcomeOf(first.report))
      ) {
        // Two different receipts for one step, or two copies of one receipt whose documents
        // verify differently: which one is the step's cannot be known, so neither is linked,
        // and the workflow fails whatever the order they came in.
        const params = {
          step,
          count: copies.length,
          which: sameReceipt
            ? 'copies of its receipt that verify differently'
            : 'different receipts',
          sources: sources.join(', '),
        };
        row.receipt = {
          verdict: 'failed',
          source: sources.join(', '),
          failedRules: [LINKAGE_RULES.stepReceiptConflict.id],
          firstProblem: ruleMessage(LINKAGE_RULES.stepReceiptConflict, 'fail', params),
        };
        tally.fail(index, LINKAGE_RULES.stepReceiptConflict, stepPlace, {
          params,
          detail: copies
            .map(sameReceipt ? describeCopy : (copy) => `${copy.label}: ${copy.report.verdict}`)
            .join('; '),
        });
        continue;
      }
      list.warning(LINKAGE_RULES.unmatchedReceipt, stepPlace, {
        params: {
          reason: `${step} was supplied ${copies.length} times with the same receipt (${sources.join(', ')}); it is linked once`,
        },
      });
    }
    const { report, label } = first;
    const failed = firstWith(report.checks, 'fail');
    const unavailable = firstWith(report.checks, 'unavailable');
    row.receipt = {
      verdict: report.verdict,
      source: label,
      failedRules: report.checks.filter((c) => c.status === 'fail').map((c) => c.rule),
    };
    const problem = failed ?? (report.verdict === 'incomplete' ? unavailable : undefined);
    if (problem) row.receipt.firstProblem = problem.message;
    if (report.verdict === 'failed' && failed) {
      tally.fail(index, LINKAGE_RULES.stepReceipt, stepPlace, {
        params: { step, source: label, reason: failed.message },
        detail: `In ${label}${failed.path ? ` at ${failed.path}` : ''}: rule ${failed.rule}.`,
        ...(failed.expected !== undefined ? { expected: failed.expected } : {}),
        ...(failed.found !== undefined ? { found: failed.found } : {}),
      });
    } else if (report.verdict === 'incomplete') {
      list.unavailable(LINKAGE_RULES.stepReceipt, stepPlace, {
        params: { step, source: label, reason: unavailable ? `: ${unavailable.message}` : '' },
        detail: `Supplied as ${label}.`,
      });
    } else {
      verified++;
      if (verified <= STEP_FINDING_CAP)
        list.pass(LINKAGE_RULES.stepReceipt, stepPlace, { params: { step, source: label } });
    }
  }
  if (verified > STEP_FINDING_CAP) {
    list.pass(LINKAGE_RULES.stepReceiptsVerified, stepsPlace, {
      params: { more: verified - STEP_FINDING_CAP, all: verified },
    });
  }
  // Every step that a supplied receipt matched got one (or a conflict) above.
  const unlinked = columns.count - byStep.size;
  details.unlinkedStepCount = unlinked;
  if (unlinked > 0) {
    list.notChecked(LINKAGE_RULES.unlinked, stepsPlace, {
      params: { unlinked, steps: columns.count },
      detail:
        'Full verification (draft §8.2) also verifies each step receipt: supply them (same receipt_id) to link them.',
    });
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
    if (records <= STEP_FINDING_CAP) {
      const step = stepNode(columns, i);
      list.pass(
        LINKAGE_RULES.stepRecord,
        (step?.type === 'object' ? member(step, 'receipt_hash') : undefined) ?? step,
        { params: { step: i + 1, name: ctx.supplied[k]?.name ?? '' } },
      );
    }
  }
  if (records === 0) {
    list.notChecked(LINKAGE_RULES.stepRecord, stepsPlace, {
      detail:
        'Collectors compute receipt_hash over the canonical JSON of what the component did (name, inputs, outputs, error); it is checkable only against those records.',
    });
  } else if (records > STEP_FINDING_CAP) {
    list.pass(LINKAGE_RULES.stepRecordsMatch, stepsPlace, {
      params: { more: records - STEP_FINDING_CAP, all: records },
    });
  }

  checkFinalAnswer(workflow, ctx, list, details, digests, usedAsRecord);
}

function stepReceiptIdNode(columns: StepColumns, index: number): JsonValue | undefined {
  const step = stepNode(columns, index);
  return (step?.type === 'object' ? member(step, 'receipt_id') : undefined) ?? step;
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
    outputHash?.type === 'string' ? parseDigest(outputHash.value, 'bare') : undefined;
  const place = outputHash ?? workflow;

  // A file the user supplied as the final answer is judged as such, whatever else matches.
  const declared = ctx.supplied.flatMap((doc, k) => (doc.role === 'final-answer' ? [k] : []));
  if (declared.length > 0) {
    checkDeclaredFinalAnswer(ctx, list, details, digests, declared, committed, place);
    return;
  }

  // Any supplied file whose bytes hash to output_hash is the final answer, whatever its kind.
  const match = committed === undefined ? -1 : digests.indexOf(committed);
  if (match !== -1 && committed !== undefined) {
    const name = ctx.supplied[match]?.name ?? '';
    details.finalAnswer = { name, matches: true, computedHash: committed };
    list.pass(LINKAGE_RULES.finalAnswer, place, {
      params: { name },
      expected: committed,
      found: committed,
    });
    return;
  }

  const candidates = ctx.supplied
    .map((doc, k) => ({ doc, k }))
    .filter(({ doc, k }) => isFinalAnswerCandidate(doc) && !usedAsRecord.has(k));
  const first = candidates[0];
  if (!first) {
    list.notChecked(LINKAGE_RULES.finalAnswer, place, {
      detail:
        "output_hash is the SHA-256 of the final answer's UTF-8 bytes; supply that file to check it.",
    });
    return;
  }
  const found = digests[first.k] ?? '';
  details.finalAnswer = { name: first.doc.name, matches: false, computedHash: found };
  if (committed === undefined) {
    list.unavailable(LINKAGE_RULES.finalAnswer, place);
    return;
  }
  const names = candidates.map(({ doc }) => doc.name).join(', ');
  // Content alone cannot say a stray file was meant as the final answer: say it matched
  // nothing, without failing the workflow on a guess.
  list.warning(LINKAGE_RULES.finalAnswer, place, {
    params: {
      files: candidates.length > 1 ? 'files' : 'file',
      names,
      match: candidates.length > 1 ? 'match' : 'matches',
    },
    expected: committed,
    found,
    detail:
      'It was not used. If it is the final answer, it does not match output_hash: supply it as the final answer to have that checked as a rule.',
  });
  list.notChecked(LINKAGE_RULES.finalAnswer, place);
  delete details.finalAnswer;
}

/**
 * The final answer the user named (--final-answer, "this is the final answer"): it must match
 * output_hash, and another supplied file that happens to match cannot stand in for it.
 */
function checkDeclaredFinalAnswer(
  ctx: VerifyContext,
  list: CheckList,
  details: WorkflowDetails,
  digests: string[],
  declared: number[],
  committed: string | undefined,
  place: JsonValue,
): void {
  const wrong = declared.find((k) => digests[k] !== committed) ?? -1;
  const judged = wrong === -1 ? declared[0]! : wrong;
  const doc = ctx.supplied[judged]!;
  const found = digests[judged] ?? '';
  details.finalAnswer = { name: doc.name, matches: wrong === -1, computedHash: found };
  if (committed === undefined) {
    list.unavailable(LINKAGE_RULES.finalAnswer, place);
    return;
  }
  if (wrong === -1) {
    list.pass(LINKAGE_RULES.finalAnswer, place, {
      params: { name: doc.name },
      expected: committed,
      found: committed,
    });
    return;
  }
  const others = digests.some((digest, k) => digest === committed && !declared.includes(k));
  list.fail(LINKAGE_RULES.finalAnswer, place, {
    params: { name: doc.name },
    expected: committed,
    found,
    detail:
      [
        others
          ? 'Another supplied file matches output_hash, but it was not supplied as the final answer.'
          : undefined,
        trailingNewlineHint(ctx, doc.bytes, committed),
      ]
        .filter(Boolean)
        .join(' ') || undefined,
  });
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
