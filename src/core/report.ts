/**
 * The verdict model of spec §6: per-check results, six separate dimensions, an overall verdict,
 * and the standing limits of what was proven. Pure data, structured-clone safe (crosses the
 * Worker boundary as is).
 */

import { CheckTally, isAdvisoryCheck, SLOTS, statusSlot, type TalliedChecks } from './check-tally';
import { decideProfiles } from './profiles';
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
 * Every dimension's result from its checks (any fail wins, then unavailable, then pass), read from
 * their tally (check-tally.ts): a list's checks are walked only when a summary's text is read.
 */
export function decideDimensions(recorded: TalliedChecks): Record<Dimension, DimensionResult> {
  const { checks, tally } = recorded;
  const counted = tally.counted;
  const result = {} as Record<Dimension, DimensionResult>;
  for (let d = 0; d < DIMENSIONS.length; d++) {
    const dimension = DIMENSIONS[d]!;
    const met = (counted >>> (d * SLOTS)) & ((1 << SLOTS) - 1);
    if (met === 0) {
      result[dimension] = { status: 'not_checked', summary: 'nothing to check' };
      continue;
    }
    const slot = 31 - Math.clz32(met & -met);
    result[dimension] = new DecidedDimension(
      dimension,
      slot,
      (met & NOT_CHECKED_BIT) !== 0,
      checks,
    );
  }
  return result;
}

/** The same for a plain list of checks (tests, and reports built outside a CheckList). */
export function dimensionsFromChecks(checks: Check[]): Record<Dimension, DimensionResult> {
  return decideDimensions({ checks, tally: CheckTally.of(checks) });
}

const NOT_CHECKED_BIT = 1 << statusSlot('not_checked');

/**
 * A dimension's result as decided: its status at once (the verdict reads it), its summary made
 * from the deciding checks when first read: a batch member's report that is only counted never
 * reads it. expandReport makes the result plain before a report leaves the core (structured
 * clones and JSON see status and summary, as of any plain result).
 */
class DecidedDimension implements DimensionResult {
  readonly status: DimensionStatus;
  #summary: string | undefined;
  /** The checks it was decided from: those of the list when it was decided. */
  readonly #length: number;

  constructor(
    private readonly dimension: Dimension,
    private readonly slot: number,
    /** A pass over part of what there was to check says what was left out. */
    private readonly someUnchecked: boolean,
    private readonly checks: readonly Check[],
  ) {
    this.status = DIMENSION_STATUSES_WORST_FIRST[slot]!;
    this.#length = checks.length;
  }

  get summary(): string {
    if (this.#summary === undefined) {
      const { status, slot, dimension, checks } = this;
      let deciding: Check | undefined;
      let unchecked: Check | undefined;
      let count = 0;
      for (let i = 0; i < this.#length; i++) {
        const check = checks[i]!;
        if (check.dimension !== dimension || isAdvisoryCheck(check)) continue;
        const at = statusSlot(check.status);
        if (at === slot) {
          deciding ??= check;
          count++;
        } else if (at === NOT_CHECKED_SLOT) unchecked ??= check;
      }
      let summary =
        count === 1
          ? deciding!.message
          : status === 'pass'
            ? passedSummary(count)
            : `${deciding!.message} (+${count - 1} more)`;
      if (status === 'pass' && this.someUnchecked)
        summary += `; not checked: ${unchecked!.message}`;
      this.#summary = summary;
    }
    return this.#summary;
  }

  toJSON(): DimensionResult {
    return { status: this.status, summary: this.summary };
  }
}

const NOT_CHECKED_SLOT = statusSlot('not_checked');

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
  /** A CheckList (tallied as its checks were recorded), or a plain list of checks. */
  checks: TalliedChecks | Check[];
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
  const recorded = Array.isArray(fields.checks)
    ? { checks: fields.checks, tally: CheckTally.of(fields.checks) }
    : fields.checks;
  // A check pushed past its list's tally would go uncounted: a verdict for other checks.
  if (recorded.tally.noted !== recorded.checks.length)
    throw new Error('a check was recorded without being tallied');
  const dimensions = decideDimensions(recorded);
  const report: Report<Details> = {
    kind: fields.kind,
    source: fields.source,
    verdict: overallVerdict(dimensions, fields.chainApplies, fields.alsoOwn),
    dimensions,
    checks: recorded.checks,
    limits: fields.limits,
  };
  report.profiles = decideProfiles(recorded, report.verdict);
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
