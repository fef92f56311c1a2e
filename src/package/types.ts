/**
 * The types the package promises (docs/api.md), written out here rather than re-exported from
 * the core, so a change inside the core cannot change them unnoticed: the package entry
 * (./index.ts) turns the core's reports into these, and the type checker says where they differ.
 */

/** One of the six dimensions every report has, each reported separately. */
export type Dimension =
  | 'byte_integrity'
  | 'schema_validity'
  | 'issuer_authenticity'
  | 'evidence_linkage'
  | 'anchor_verification'
  | 'chain_integrity';

/**
 * A dimension's result. `not_checked`: there was nothing to check (no anchor, say).
 * `unavailable`: something was there but could not be checked here (an unknown Merkle
 * construction, an anchor without its proof). Neither is a pass or a failure.
 */
export type DimensionStatus = 'pass' | 'fail' | 'not_checked' | 'unavailable';

/** A check's result: a dimension's statuses, or a warning or information, which never count. */
export type CheckStatus = DimensionStatus | 'warning' | 'info';

/**
 * The overall verdict. `failed` when any dimension fails; `verified` when none fails and the
 * record's own commitments pass (byte integrity, schema validity, and chain integrity where it
 * applies); otherwise `incomplete`, which is not a pass.
 */
export type Verdict = 'verified' | 'failed' | 'incomplete';

/** What kind of document was recognised; content is sniffed, never trusted by file name. */
export type DocumentKind =
  | 'receipt'
  | 'wrapped-receipt'
  | 'cloudevent-receipt'
  | 'eventbridge-receipt'
  | 'workflow'
  | 'timeline'
  | 'commitment'
  | 'batch'
  | 'nostr-event'
  | 'ots-proof'
  | 'block-header'
  | 'vector-set'
  | 'unknown';

/** The named readings of the format a report has a line for; only `core` decides the verdict. */
export type ProfileId =
  'core' | 'strict' | 'reference-producer' | 'disinterested' | 'consumer-policy';

/** A profile line's result; `not_applicable` when the profile says nothing about this document. */
export type ProfileStatus = 'pass' | 'fail' | 'incomplete' | 'not_applicable';

export interface DimensionResult {
  status: DimensionStatus;
  /** One sentence on why, from the deciding check. */
  summary: string;
}

/** One rule applied at one place of the document. */
export interface Check {
  /** The rule's stable id, such as `receipt.output_hash.match`. */
  rule: string;
  dimension: Dimension;
  status: CheckStatus;
  /** What was found, in the spec's reference wording for failures. */
  message: string;
  /** RFC 6901 JSON Pointer of the value concerned (`''`: the whole document). */
  path: string;
  /** Line of the value in the document, from 1. */
  line?: number;
  /** Column of the value in its line, from 1. */
  column?: number;
  expected?: string;
  found?: string;
  /** The supplied document the check is about, when it is not the main one. */
  subject?: string;
}

/** How the document reads under one profile. */
export interface ProfileLine {
  id: ProfileId;
  label: string;
  /** A stricter profile's status includes core's: never better than core. */
  status: ProfileStatus;
  /** What a stricter profile's own checks found, when it differs from `status`. */
  own_checks?: ProfileStatus;
  /**
   * The messages of the checks that made it fail or incomplete: for core, its failures; for a
   * stricter profile, its own checks' (empty when it fails only because core does, as
   * `own_checks` then says).
   */
  reasons: string[];
}

/**
 * The report of one record: the JSON report that `aer1-verify --json` prints. A matching hash
 * proves only that the supplied bytes agree with the supplied digest; `limits` says what else
 * the verdict does not prove.
 */
export interface Report {
  /** The version of this report's format (semver): see "Versioning" in docs/api.md. */
  report_version: string;
  /** The document's name: the file name, or the name given with the input. */
  file: string;
  kind: DocumentKind;
  verdict: Verdict;
  dimensions: Record<Dimension, DimensionResult>;
  checks: Check[];
  /** What the verdict does not prove. */
  limits: string[];
  /** One line per profile, `core` first. */
  profiles?: ProfileLine[];
  /**
   * A batch's members, each with its own report. A batch of more than 1,000 members lists
   * only members that did not verify (up to 100 per rule they break); every member counts
   * toward the batch's dimensions and verdict.
   */
  children?: Report[];
}

/** A document to verify, with the name its report gives it. */
export interface InputDocument {
  /** A file name or a label, such as `receipt.json`. */
  name: string;
  /** The document as text. */
  text?: string;
  /** The document's bytes exactly as received (for `.ots` proofs, evidence files: any bytes). */
  bytes?: Uint8Array;
  /** `final-answer`: this file must hash to the workflow's `output_hash`. */
  role?: 'final-answer';
}

/**
 * A document as text, as bytes or named. Text and bytes without a name are named `document`
 * (`document-1`, `document-2`, … in `verifyAll`), supplied ones `supplied-1`, `supplied-2`, ….
 */
export type DocumentInput = string | Uint8Array | InputDocument;

/** What a verification may be told. */
export interface VerifyOptions {
  /**
   * Documents that go with it: step receipts, evidence, a final answer, a chain commitment, a
   * Nostr event, an OpenTimestamps proof, a Bitcoin block header.
   */
  supplied?: readonly DocumentInput[];
  /** The time to judge `created_at` against, in milliseconds since the epoch (default: now). */
  now?: number;
  /** When the receipt was fetched by id: the id that was asked for (it must match). */
  expectedReceiptId?: string;
  /** Consumer policy: the largest accepted distance of `created_at` ahead of `now`, in ms. */
  maxFutureMs?: number;
  /** Consumer policy: the largest accepted age of `created_at`, in ms. */
  maxAgeMs?: number;
}

/** What `verifyAll` may be told. */
export interface VerifyAllOptions extends Omit<VerifyOptions, 'expectedReceiptId'> {
  /**
   * `true` (default): group the documents as a drop in the web app does — a workflow with its
   * step receipts and final answer, a receipt with its evidence — one report per record, with
   * `supplied` in the drop too. `false`: one report per document, each with `supplied`.
   */
  group?: boolean;
}

/** A document `verifyAll` could not place with any record, and why. */
export interface UnplacedDocument {
  name: string;
  kind: DocumentKind;
  reason: string;
}

export interface Verification {
  /** One report per record, in the order the records came. */
  reports: Report[];
  /**
   * Documents that went with no record, with the reason: grouping, those no record takes; with
   * `group: false`, supplied documents of a record's kind that none of the documents can use.
   */
  unplaced: UnplacedDocument[];
}
