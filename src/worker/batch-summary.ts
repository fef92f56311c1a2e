/**
 * A batch's summary built from its members' reports one at a time, so that members can be
 * dropped as soon as they are summarised (a streamed JSON Lines file of any length). It gives
 * the same verdict, dimensions and profile statuses as the core's batch report (containerReport
 * in src/core/verify.ts): the worst of the members', with counts. Profile reasons are capped.
 */
import {
  DIMENSIONS,
  PROFILE_IDS,
  PROFILE_LABELS,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type ProfileId,
  type ProfileStatus,
  type Report,
  type Verdict,
} from '../core';

const WORST_DIMENSION: DimensionStatus[] = ['fail', 'unavailable', 'pass', 'not_checked'];
const WORST_PROFILE: ProfileStatus[] = ['fail', 'incomplete', 'pass', 'not_applicable'];
const VERDICT_STATUS: Record<Verdict, ProfileStatus> = {
  verified: 'pass',
  failed: 'fail',
  incomplete: 'incomplete',
};
/** Reasons kept per profile line: the first ones, then "+N more". */
const MAX_REASONS = 20;

export class BatchSummary {
  readonly counts: Record<Verdict, number> = { verified: 0, failed: 0, incomplete: 0 };
  private members = 0;
  private readonly dimensionCounts = new Map<Dimension, Map<DimensionStatus, number>>();
  private readonly profileCounts = new Map<ProfileId, Map<ProfileStatus, number>>();
  private readonly profileReasons = new Map<
    ProfileId,
    Map<ProfileStatus, { rule: string; message: string }[]>
  >();
  private readonly profileReasonTotals = new Map<ProfileId, Map<ProfileStatus, number>>();
  /** What the verdicts do not prove, as the members say it (each sentence once). */
  private readonly limits = new Set<string>();

  add(report: Pick<Report, 'source' | 'verdict' | 'dimensions' | 'profiles' | 'limits'>): void {
    this.members++;
    this.counts[report.verdict]++;
    for (const limit of report.limits) if (this.limits.size < 16) this.limits.add(limit);
    for (const d of DIMENSIONS) bump(this.dimensionCounts, d, report.dimensions[d].status);
    for (const line of report.profiles ?? []) {
      bump(this.profileCounts, line.id, line.status);
      const kept = getOrSet(getOrSet(this.profileReasons, line.id, new Map()), line.status, []);
      for (const reason of line.reasons) {
        bump(this.profileReasonTotals, line.id, line.status);
        if (kept.length < MAX_REASONS)
          kept.push({ rule: reason.rule, message: `${report.source}: ${reason.message}` });
      }
    }
  }

  get size(): number {
    return this.members;
  }

  /** The batch's report (no members: they are rows, their details on demand). */
  report(source: string): Report {
    const verdict: Verdict =
      this.counts.failed > 0 ? 'failed' : this.counts.incomplete > 0 ? 'incomplete' : 'verified';
    const dimensions = Object.fromEntries(
      DIMENSIONS.map((d) => {
        const counts = this.dimensionCounts.get(d);
        const worst = WORST_DIMENSION.find((s) => (counts?.get(s) ?? 0) > 0) ?? 'not_checked';
        const n = counts?.get(worst) ?? 0;
        return [d, { status: worst, summary: `${n} of ${this.members} documents: ${worst}` }];
      }),
    ) as Record<Dimension, DimensionResult>;
    const profiles = PROFILE_IDS.map((id) => {
      const counts = this.profileCounts.get(id);
      const status =
        id === 'core'
          ? VERDICT_STATUS[verdict]
          : (WORST_PROFILE.find((s) => (counts?.get(s) ?? 0) > 0) ?? 'not_applicable');
      const reasons = [...(this.profileReasons.get(id)?.get(status) ?? [])];
      const total = this.profileReasonTotals.get(id)?.get(status) ?? 0;
      if (total > reasons.length)
        reasons.push({ rule: id, message: `+${total - reasons.length} more` });
      return { id, label: PROFILE_LABELS[id], status, reasons };
    });
    return {
      kind: 'batch',
      source,
      verdict,
      dimensions,
      checks: [],
      limits: [...this.limits],
      profiles,
    };
  }
}

function bump<K, S>(map: Map<K, Map<S, number>>, key: K, status: S): void {
  const inner = getOrSet(map, key, new Map<S, number>());
  inner.set(status, (inner.get(status) ?? 0) + 1);
}

function getOrSet<K, V>(map: Map<K, V>, key: K, value: V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  map.set(key, value);
  return value;
}
