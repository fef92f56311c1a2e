/**
 * What a report's dimensions and profile lines are decided from (report.ts, profiles.ts), noted
 * as each check is recorded: which (dimension, status) pairs were met and which profiles had a
 * check, failed or could not be checked. Deciding a report then reads a few bits instead of
 * walking its checks twice; the walk is left for the text of a summary or a reason, made only
 * where one is read (most members of a batch are only counted).
 */
import {
  DIMENSIONS,
  DIMENSION_STATUSES_WORST_FIRST,
  PROFILE_IDS,
  type Check,
  type CheckStatus,
  type Dimension,
  type ProfileId,
  type RuleProfile,
} from './model/report';

/** A report's checks with their tally: a CheckList (checks.ts), or a list tallied at once. */
export interface TalliedChecks {
  readonly checks: Check[];
  readonly tally: CheckTally;
}

/** Profiles whose checks are advice beside the core: never counted toward a dimension. */
const ADVISORY: ReadonlySet<ProfileId> = new Set([
  'strict',
  'reference-producer',
  'consumer-policy',
]);

/** Whether a check belongs to an advisory profile (it then counts toward no dimension). */
export function isAdvisoryCheck(check: Pick<Check, 'profile'>): boolean {
  return check.profile !== undefined && ADVISORY.has(check.profile);
}

/** Statuses a dimension counts, worst first: each is a slot of SLOTS bits per dimension. */
const STATUS_SLOT = new Map<CheckStatus, number>(
  DIMENSION_STATUSES_WORST_FIRST.map((status, slot) => [status, slot]),
);
export const SLOTS = DIMENSION_STATUSES_WORST_FIRST.length;

/** Index of a counted status in DIMENSION_STATUSES_WORST_FIRST; -1 for warning and info. */
export function statusSlot(status: CheckStatus): number {
  return STATUS_SLOT.get(status) ?? -1;
}

const DIMENSION_INDEX = new Map<Dimension, number>(DIMENSIONS.map((d, i) => [d, i]));
const PROFILE_INDEX = new Map<ProfileId, number>(PROFILE_IDS.map((p, i) => [p, i]));

export class CheckTally {
  /** Checks noted: a report is decided only when every check of its list was noted. */
  noted = 0;
  /** Bit `dimension index × SLOTS + status slot` for each counted pair met. */
  counted = 0;
  /** Bit per profile (PROFILE_IDS index) with a check of its own. */
  profiles = 0;
  /** Bit per profile with a check that failed or warned. */
  failing = 0;
  /** Bit per profile with a check that could not be judged (unavailable). */
  open = 0;
  /** Some check that counts toward the core failed. */
  coreFailed = false;

  /** The tally of checks recorded elsewhere (a report built from a plain list). */
  static of(checks: readonly Check[]): CheckTally {
    const tally = new CheckTally();
    for (const check of checks) tally.note(check.status, check.dimension, check.profile);
    return tally;
  }

  note(status: CheckStatus, dimension: Dimension, profile: RuleProfile | undefined): void {
    this.noted++;
    if (profile === undefined) {
      if (status === 'fail') this.coreFailed = true;
    } else {
      const advisory = ADVISORY.has(profile);
      if (status === 'fail' && !advisory) this.coreFailed = true;
      const bit = 1 << PROFILE_INDEX.get(profile)!;
      this.profiles |= bit;
      if (status === 'fail' || status === 'warning') this.failing |= bit;
      else if (status === 'unavailable') this.open |= bit;
      if (advisory) return;
    }
    const slot = statusSlot(status);
    if (slot >= 0) this.counted |= 1 << (DIMENSION_INDEX.get(dimension)! * SLOTS + slot);
  }
}
