/**
 * The report model (spec §6), as types and the few constants that name its parts: per-check
 * results, six separate dimensions, an overall verdict, profile lines, and the standing limits of
 * what was proven. Pure data, structured-clone safe (it crosses the Worker boundary as is). The
 * bottom layer of the core: it imports nothing.
 */

export const DIMENSIONS = [
  'byte_integrity',
  'schema_validity',
  'issuer_authenticity',
  'evidence_linkage',
  'anchor_verification',
  'chain_integrity',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** `not_checked`: nothing to check. `unavailable`: something was there but could not be checked here. */
export type DimensionStatus = 'pass' | 'fail' | 'not_checked' | 'unavailable';
/**
 * Worst first: a dimension is the worst status among its checks, and a batch's the worst among
 * its members (report.ts, member-tally.ts).
 */
export const DIMENSION_STATUSES_WORST_FIRST: readonly DimensionStatus[] = [
  'fail',
  'unavailable',
  'pass',
  'not_checked',
];
/** Checks may also be warnings or information: shown, never counted toward a dimension. */
export type CheckStatus = DimensionStatus | 'warning' | 'info';
export type Verdict = 'verified' | 'failed' | 'incomplete';

export type { DocumentKind } from './kinds';
import type { DocumentKind } from './kinds';

export interface SourceRange {
  /** UTF-16 offsets into the verified text, for click-to-highlight. */
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface Check {
  /** Our stable rule id, e.g. `receipt.output_hash.match`. */
  rule: string;
  dimension: Dimension;
  status: CheckStatus;
  /** For failures: the reference wording of spec §2.1 etc., so results compare across ports. */
  message: string;
  /** RFC 6901 JSON Pointer of the value concerned ('' for the whole document). */
  path: string;
  range?: SourceRange;
  expected?: string;
  found?: string;
  /** Further explanation for people (why, what to do). */
  detail?: string;
  /** Which supplied document the check is about when it is not the main one. */
  subject?: string;
  /** The profile the rule belongs to (profiles.ts); absent for core rules. */
  profile?: RuleProfile;
}

export interface DimensionResult {
  status: DimensionStatus;
  /** One sentence on why, taken from the deciding check. */
  summary: string;
}

export interface ParseFailure {
  message: string;
  line: number;
  column: number;
  offset: number;
}

/** What every kind's details carry: the tag the views switch on. */
export interface DetailsBase {
  type: string;
}

/**
 * A report, generic in its details so that this base model imports no feature module. The
 * public type (src/core/index.ts) is `Report<ReportDetails>`, the closed union of every kind's
 * details (src/core/report-details.ts).
 */
export interface Report<Details extends DetailsBase = DetailsBase> {
  kind: DocumentKind;
  /** File name or other label of the input. */
  source: string;
  verdict: Verdict;
  dimensions: Record<Dimension, DimensionResult>;
  checks: Check[];
  /** What the verdict does not prove, always shown beside it. */
  limits: string[];
  parseError?: ParseFailure;
  /** Kind-specific facts for the views (receipt fields, decoded bytes, steps, …). */
  details?: Details;
  /** Members of a batch, each with its own report. */
  children?: Report<Details>[];
  /** One line per profile, core first (profiles.ts); `verdict` is core's, stricter lines never better. */
  profiles?: ProfileResult[];
}

export const PROFILE_IDS = [
  'core',
  'strict',
  'reference-producer',
  'disinterested',
  'consumer-policy',
] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];
/** The profiles a rule may belong to (a rule naming none is core). */
export type RuleProfile = Exclude<ProfileId, 'core'>;

/** pass / fail, incomplete (nothing failed, something could not be checked), not_applicable. */
export type ProfileStatus = 'pass' | 'fail' | 'incomplete' | 'not_applicable';

export interface ProfileResult {
  id: ProfileId;
  label: string;
  /**
   * The record under this profile: for core the core verdict; for a stricter profile its own
   * checks on top of core, never better than core (`not_applicable` when it has no checks here).
   */
  status: ProfileStatus;
  /**
   * A stricter profile's own checks alone (absent on core): `pass` on a line that fails only
   * because core fails ("fails (core fails)").
   */
  ownChecks?: ProfileStatus;
  /** The checks of its own that made it fail (or incomplete), rule id and message. */
  reasons: { rule: string; message: string }[];
}
