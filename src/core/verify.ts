/**
 * The one pipeline every shell uses — the Worker, the CLI, the bench — for every way documents
 * arrive: detect each input, group what belongs together (ingest.ts), verify each group by
 * dispatching on the kind registry (kinds/). A document nested in another (a batch member, a
 * workflow's supplied step receipt) goes through the same dispatch as if it had come alone, so
 * the same bytes cannot get two verdicts.
 */
import { CheckList } from './checks';
import type { VerifyContext } from './context';
import { detectDocument, detectMember, type DetectedDocument, type InputDocument } from './detect';
import { DOCUMENT_RULES } from './document-rules';
import { addDuplicateMemberChecks } from './duplicate-members';
import { addHiddenCharacterChecks } from './text/text-rules';
import { loadHashing, type Hashing } from './hash/sha256';
import {
  groupDocuments,
  linkedMaterial,
  type DocumentGroup,
  type UnplacedDocument,
} from './ingest';
import { KINDS, ACCEPTED_KINDS_MESSAGE } from './kinds/registry';
import { combineProfiles } from './profiles';
import {
  buildReport,
  DIMENSIONS,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type ParseFailure,
  type Verdict,
} from './report';
import type { ReportDetails, VerifiedReport } from './report-details';
import { STANDING_LIMITS } from './limits';

export type { InputDocument } from './detect';

export interface VerifyOptions {
  /** Current time in ms since the epoch; defaults to Date.now(). */
  now?: number;
  /**
   * Group the inputs as a drop in the app does (default). With false, each input is verified
   * as its own record, with `supplied` supplied to every one (the CLI's default).
   */
  group?: boolean;
  /** With group: false, documents supplied with every input (the CLI's --supply). */
  supplied?: InputDocument[];
  /** When the receipt was fetched by id (spec §2.4 step 1): the id that was asked for. */
  expectedReceiptId?: string;
  /** Consumer policy (profiles.ts): largest accepted created_at ahead of `now`, in ms; off when absent. */
  maxFutureMs?: number;
  /** Consumer policy: largest accepted age of created_at, in ms; off when absent. */
  maxAgeMs?: number;
  /**
   * Progress for people: a batch's members when there is one group, else groups done.
   * Called after every 100 members and after every group.
   */
  onProgress?: (done: number, total: number) => void;
  /** Return true to stop early (the Worker's cancel button). */
  isCancelled?: () => boolean;
}

export interface VerifiedGroup {
  report: VerifiedReport;
  main: DetectedDocument;
  supplied: DetectedDocument[];
}

export interface Verification {
  results: VerifiedGroup[];
  /** Documents ingestion could not place with any record, with the reason. */
  unplaced: UnplacedDocument[];
}

/** Verifies everything that arrived together: one report per record. */
export async function verifyAll(
  inputs: InputDocument[],
  options: VerifyOptions = {},
): Promise<Verification> {
  const hashing = await loadHashing();
  const docs = inputs.map(detectDocument);
  let groups: DocumentGroup[];
  let unplaced: UnplacedDocument[] = [];
  if (options.group === false) {
    const supplied = (options.supplied ?? []).map(detectDocument);
    groups = docs.map((main) => ({ main, supplied }));
  } else {
    ({ groups, unplaced } = groupDocuments(docs, hashing));
  }
  const now = options.now ?? Date.now();
  const results: VerifiedGroup[] = [];
  for (const [index, group] of groups.entries()) {
    if (options.isCancelled?.()) break;
    const run: Run = {
      hashing,
      now,
      options: groups.length === 1 ? options : { ...options, onProgress: undefined },
    };
    const ctx = contextFor(run, group.supplied, options.expectedReceiptId);
    results.push({ report: verifyDocument(group.main, ctx, run), ...group });
    if (groups.length > 1) options.onProgress?.(index + 1, groups.length);
  }
  return { results, unplaced };
}

/** One document with what is supplied with it (tests and scripts): its report. */
export async function verify(
  input: InputDocument,
  supplied: InputDocument[] = [],
  options: Omit<VerifyOptions, 'group' | 'supplied'> = {},
): Promise<VerifiedReport> {
  const { results } = await verifyAll([input], { ...options, group: false, supplied });
  const result = results[0];
  if (!result) throw new Error('verification was cancelled');
  return result.report;
}

/**
 * Records of a JSON Lines stream (the CLI's --jsonl), each verified exactly as a member of a
 * batch file is — a record that is itself an array is a nested batch — so a record gets the
 * same verdict streamed as in the whole file. One report per input, in order.
 */
export async function verifyRecords(
  inputs: InputDocument[],
  options: Pick<VerifyOptions, 'now' | 'maxFutureMs' | 'maxAgeMs'> = {},
): Promise<VerifiedReport[]> {
  const { now, ...policy } = options;
  const run: Run = { hashing: await loadHashing(), now: now ?? Date.now(), options: policy };
  return inputs.map((input) => {
    const doc = detectDocument(input);
    if (KINDS[doc.kind].members && !doc.parseError) return nestedContainerReport(doc);
    return verifyDocument(doc, contextFor(run, []), run);
  });
}

/** What stays the same for every document of one run. */
interface Run {
  hashing: Hashing;
  now: number;
  options: VerifyOptions;
}

function contextFor(
  run: Run,
  supplied: DetectedDocument[],
  expectedReceiptId?: string,
): VerifyContext {
  const ctx: VerifyContext = {
    hashing: run.hashing,
    now: run.now,
    supplied,
    // A supplied document gets the material of this group that links to it, and nothing else:
    // what it would have had if it had arrived alone with its own files.
    verifySupplied: (doc) => verifyNested(doc, supplied, run),
  };
  if (expectedReceiptId !== undefined) ctx.expectedReceiptId = expectedReceiptId;
  const { maxFutureMs, maxAgeMs } = run.options;
  if (maxFutureMs !== undefined || maxAgeMs !== undefined) {
    ctx.policy = {};
    if (maxFutureMs !== undefined) ctx.policy.maxFutureMs = maxFutureMs;
    if (maxAgeMs !== undefined) ctx.policy.maxAgeMs = maxAgeMs;
  }
  return ctx;
}

function verifyNested(
  doc: DetectedDocument,
  available: readonly DetectedDocument[],
  run: Run,
): VerifiedReport {
  const material = available.length === 0 ? [] : linkedMaterial(doc, available, run.hashing);
  const { maxFutureMs, maxAgeMs } = run.options;
  const policy = {
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  };
  return verifyDocument(doc, contextFor(run, material), { ...run, options: policy });
}

/** The one dispatch: every document, wherever it appears, is verified here. */
function verifyDocument(doc: DetectedDocument, ctx: VerifyContext, run: Run): VerifiedReport {
  if (doc.parseError) {
    const list = new CheckList(doc.source);
    list.fail(
      DOCUMENT_RULES.syntax,
      { pointer: '', start: doc.parseError.offset },
      { params: { parser_message: doc.parseError.message } },
    );
    return unreadableReport(doc, list, doc.parseError);
  }
  const descriptor = KINDS[doc.kind];
  if (descriptor.members) return verifyContainer(doc, ctx, run);
  const list = new CheckList(doc.source);
  addDuplicateMemberChecks(doc, list);
  addHiddenCharacterChecks(doc, list);
  if (!descriptor.verify) {
    list.fail(DOCUMENT_RULES.kind, doc.root, {
      params: { reason: doc.reason },
      detail: ACCEPTED_KINDS_MESSAGE,
    });
    return unreadableReport(doc, list);
  }
  return descriptor.verify(doc, ctx, list);
}

/** The report of a document that could not be read or recognised: its checks say why. */
function unreadableReport(
  doc: DetectedDocument,
  list: CheckList,
  parseError?: ParseFailure,
): VerifiedReport {
  return buildReport<ReportDetails>({
    kind: 'unknown',
    source: doc.name,
    checks: list.checks,
    limits: [],
    chainApplies: false,
    ...(parseError ? { parseError } : {}),
  });
}

/** A batch: each member verified as if it had come alone, then a summary. */
function verifyContainer(doc: DetectedDocument, ctx: VerifyContext, run: Run): VerifiedReport {
  const members = KINDS[doc.kind].members?.(doc) ?? [];
  const children: VerifiedReport[] = [];
  for (let i = 0; i < members.length; i++) {
    if (run.options.isCancelled?.()) break;
    const { value, name } = members[i]!;
    const member = detectMember(doc, value, name);
    children.push(
      KINDS[member.kind].members
        ? nestedContainerReport(member)
        : verifyNested(member, ctx.supplied, run),
    );
    if (i % 100 === 99 || i === members.length - 1) run.options.onProgress?.(i + 1, members.length);
  }
  return containerReport(doc, children, members.length);
}

function nestedContainerReport(doc: DetectedDocument): VerifiedReport {
  const list = new CheckList(doc.source);
  list.fail(DOCUMENT_RULES.batchNested, doc.root);
  return buildReport<ReportDetails>({
    kind: 'batch',
    source: doc.name,
    checks: list.checks,
    limits: [],
    chainApplies: false,
  });
}

const WORST_FIRST: DimensionStatus[] = ['fail', 'unavailable', 'pass', 'not_checked'];

function containerReport(
  doc: DetectedDocument,
  children: VerifiedReport[],
  total: number,
): VerifiedReport {
  const list = new CheckList(doc.source);
  const counts: Record<Verdict, number> = { verified: 0, failed: 0, incomplete: 0 };
  for (const child of children) counts[child.verdict]++;
  // A summary only: the batch's dimensions come from its members' reports.
  list.info(DOCUMENT_RULES.batchMembers, doc.root, {
    params: { checked: children.length, total, ...counts },
  });
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
    kind: doc.kind,
    source: doc.name,
    checks: list.checks,
    limits: [STANDING_LIMITS.hashMatch],
    chainApplies: false,
    children,
  });
  return { ...report, dimensions, verdict, profiles: combineProfiles(children, verdict) };
}

export type { Hashing };

/**
 * A context for calling one kind's rules directly (unit tests, the bench), wired to this
 * pipeline exactly as verifyAll wires it.
 */
export function createVerifyContext(
  hashing: Hashing,
  supplied: DetectedDocument[] = [],
  now: number = Date.now(),
): VerifyContext {
  return contextFor({ hashing, now, options: {} }, supplied);
}
