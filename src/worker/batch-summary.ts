/**
 * A batch's summary built from its members' reports one at a time, so that members can be
 * dropped as soon as they are summarised (a streamed JSON Lines file of any length). Its
 * verdict, dimensions and profile statuses are the core's own tally of the members
 * (MemberTally, as containerReport in src/core/verify.ts counts them); what it keeps besides
 * are the profile reasons, capped, and the members' limits.
 */
import {
  MemberTally,
  PROFILE_IDS,
  PROFILE_LABELS,
  withCore,
  type ProfileId,
  type ProfileResult,
  type ProfileStatus,
  type Report,
  type Verdict,
} from '../core';

const VERDICT_STATUS: Record<Verdict, ProfileStatus> = {
  verified: 'pass',
  failed: 'fail',
  incomplete: 'incomplete',
};
/** Reasons kept per profile line: the first ones, then "+N more". */
const MAX_REASONS = 20;

export class BatchSummary {
  private readonly tally = new MemberTally();
  private readonly profileReasons = new Map<
    ProfileId,
    Map<ProfileStatus, { rule: string; message: string }[]>
  >();
  private readonly profileReasonTotals = new Map<ProfileId, Map<ProfileStatus, number>>();
  /** What the verdicts do not prove, as the members say it (each sentence once). */
  private readonly limits = new Set<string>();

  get counts(): Record<Verdict, number> {
    return this.tally.counts;
  }

  add(report: Pick<Report, 'source' | 'verdict' | 'dimensions' | 'profiles' | 'limits'>): void {
    this.tally.add(report);
    for (const limit of report.limits) if (this.limits.size < 16) this.limits.add(limit);
    for (const line of report.profiles ?? []) {
      // A stricter line's reasons are its own checks': kept under their status.
      const status = line.ownChecks ?? line.status;
      const kept = getOrSet(getOrSet(this.profileReasons, line.id, new Map()), status, []);
      for (const reason of line.reasons) {
        bump(this.profileReasonTotals, line.id, status);
        if (kept.length < MAX_REASONS)
          kept.push({ rule: reason.rule, message: `${report.source}: ${reason.message}` });
      }
    }
  }

  get size(): number {
    return this.tally.members;
  }

  /** The batch's report (no members: they are rows, their details on demand). */
  report(source: string): Report {
    const { counts } = this.tally;
    const verdict: Verdict =
      counts.failed > 0 ? 'failed' : counts.incomplete > 0 ? 'incomplete' : 'verified';
    const profiles = PROFILE_IDS.map((id): ProfileResult => {
      const status =
        id === 'core' ? VERDICT_STATUS[verdict] : withCore(this.tally.profileStatus(id), verdict);
      const ownChecks = id === 'core' ? undefined : this.tally.ownChecksStatus(id);
      const reasonStatus = ownChecks ?? status;
      const reasons = [...(this.profileReasons.get(id)?.get(reasonStatus) ?? [])];
      const total = this.profileReasonTotals.get(id)?.get(reasonStatus) ?? 0;
      if (total > reasons.length)
        reasons.push({ rule: id, message: `+${total - reasons.length} more` });
      return {
        id,
        label: PROFILE_LABELS[id],
        status,
        ...(ownChecks !== undefined ? { ownChecks } : {}),
        reasons,
      };
    });
    return {
      kind: 'batch',
      source,
      verdict,
      dimensions: this.tally.dimensions(),
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
