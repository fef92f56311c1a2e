/**
 * "The worst of the members", counted as members are verified one at a time: a batch's verdict
 * counts, dimensions and profile statuses, for the one batch summariser (batch-summary.ts).
 */
import type { ProfileId, ProfileStatus } from './model/report';
import {
  DIMENSIONS,
  DIMENSION_STATUSES_WORST_FIRST,
  type Dimension,
  type DimensionResult,
  type Report,
  type Verdict,
} from './model/report';

const WORST_PROFILE: ProfileStatus[] = ['fail', 'incomplete', 'pass', 'not_applicable'];

export class MemberTally {
  readonly counts: Record<Verdict, number> = { verified: 0, failed: 0, incomplete: 0 };
  members = 0;
  /**
   * Per dimension (DIMENSIONS order), how many members have each status (in
   * DIMENSION_STATUSES_WORST_FIRST order): counted by index, as this runs for every member.
   */
  private readonly dimensionCounts = DIMENSIONS.map(() =>
    DIMENSION_STATUSES_WORST_FIRST.map(() => 0),
  );
  private readonly profileWorst = new Map<ProfileId, ProfileStatus>();
  /** The same over a stricter profile's own checks (ProfileResult.ownChecks). */
  private readonly ownChecksWorst = new Map<ProfileId, ProfileStatus>();

  add(member: Pick<Report, 'verdict' | 'dimensions' | 'profiles'>): void {
    this.members++;
    this.counts[member.verdict]++;
    for (let d = 0; d < DIMENSIONS.length; d++) {
      const status = member.dimensions[DIMENSIONS[d]!].status;
      this.dimensionCounts[d]![DIMENSION_STATUSES_WORST_FIRST.indexOf(status)]!++;
    }
    for (const line of member.profiles ?? []) {
      keepWorst(this.profileWorst, line.id, line.status);
      if (line.ownChecks !== undefined) keepWorst(this.ownChecksWorst, line.id, line.ownChecks);
    }
  }

  /** Each dimension: the worst status among the members, and how many members have it. */
  dimensions(): Record<Dimension, DimensionResult> {
    return Object.fromEntries(
      DIMENSIONS.map((d, i) => {
        const counts = this.dimensionCounts[i]!;
        const k = counts.findIndex((n) => n > 0);
        const worst = k === -1 ? 'not_checked' : DIMENSION_STATUSES_WORST_FIRST[k]!;
        const n = k === -1 ? 0 : counts[k]!;
        // (The status in words: "not checked", not the report's token.)
        const words = worst.replace('_', ' ');
        return [d, { status: worst, summary: `${n} of ${this.members} documents: ${words}` }];
      }),
    ) as Record<Dimension, DimensionResult>;
  }

  /** A profile's line over the members: the worst any member has (not applicable to none). */
  profileStatus(id: ProfileId): ProfileStatus {
    return this.profileWorst.get(id) ?? 'not_applicable';
  }

  /** A stricter profile's own checks over the members: the worst any member's are. */
  ownChecksStatus(id: ProfileId): ProfileStatus {
    return this.ownChecksWorst.get(id) ?? 'not_applicable';
  }
}

function keepWorst(map: Map<ProfileId, ProfileStatus>, id: ProfileId, status: ProfileStatus): void {
  const worst = map.get(id);
  if (worst === status) return;
  if (worst === undefined || WORST_PROFILE.indexOf(status) < WORST_PROFILE.indexOf(worst))
    map.set(id, status);
}
