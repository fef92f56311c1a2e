/**
 * The only entry point the shells use: verify(document, supplied?) -> Report.
 * Detects the kind, runs that kind's rules, and adds the checks every JSON document gets
 * (duplicate member names).
 */
import { verifyAnchorDocument } from './anchor/verify-anchor-document';
import { verifyTimelineDocument } from './chain/verify-timeline';
import { CheckList } from './checks';
import { addDuplicateMemberChecks } from './duplicate-members';
import type { VerifyContext } from './context';
import {
  ACCEPTED_KINDS_MESSAGE,
  classifyValue,
  detectDocument,
  type DetectedDocument,
  type InputDocument,
} from './detect';
import { loadHashing, type Hashing } from './hash/sha256';
import type { JsonValue } from './json/ast';
import { verifyReceiptDocument } from './receipt/verify-receipt';
import {
  buildReport,
  DIMENSIONS,
  STANDING_LIMITS,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type Verdict,
} from './report';
import { verifyWorkflowDocument } from './workflow/verify-workflow';
import type { ReportDetails, VerifiedReport as Report } from './report-details';

export type { InputDocument } from './detect';

export interface VerifyOptions {
  /** Current time in ms since the epoch; defaults to Date.now(). */
  now?: number;
  /** Called with a fraction 0..1 for batches, so shells can show real progress. */
  onProgress?: (done: number, total: number) => void;
  /** Return true to stop a batch early (the Worker's cancel button). */
  isCancelled?: () => boolean;
}

type KindVerifier = (doc: DetectedDocument, ctx: VerifyContext, list: CheckList) => Report;

const KIND_VERIFIERS: Partial<Record<DetectedDocument['kind'], KindVerifier>> = {
  receipt: verifyReceiptDocument,
  'wrapped-receipt': verifyReceiptDocument,
  workflow: verifyWorkflowDocument,
  timeline: verifyTimelineDocument,
  commitment: verifyTimelineDocument,
  'nostr-event': verifyAnchorDocument,
  'ots-proof': verifyAnchorDocument,
  'block-header': verifyAnchorDocument,
};

export async function verify(
  input: InputDocument,
  supplied: InputDocument[] = [],
  options: VerifyOptions = {},
): Promise<Report> {
  const hashing = await loadHashing();
  const ctx: VerifyContext = {
    hashing,
    now: options.now ?? Date.now(),
    supplied: supplied.map(detectDocument),
  };
  return verifyDetected(detectDocument(input), ctx, options);
}

export function verifyDetected(
  doc: DetectedDocument,
  ctx: VerifyContext,
  options: VerifyOptions = {},
): Report {
  if (doc.parseError) {
    const list = new CheckList(doc.source);
    list.fail('schema_validity', 'json.syntax', doc.parseError.message, {
      pointer: '',
      start: doc.parseError.offset,
    });
    return buildReport<ReportDetails>({
      kind: 'unknown',
      source: doc.name,
      checks: list.checks,
      limits: [],
      chainApplies: false,
      parseError: doc.parseError,
    });
  }
  if (doc.kind === 'batch') return verifyBatch(doc, ctx, options);
  const list = new CheckList(doc.source);
  addDuplicateMemberChecks(doc, list);
  const verifier = KIND_VERIFIERS[doc.kind];
  if (!verifier) {
    list.fail(
      'schema_validity',
      'document.kind',
      `unrecognised document: ${doc.reason}`,
      doc.root,
      {
        detail: ACCEPTED_KINDS_MESSAGE,
      },
    );
    return buildReport<ReportDetails>({
      kind: 'unknown',
      source: doc.name,
      checks: list.checks,
      limits: [],
      chainApplies: false,
    });
  }
  return verifier(doc, ctx, list);
}

/** A JSON array or JSON Lines of documents: each member gets its own report. */
function verifyBatch(doc: DetectedDocument, ctx: VerifyContext, options: VerifyOptions): Report {
  const root = doc.root;
  const items = root?.type === 'array' ? root.items : [];
  const children: Report[] = [];
  for (let i = 0; i < items.length; i++) {
    if (options.isCancelled?.()) break;
    const item = items[i]!;
    const itemDoc: DetectedDocument = {
      ...doc,
      ...classifyValue(item),
      name: `${doc.name} ${doc.jsonLines ? 'line record' : 'item'} ${i + 1}`,
      root: item,
      duplicates: doc.duplicates.filter((d) => isInside(d.object, item)),
      jsonLines: false,
    };
    children.push(
      itemDoc.kind === 'batch' ? nestedBatchReport(itemDoc) : verifyDetected(itemDoc, ctx, options),
    );
    if (i % 100 === 99 || i === items.length - 1) options.onProgress?.(i + 1, items.length);
  }
  return batchReport(doc, children, items.length);
}

function isInside(node: JsonValue, ancestor: JsonValue): boolean {
  for (let n: JsonValue | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

function nestedBatchReport(doc: DetectedDocument): Report {
  const list = new CheckList(doc.source);
  list.fail(
    'schema_validity',
    'batch.nested',
    'a batch member is itself an array; batches are flat lists of documents',
    doc.root,
  );
  return buildReport<ReportDetails>({
    kind: 'batch',
    source: doc.name,
    checks: list.checks,
    limits: [],
    chainApplies: false,
  });
}

const WORST_FIRST: DimensionStatus[] = ['fail', 'unavailable', 'pass', 'not_checked'];

function batchReport(doc: DetectedDocument, children: Report[], total: number): Report {
  const list = new CheckList(doc.source);
  const counts: Record<Verdict, number> = { verified: 0, failed: 0, incomplete: 0 };
  for (const child of children) counts[child.verdict]++;
  // A summary only: the batch's dimensions come from its members' reports.
  list.add(
    'info',
    'schema_validity',
    'batch.members',
    `${children.length} of ${total} documents verified: ${counts.verified} verified, ${counts.failed} failed, ${counts.incomplete} incomplete`,
    doc.root,
  );
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((d) => {
      const worst =
        WORST_FIRST.find((s) => children.some((c) => c.dimensions[d].status === s)) ??
        'not_checked';
      const n = children.filter((c) => c.dimensions[d].status === worst).length;
      return [d, { status: worst, summary: `${n} of ${children.length} documents: ${worst}` }];
    }),
  ) as Record<Dimension, DimensionResult>;
  const verdict: Verdict =
    counts.failed > 0
      ? 'failed'
      : counts.incomplete > 0 || children.length < total
        ? 'incomplete'
        : 'verified';
  const report = buildReport<ReportDetails>({
    kind: 'batch',
    source: doc.name,
    checks: list.checks,
    limits: [STANDING_LIMITS.hashMatch],
    chainApplies: false,
    children,
  });
  return { ...report, dimensions, verdict };
}

export type { Hashing };
