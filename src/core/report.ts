/**
 * The verdict model of spec §6: per-check results, six separate dimensions, an overall verdict,
 * and the standing limits of what was proven. Pure data, structured-clone safe (crosses the
 * Worker boundary as is).
 */

import { isAdvisoryCheck, profilesFromChecks } from './profiles';
import {
  DIMENSIONS,
  DIMENSION_STATUSES_WORST_FIRST,
  type Check,
  type CheckStatus,
  type DetailsBase,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type DocumentKind,
  type ParseFailure,
  type Report,
  type Verdict,
} from './model/report';

/**
 * Index of each counted status (warning and info never count), in DIMENSION_STATUSES_WORST_FIRST.
 */
const STATUS_SLOT: Partial<Record<CheckStatus, number>> = Object.fromEntries(
  DIMENSION_STATUSES_WORST_FIRST.map((status, slot) => [status, slot]),
);

const DIMENSION_INDEX = Object.fromEntries(DIMENSIONS.map((d, i) => [d, i])) as Record<
  Dimension,
  number
>;

/** Scratch of dimensionsFromChecks: per (dimension, status), its first check and its count. */
const FIRST_CHECK = new Array<Check | undefined>(DIMENSIONS.length * 4).fill(undefined);
const CHECK_COUNT = new Array<number>(DIMENSIONS.length * 4).fill(0);

/**
 * Every dimension's result from its checks (any fail wins, then unavailable, then pass), in one
 * pass over the checks: filtering them once per dimension was a measurable share of a
 * 10,000-receipt batch (report.test.ts keeps that simple form as the reference). The first check and the count of each
 * (dimension, status) sit in two flat arrays: no map or object per dimension.
 */
export function dimensionsFromChecks(checks: readonly Check[]): Record<Dimension, DimensionResult> {
  // The two arrays are made once and cleared per call (this never re-enters): made per call
  // they were about 400 of the 13,000 bytes a batch receipt's verification allocated.
  const first = FIRST_CHECK.fill(undefined);
  const count = CHECK_COUNT.fill(0);
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i]!;
    const slot = STATUS_SLOT[check.status];
    if (slot === undefined || isAdvisoryCheck(check)) continue;
    const at = DIMENSION_INDEX[check.dimension] * 4 + slot;
    const seen = count[at]!;
    count[at] = seen + 1;
    if (seen === 0) first[at] = check;
  }
  const result = {} as Record<Dimension, DimensionResult>;
  for (let d = 0; d < DIMENSIONS.length; d++) result[DIMENSIONS[d]!] = decide(first, count, d * 4);
  return result;
}

function decide(
  first: readonly (Check | undefined)[],
  counts: readonly number[],
  base: number,
): DimensionResult {
  for (let slot = 0; slot < DIMENSION_STATUSES_WORST_FIRST.length; slot++) {
    const deciding = first[base + slot];
    if (!deciding) continue;
    const status = DIMENSION_STATUSES_WORST_FIRST[slot]!;
    // A pass over part of what there was to check says what was left out.
    const unchecked = status === 'pass' ? first[base + 3] : undefined;
    return new DecidedDimension(status, deciding, counts[base + slot]!, unchecked);
  }
  return { status: 'not_checked', summary: 'nothing to check' };
}

/**
 * A dimension's result as decided: its status at once (the verdict reads it), its summary made
 * from the deciding checks when first read: a batch member's report that is only counted never
 * reads it. expandReport makes the result plain before a report leaves the core (structured
 * clones and JSON see status and summary, as of any plain result).
 */
class DecidedDimension implements DimensionResult {
  #summary: string | undefined;

  constructor(
    readonly status: DimensionStatus,
    private readonly deciding: Check,
    private readonly count: number,
    private readonly unchecked: Check | undefined,
  ) {}

  get summary(): string {
    if (this.#summary === undefined) {
      const { status, deciding, count, unchecked } = this;
      let summary =
        count === 1
          ? deciding.message
          : status === 'pass'
            ? passedSummary(count)
            : `${deciding.message} (+${count - 1} more)`;
      if (unchecked) summary += `; not checked: ${unchecked.message}`;
      this.#summary = summary;
    }
    return this.#summary;
  }

  toJSON(): DimensionResult {
    return { status: this.status, summary: this.summary };
  }
}

/** "N checks passed" for the counts met so far: one string each, not one per report. */
const PASSED_SUMMARIES: string[] = [];

function passedSummary(count: number): string {
  if (count >= 64) return `${count} checks passed`;
  return (PASSED_SUMMARIES[count] ??= `${count} checks passed`);
}

/** A report's dimension results as plain records, in place (see DecidedDimension). */
export function plainDimensions(dimensions: Record<Dimension, DimensionResult>): void {
  for (const d of DIMENSIONS) {
    const result = dimensions[d];
    if (result instanceof DecidedDimension) dimensions[d] = result.toJSON();
  }
}

/**
 * Overall verdict (§6): failed if any dimension fails; verified when the record's own
 * commitments pass (byte integrity, schema, and chain integrity where it applies);
 * otherwise incomplete.
 */
export function overallVerdict(
  dimensions: Record<Dimension, DimensionResult>,
  chainApplies: boolean,
  alsoOwn: readonly Dimension[] = NO_DIMENSIONS,
): Verdict {
  // Loops, not some/every over a spread list: this runs for every record of a batch.
  for (const d of DIMENSIONS) if (dimensions[d].status === 'fail') return 'failed';
  const own = chainApplies ? OWN_WITH_CHAIN : OWN;
  for (const d of own) if (dimensions[d].status !== 'pass') return 'incomplete';
  for (const d of alsoOwn) if (dimensions[d].status !== 'pass') return 'incomplete';
  return 'verified';
}

/** The dimensions every record commits to itself; a chain's links when it has them. */
const OWN: readonly Dimension[] = ['byte_integrity', 'schema_validity'];
const NO_DIMENSIONS: readonly Dimension[] = [];
const OWN_WITH_CHAIN: readonly Dimension[] = [...OWN, 'chain_integrity'];

export function buildReport<Details extends DetailsBase = DetailsBase>(fields: {
  kind: DocumentKind;
  source: string;
  checks: Check[];
  limits: string[];
  chainApplies: boolean;
  /**
   * Further dimensions that are this document's own commitments: for an anchor verified on its
   * own, the anchor itself (a pending timestamp is not a verified one).
   */
  alsoOwn?: Dimension[];
  details?: Details;
  children?: Report<Details>[];
  parseError?: ParseFailure;
}): Report<Details> {
  const dimensions = dimensionsFromChecks(fields.checks);
  const report: Report<Details> = {
    kind: fields.kind,
    source: fields.source,
    verdict: overallVerdict(dimensions, fields.chainApplies, fields.alsoOwn),
    dimensions,
    checks: fields.checks,
    limits: fields.limits,
  };
  report.profiles = profilesFromChecks(fields.checks, report.verdict);
  if (fields.details) report.details = fields.details;
  if (fields.children) report.children = fields.children;
  if (fields.parseError) report.parseError = fields.parseError;
  return report;
}

/** Failed checks first, then unavailable, warnings, passes; stable within each group. */
export function sortChecksForDisplay(checks: Check[]): Check[] {
  const rank: Record<CheckStatus, number> = {
    fail: 0,
    unavailable: 1,
    warning: 2,
    pass: 3,
    not_checked: 4,
    info: 5,
  };
  return checks
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank[a.c.status] - rank[b.c.status] || a.i - b.i)
    .map(({ c }) => c);
}

export function verdictExitCode(reports: Report[]): 0 | 1 | 2 {
  return exitCodeOf(reports.map((r) => r.verdict));
}

/**
 * The command line's exit code for verdicts: 0 all verified, 1 any failed, 2 none failed but
 * some incomplete. The app states it beside a verdict under a profile, so both say the same.
 */
export function exitCodeOf(verdicts: Iterable<Verdict>): 0 | 1 | 2 {
  let incomplete = false;
  for (const verdict of verdicts) {
    if (verdict === 'failed') return 1;
    if (verdict === 'incomplete') incomplete = true;
  }
  return incomplete ? 2 : 0;
}
