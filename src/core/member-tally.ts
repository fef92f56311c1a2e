/**
 * "The worst of the members", counted as members are verified one at a time: a batch's verdict
 * counts, dimensions and profile statuses, for the one batch summariser (batch-summary.ts).
 */
import type { ProfileId, ProfileStatus } from './model/report';
import {
  DIMENSIONS,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type Report,
  type Verdict,
} from './model/report';

/** Worst first: a batch's dimension is the worst its members have. */
const WORST_DIMENSION: DimensionStatus[] = ['fail', 'unavailable', 'pass', 'not_checked'];
const WORST_PROFILE: ProfileStatus[] = ['fail', 'incomplete', 'pass', 'not_applicable'];

export class MemberTally {
  readonly counts: Record<Verdict, number> = { verified: 0, failed: 0, incomplete: 0 };
  members = 0;
  private readonly dimensionCounts = new Map<Dimension, Map<DimensionStatus, number>>();
  private readonly profileWorst = new Map<ProfileId, ProfileStatus>();
  /** The same over a stricter profile's own checks (ProfileResult.ownChecks). */
  private readonly ownChecksWorst = new Map<ProfileId, ProfileStatus>();

  add(member: Pick<Report, 'verdict' | 'dimensions' | 'profiles'>): void {
    this.members++;
    this.counts[member.verdict]++;
    for (const d of DIMENSIONS) {
      const status = member.dimensions[d].status;
      let byStatus = this.dimensionCounts.get(d);
      if (!byStatus) this.dimensionCounts.set(d, (byStatus = new Map()));
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    }
    for (const line of member.profiles ?? []) {
      keepWorst(this.profileWorst, line.id, line.status);
      if (line.ownChecks !== undefined) keepWorst(this.ownChecksWorst, line.id, line.ownChecks);
    }
  }

  /** Each dimension: the worst status among the members, and how many members have it. */
  dimensions(): Record<Dimension, DimensionResult> {
    return Object.fromEntries(
      DIMENSIONS.map((d) => {
        const byStatus = this.dimensionCounts.get(d);
        const worst = WORST_DIMENSION.find((s) => (byStatus?.get(s) ?? 0) > 0) ?? 'not_checked';
        const n = byStatus?.get(worst) ?? 0;
        return [d, { status: worst, summary: `${n} of ${this.members} documents: ${worst}` }];
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
  if (worst === undefined || WORST_PROFILE.indexOf(status) < WORST_PROFILE.indexOf(worst))
    map.set(id, status);
}
