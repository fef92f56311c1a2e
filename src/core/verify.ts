/**
 * The one pipeline every shell uses — the Worker, the CLI, the bench — for every way documents
 * arrive: detect each input, group what belongs together (ingest.ts), verify each group by
 * dispatching on the kind registry (kinds/). A document nested in another (a batch member, a
 * workflow's supplied step receipt) goes through the same dispatch as if it had come alone, so
 * the same bytes cannot get two verdicts.
 */
import { CheckList, expandReport } from './checks';
import type { VerifyContext } from './context';
import { detectDocument, detectMember, detectRecord, receiptReadingOf } from './detect';
import { recordDocument } from './json-lines-record';
import { type DetectedDocument, type InputDocument } from './model/document';
import { DOCUMENT_RULES } from './document-rules';
import { MAX_RECORD_BYTES } from './bounds';
import { addAmbiguousKindChecks } from './ambiguous-kind';
import { addCarriedCommitmentChecks } from './carried-commitments';
import { addDuplicateMemberChecks } from './duplicate-members';
import { addHiddenCharacterChecks } from './text/text-rules';
import { asyncOnlyNativeSha256, loadHashing, type AsyncSha256, type Hashing } from './hash/sha256';
import { mayHoldLargePayload } from './hash/prehashed';
import {
  groupDocuments,
  linkedMaterial,
  unplacedSupplied,
  type DocumentGroup,
  type UnplacedDocument,
} from './ingest';
import { KINDS, ACCEPTED_KINDS_MESSAGE } from './kinds/registry';
import { readsAsTree } from './kinds/kind';
import { loadCodeFor } from './load-code';
import { onDemand } from './on-demand';
import { buildReport } from './report';
import { DIMENSIONS, type DocumentKind, type ParseFailure, type SourceRange } from './model/report';
import type { ReportDetails, VerifiedReport } from './report-details';
import { BatchSummary, memberOutcome } from './batch-summary';

export type { InputDocument } from './model/document';

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
  /**
   * false: a workflow report leaves its step table (details.steps) empty, for a shell that
   * shows none (the CLI); every step is still checked, and the checks and limits are the same.
   */
  stepTable?: boolean;
  /** Consumer policy (profiles.ts): largest accepted created_at ahead of `now`, in ms; off when absent. */
  maxFutureMs?: number;
  /** Consumer policy: largest accepted age of created_at, in ms; off when absent. */
  maxAgeMs?: number;
  /**
   * Progress for people: a batch's members when there is one group, else groups done.
   * Called after every 100 members and after every group.
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Each batch member's report as soon as it is made (a batch report lists every member only
   * while it has at most BATCH_LISTED_MEMBERS): a shell that shows or prints every member
   * takes them from here, one at a time, without the batch holding them all.
   */
  onMember?: (report: VerifiedReport, index: number, total: number) => void;
  /** Return true to stop early (the Worker's cancel button). */
  isCancelled?: () => boolean;
  /**
   * The native digest of the large-payload pre-pass (large-payloads.ts). Default: WebCrypto
   * where the platform has no synchronous native SHA-256 (browsers, Workers), none on Node;
   * null: off. Tests inject WebCrypto to run the browser's path under Node.
   */
  asyncSha256?: AsyncSha256 | null;
}

export interface VerifiedGroup {
  report: VerifiedReport;
  main: DetectedDocument;
  supplied: DetectedDocument[];
}

export interface Verification {
  results: VerifiedGroup[];
  /**
   * Documents that could not be placed with any record, with the reason: grouped, what
   * ingestion could not place; with group: false, supplied documents no input could use.
   */
  unplaced: UnplacedDocument[];
}

/** Verifies everything that arrived together: one report per record. */
export async function verifyAll(
  inputs: InputDocument[],
  options: VerifyOptions = {},
): Promise<Verification> {
  const docs = inputs.map(detectDocument);
  const supplied = options.group === false ? (options.supplied ?? []).map(detectDocument) : [];
  const hashing = await hashingFor(docs, supplied, options.asyncSha256);
  let groups: DocumentGroup[];
  let unplaced: UnplacedDocument[];
  if (options.group === false) {
    groups = docs.map((main) => ({ main, supplied }));
    unplaced = unplacedSupplied(docs, supplied, hashing);
  } else {
    ({ groups, unplaced } = groupDocuments(docs, hashing));
  }
  await loadCodeFor(groups.flatMap((group) => [group.main, ...group.supplied]));
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
    results.push({ report: expandReport(verifyDocument(group.main, ctx, run)), ...group });
    if (groups.length > 1) options.onProgress?.(index + 1, groups.length);
  }
  return { results, unplaced };
}

/**
 * The hashing the rules use: with the large-payload pre-pass (large-payloads.ts) where the only
 * native digest is asynchronous (browsers, Workers) and some document is big enough to need it.
 * The pre-pass loads only then, so ordinary receipts do not carry it into the page.
 */
async function hashingFor(
  docs: readonly DetectedDocument[],
  supplied: readonly DetectedDocument[],
  asyncSha256: AsyncSha256 | null | undefined,
  loaded?: Hashing,
): Promise<Hashing> {
  const hashing = loaded ?? (await loadHashing());
  const digest = prehashDigest(docs, supplied, asyncSha256);
  if (!digest) return hashing;
  await PREHASH.load();
  return PREHASH.get().prehashLargePayloads(hashing, docs, supplied, digest);
}

/** The large-payload pre-pass, loaded only for an input that needs it (on-demand.ts). */
const PREHASH = /* @__PURE__ */ onDemand(
  'the large-payload pre-pass',
  'hashingFor',
  () => import('./large-payloads'),
);

/** The digest the large-payload pre-pass would use; undefined when it has nothing to do. */
function prehashDigest(
  docs: readonly DetectedDocument[],
  supplied: readonly DetectedDocument[],
  asyncSha256: AsyncSha256 | null | undefined,
): AsyncSha256 | undefined {
  // The sizes first: finding the platform's hash loads node:crypto, which most runs never use.
  if (!(docs.some(mayHoldLargePayload) || supplied.some(mayHoldLargePayload))) return undefined;
  return (asyncSha256 === undefined ? asyncOnlyNativeSha256() : asyncSha256) ?? undefined;
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

/** What verifyRecords and verifyEachRecord take besides the records. */
export type RecordOptions = Pick<
  VerifyOptions,
  'now' | 'maxFutureMs' | 'maxAgeMs' | 'asyncSha256'
> & {
  /**
   * For a shell that writes each report at once (the CLI's --jsonl): the passing checks are
   * left as recorded, their message, pointer and position made only when read. Such a report
   * is not to be cloned or kept (expandReport makes it plain).
   */
  lazyPasses?: boolean;
};

/**
 * Records of a JSON Lines stream (the CLI's --jsonl), each verified exactly as a member of a
 * batch file is — a record that is itself an array is a nested batch — so a record gets the
 * same verdict streamed as in the whole file. One report per input, in order.
 */
export async function verifyRecords(
  inputs: InputDocument[],
  options: RecordOptions = {},
): Promise<VerifiedReport[]> {
  const reports: VerifiedReport[] = [];
  await verifyEachRecord(inputs, options, (report) => reports.push(report));
  return reports;
}

/**
 * verifyRecords for a shell that writes each report as it is made: `onReport` is called with
 * each, in order, and none is kept (a block's reports held until its end outlived the young
 * generation of the garbage collector). The next input is taken only after the report of the
 * one before was handed to `onReport`.
 */
export async function verifyEachRecord(
  inputs: Iterable<InputDocument>,
  options: RecordOptions,
  onReport: (report: VerifiedReport) => void,
): Promise<void> {
  const { now, asyncSha256, lazyPasses, ...policy } = options;
  const finish = lazyPasses ? (report: VerifiedReport) => report : expandReport;
  const run: Run = { hashing: await loadHashing(), now: now ?? Date.now(), options: policy };
  // Every record gets the same context: nothing supplied, nothing the rules change.
  const ctx = contextFor(run, []);
  for (const input of inputs) {
    const doc = detectRecord(input);
    // A container record is reported without verifying its members (nestedContainerReport).
    if (KINDS[doc.kind].members && !doc.parseError) {
      onReport(finish(nestedContainerReport(doc)));
      continue;
    }
    const loading = loadCodeFor([doc]);
    if (loading) await loading;
    // (No call of the asynchronous hashingFor, with its promise, for a record that needs none.)
    const hashing = prehashDigest([doc], [], asyncSha256)
      ? await hashingFor([doc], [], asyncSha256, run.hashing)
      : run.hashing;
    if (hashing === run.hashing) onReport(finish(verifyDocument(doc, ctx, run)));
    else
      onReport(
        finish(verifyDocument(doc, contextFor({ ...run, hashing }, []), { ...run, hashing })),
      );
  }
}

/**
 * The report of a record too long to read: failed, saying why, without its bytes. `range` says
 * where the record stands when the reader knows.
 */
export function recordTooLongReport(name: string, range?: SourceRange): VerifiedReport {
  const message = `record is longer than ${MAX_RECORD_BYTES} bytes; it was not read`;
  return {
    kind: 'unknown',
    source: name,
    verdict: 'failed',
    dimensions: Object.fromEntries(
      DIMENSIONS.map((d) => [
        d,
        d === 'schema_validity'
          ? { status: 'fail', summary: message }
          : { status: 'not_checked', summary: 'the record was not read' },
      ]),
    ) as VerifiedReport['dimensions'],
    checks: [
      {
        rule: 'document.record_too_long',
        dimension: 'schema_validity',
        status: 'fail',
        message,
        path: '',
        ...(range ? { range } : {}),
      },
    ],
    limits: [],
  };
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
    verifySupplied: (doc) => expandReport(verifyNested(doc, supplied, run)),
    suppliedReceipts: () => receiptsAmong(openContainers(supplied)),
    checkContents: (doc, list) => addContentChecks(doc, run.hashing, list),
    verifyInput: (input) => expandReport(verifyNested(detectDocument(input), [], run)),
  };
  if (expectedReceiptId !== undefined) ctx.expectedReceiptId = expectedReceiptId;
  if (run.options.stepTable === false) ctx.stepTable = false;
  const { maxFutureMs, maxAgeMs } = run.options;
  if (maxFutureMs !== undefined || maxAgeMs !== undefined) {
    ctx.policy = {};
    if (maxFutureMs !== undefined) ctx.policy.maxFutureMs = maxFutureMs;
    if (maxAgeMs !== undefined) ctx.policy.maxAgeMs = maxAgeMs;
  }
  return ctx;
}

/** The documents among `docs` one of whose readings is a per-call receipt, with that reading. */
function receiptsAmong(
  docs: readonly DetectedDocument[],
): { doc: DetectedDocument; reading: DocumentKind }[] {
  const out: { doc: DetectedDocument; reading: DocumentKind }[] = [];
  for (const doc of docs) {
    const reading = receiptReadingOf(doc);
    if (reading !== undefined) out.push({ doc, reading });
  }
  return out;
}

/** Documents with every container among them opened into its members (too-long records left out). */
function openContainers(docs: readonly DetectedDocument[]): DetectedDocument[] {
  const out: DetectedDocument[] = [];
  for (const doc of docs) {
    const members = KINDS[doc.kind].members?.(doc);
    if (!members) {
      out.push(doc);
      continue;
    }
    for (let i = 0; i < members.count; i++) {
      if (!readsAsTree(members, i)) continue;
      const { value, name, duplicates } = members.at(i);
      out.push(detectMember(doc, value, name, duplicates));
    }
  }
  return out;
}

function verifyNested(
  doc: DetectedDocument,
  available: readonly DetectedDocument[],
  run: Run,
): VerifiedReport {
  if (available.length === 0) {
    const alone = nestedAlone(run);
    return verifyDocument(doc, alone.ctx, alone.run);
  }
  const nested = nestedRun(run);
  return verifyDocument(
    doc,
    contextFor(nested, linkedMaterial(doc, available, run.hashing)),
    nested,
  );
}

/** What a nested document's run keeps of its parent's: the clock and the consumer policy. */
function nestedRun(run: Run): Run {
  const { maxFutureMs, maxAgeMs } = run.options;
  const policy = {
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  };
  return { ...run, options: policy };
}

/**
 * The run and context of a nested document with no material, made once per run: every member
 * of a batch with nothing supplied gets the same one (nothing the rules change), instead of a
 * context and a closure per member.
 */
const aloneByRun = new WeakMap<Run, { run: Run; ctx: VerifyContext }>();

function nestedAlone(run: Run): { run: Run; ctx: VerifyContext } {
  let alone = aloneByRun.get(run);
  if (!alone) {
    const nested = nestedRun(run);
    alone = { run: nested, ctx: contextFor(nested, []) };
    aloneByRun.set(run, alone);
  }
  return alone;
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
  // The documents it describes are verified alone, each with its own content checks; its own
  // object must still be of one kind.
  if (descriptor.holdsDocuments && descriptor.verify) {
    addAmbiguousKindChecks(doc, list);
    return descriptor.verify(doc, ctx, list);
  }
  addContentChecks(doc, ctx.hashing, list);
  if (!descriptor.verify) {
    list.fail(DOCUMENT_RULES.kind, doc.root, {
      params: { reason: doc.reason },
      detail: ACCEPTED_KINDS_MESSAGE,
    });
    return unreadableReport(doc, list);
  }
  return descriptor.verify(doc, ctx, list);
}

/** The checks of a document's own contents, whatever its kind (VerifyContext.checkContents). */
function addContentChecks(doc: DetectedDocument, hashing: Hashing, list: CheckList): void {
  addDuplicateMemberChecks(doc, list);
  addHiddenCharacterChecks(doc, list);
  addAmbiguousKindChecks(doc, list);
  const receipt = doc.root && KINDS[doc.kind].receiptAt?.(doc.root);
  addCarriedCommitmentChecks(doc, hashing, list, receipt);
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
    checks: list,
    limits: [],
    chainApplies: false,
    ...(parseError ? { parseError } : {}),
  });
}

/**
 * A batch: each member verified as if it had come alone, then a summary. Members are verified
 * one at a time and each report is handed to `onMember` (when given) as it is made; the batch
 * report keeps them all only while the batch is small (BATCH_LISTED_MEMBERS).
 */
function verifyContainer(doc: DetectedDocument, ctx: VerifyContext, run: Run): VerifiedReport {
  const members = KINDS[doc.kind].members?.(doc);
  const total = members?.count ?? 0;
  const summary = new BatchSummary<ReportDetails>(total);
  for (let i = 0; i < total; i++) {
    if (run.options.isCancelled?.()) break;
    // One member at a time, nothing of it kept past its report (a JSON Lines record is parsed
    // here: batch-records.ts).
    let child: VerifiedReport;
    // A JSON Lines record too long to read is reported as the streaming readers report it.
    const brokenText = members!.brokenText?.(i);
    if (members!.tooLong?.(i)) child = recordTooLongReport(members!.name(i), members!.place?.(i));
    else if (brokenText !== undefined) {
      // A line that is no JSON value: verified alone as a streaming reader verifies the record,
      // so its report is the same whichever way the file came.
      const place = members!.place!(i);
      const record = recordDocument(doc.name, {
        index: i + 1,
        line: place.line,
        offset: place.start,
        text: brokenText,
      });
      child = verifyNested(detectRecord(record), ctx.supplied, run);
    } else {
      const { value, name, duplicates } = members!.at(i);
      const member = detectMember(doc, value, name, duplicates);
      child = KINDS[member.kind].members
        ? nestedContainerReport(member)
        : verifyNested(member, ctx.supplied, run);
    }
    run.options.onMember?.(expandReport(child), i, total);
    summary.add(memberOutcome(child), child);
    if (i % 100 === 99 || i === total - 1) run.options.onProgress?.(i + 1, total);
  }
  return summary.report({
    kind: doc.kind,
    source: doc.name,
    total,
    text: doc.source,
    place: doc.root,
  });
}

function nestedContainerReport(doc: DetectedDocument): VerifiedReport {
  const list = new CheckList(doc.source);
  list.fail(DOCUMENT_RULES.batchNested, doc.root);
  return buildReport<ReportDetails>({
    kind: 'batch',
    source: doc.name,
    checks: list,
    limits: [],
    chainApplies: false,
  });
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
