/**
 * Named profiles side by side (spec §2.2, §5.2): AER-1 has one core and several published
 * stricter readings, and implementations disagree on which they apply. Rather than choose
 * silently, every report carries one line per applicable profile, computed from its checks:
 *
 * - core: the draft's rules; this line is the core verdict itself;
 * - strict: what the reference implementations additionally require (UUID v4 id, a published
 *   receipt_schema_version);
 * - reference-producer: the reference producer's payload (a JSON object with an inputs member, as the kit checks it);
 * - disinterested: the kit's log-anchor tier (spec §5.2);
 * - consumer-policy: clock skew and freshness windows the user sets (off unless set).
 *
 * A rule belongs to a profile by naming it in its declaration (rule.ts `profile`). Checks of the
 * advisory profiles (strict, reference-producer, consumer-policy) never count toward a dimension,
 * so they can never decide the core verdict; their failures are recorded as warnings. The
 * disinterested tier's log-anchor rules are the anchor checks themselves (anchor_verification),
 * so they count there as every anchor check does, and are also summarised on their own line.
 *
 * A stricter profile includes core: its line reads its own checks on top of the core verdict, so
 * it is never better than core's (a tampered receipt fails strict too, "core fails"), and
 * `ownChecks` says what its own checks found alone. The shells choose which line sets the verdict
 * they show or exit with (verdictUnderProfile); the report's `verdict` stays core's.
 *
 * Pure data over the report model: imports no feature module.
 */
import type {
  Check,
  ProfileId,
  ProfileResult,
  ProfileStatus,
  Report,
  RuleProfile,
  Verdict,
} from './model/report';
import { PROFILE_IDS } from './model/report';
import { isAdvisoryCheck, type TalliedChecks } from './check-tally';

export const PROFILE_LABELS: Record<ProfileId, string> = {
  core: 'core (the draft)',
  strict: 'strict (reference implementations)',
  'reference-producer': 'reference producer',
  disinterested: 'disinterested tier (log anchor)',
  'consumer-policy': 'consumer policy (clock)',
};

/** Worst first: fail, then incomplete, then pass; not_applicable last. */
const WORST: ProfileStatus[] = ['fail', 'incomplete', 'pass', 'not_applicable'];

/** The worse of two statuses (WORST order). */
function worse(a: ProfileStatus, b: ProfileStatus): ProfileStatus {
  return WORST.indexOf(a) <= WORST.indexOf(b) ? a : b;
}

/**
 * A stricter profile's status from its own checks and the core verdict: its own checks never
 * make it better than core. A profile with no checks here stays not applicable.
 */
export function withCore(ownChecks: ProfileStatus, verdict: Verdict): ProfileStatus {
  return ownChecks === 'not_applicable' ? ownChecks : worse(ownChecks, VERDICT_STATUS[verdict]);
}

const VERDICT_STATUS: Record<Verdict, ProfileStatus> = {
  verified: 'pass',
  failed: 'fail',
  incomplete: 'incomplete',
};

/** What one pass over a report's checks gathers for a non-core profile (lists made when met). */
interface ProfileGather {
  failing?: { rule: string; message: string }[];
  open?: { rule: string; message: string }[];
}

/**
 * One line per profile, from a report's checks and its core verdict. Where nothing failed and
 * every profile's checks passed (a valid receipt), the lines are read from the tally alone;
 * otherwise one pass over the checks gathers the reasons.
 */
export function decideProfiles(recorded: TalliedChecks, verdict: Verdict): ProfileResult[] {
  const { tally } = recorded;
  if (tally.coreFailed || tally.failing !== 0 || tally.open !== 0)
    return profilesFromChecks(recorded.checks, verdict);
  const key = tally.profiles * VERDICTS.length + VERDICTS.indexOf(verdict);
  let lines = PASSING_LINES.get(key);
  if (!lines) {
    lines = deepFreeze(
      PROFILE_IDS.map((id, i) =>
        profileLine(id, verdict, (tally.profiles & (1 << i)) === 0 ? undefined : 'pass', []),
      ),
    );
    PASSING_LINES.set(key, lines);
  }
  return lines;
}

/**
 * The lines of reports where no profile check failed or went unjudged, by verdict and the
 * profiles met: the same few for every valid receipt of a batch, so made once and shared,
 * frozen so that no reader can change another report's lines.
 */
const PASSING_LINES = new Map<number, ProfileResult[]>();
const VERDICTS: readonly Verdict[] = ['verified', 'failed', 'incomplete'];

function deepFreeze(lines: ProfileResult[]): ProfileResult[] {
  for (const line of lines) {
    Object.freeze(line.reasons);
    Object.freeze(line);
  }
  return Object.freeze(lines) as ProfileResult[];
}

/**
 * A report's profile lines as its own (expandReport): shared lines are copied, so that a report
 * leaving the core is as any other object its reader may change.
 */
export function ownProfileLines(lines: ProfileResult[]): ProfileResult[] {
  if (!Object.isFrozen(lines)) return lines;
  return lines.map((line) => ({ ...line, reasons: [...line.reasons] }));
}

/**
 * The profile lines from one pass over the checks: what decideProfiles gives where some check
 * failed or could not be judged, and the reference its shortcut is tested against.
 */
export function profilesFromChecks(checks: readonly Check[], verdict: Verdict): ProfileResult[] {
  let coreReasons: { rule: string; message: string }[] | undefined;
  let gathered: Partial<Record<RuleProfile, ProfileGather>> | undefined;
  for (let i = 0; i < checks.length; i++) {
    const c = checks[i]!;
    const profile = c.profile;
    const status = c.status;
    if (profile === undefined) {
      if (status === 'fail') (coreReasons ??= []).push({ rule: c.rule, message: c.message });
      continue;
    }
    if (status === 'fail' && !isAdvisoryCheck(c))
      (coreReasons ??= []).push({ rule: c.rule, message: c.message });
    gathered ??= {};
    const own = (gathered[profile] ??= {});
    if (status === 'fail' || status === 'warning')
      (own.failing ??= []).push({ rule: c.rule, message: c.message });
    else if (status === 'unavailable') (own.open ??= []).push({ rule: c.rule, message: c.message });
  }
  const results = new Array<ProfileResult>(PROFILE_IDS.length);
  for (let i = 0; i < PROFILE_IDS.length; i++) {
    const id = PROFILE_IDS[i]!;
    if (id === 'core') {
      results[i] = profileLine(id, verdict, undefined, coreReasons ?? []);
      continue;
    }
    const own = gathered?.[id];
    const ownChecks: ProfileStatus | undefined =
      own === undefined ? undefined : own.failing ? 'fail' : own.open ? 'incomplete' : 'pass';
    results[i] = profileLine(id, verdict, ownChecks, own?.failing ?? own?.open ?? []);
  }
  return results;
}

/**
 * One profile's line: core's is the verdict itself; another's is not applicable without checks
 * of its own (`ownChecks` undefined), and otherwise never better than core's.
 */
function profileLine(
  id: ProfileId,
  verdict: Verdict,
  ownChecks: ProfileStatus | undefined,
  reasons: { rule: string; message: string }[],
): ProfileResult {
  const label = PROFILE_LABELS[id];
  if (id === 'core') return { id, label, status: VERDICT_STATUS[verdict], reasons };
  if (ownChecks === undefined) return { id, label, status: 'not_applicable', reasons };
  return { id, label, status: withCore(ownChecks, verdict), ownChecks, reasons };
}

/**
 * A batch's profile lines: each the worst of its members' (own checks too), never better than
 * the batch's core verdict; reasons prefixed by the member.
 */
export function combineProfiles(
  children: readonly Pick<Report, 'source' | 'profiles'>[],
  verdict: Verdict,
): ProfileResult[] {
  return PROFILE_IDS.map((id) => {
    const lines = children.map((child) => ({
      source: child.source,
      line: child.profiles?.find((p) => p.id === id),
    }));
    const worstOf = (pick: (line: ProfileResult) => ProfileStatus | undefined): ProfileStatus =>
      WORST.find((s) => lines.some((l) => l.line && pick(l.line) === s)) ?? 'not_applicable';
    if (id === 'core') {
      const status = VERDICT_STATUS[verdict];
      return { id, label: PROFILE_LABELS[id], status, reasons: reasonsOf(lines, status) };
    }
    const ownChecks = worstOf((line) => line.ownChecks ?? line.status);
    // A member the profile does not apply to (one that is no receipt) still counts through core.
    const status = withCore(
      worstOf((line) => line.status),
      verdict,
    );
    return {
      id,
      label: PROFILE_LABELS[id],
      status,
      ownChecks,
      reasons: reasonsOf(lines, ownChecks, true),
    };
  });
}

/** The members' reasons on lines of `status` (their own checks' status, for `own`), prefixed. */
function reasonsOf(
  lines: { source: string; line: ProfileResult | undefined }[],
  status: ProfileStatus,
  own = false,
): { rule: string; message: string }[] {
  return lines.flatMap(({ source, line }) =>
    line && (own ? (line.ownChecks ?? line.status) : line.status) === status
      ? line.reasons.map((r) => ({ rule: r.rule, message: `${source}: ${r.message}` }))
      : [],
  );
}

/**
 * What a tier needs of a record beyond its checks passing: the disinterested tier is met only by
 * a record that has its log anchor (spec §5.2). A record without it is not shown to be at that
 * tier, however well the rest verifies.
 */
const TIER_NEEDS: Partial<Record<ProfileId, string>> = {
  disinterested: 'a log anchor (spec §5.2), which this record does not have',
};

/** What the tier `profile` needs and the report's record lacks; undefined when none. */
export function unmetTierNeed(
  report: { profiles?: readonly { id: ProfileId; status: ProfileStatus }[] | undefined },
  profile: ProfileId,
): string | undefined {
  const needs = TIER_NEEDS[profile];
  if (needs === undefined) return undefined;
  const line = report.profiles?.find((p) => p.id === profile);
  return (line?.status ?? 'not_applicable') === 'not_applicable' ? needs : undefined;
}

/**
 * The verdict under a chosen profile (the CLI's --profile): the core verdict, made failed when
 * the profile fails and incomplete when it is incomplete. A stricter reading that does not apply
 * leaves the core verdict as it is; a tier that needs what the record lacks (TIER_NEEDS) makes a
 * verified one incomplete. The consumer policy, when the user set one, always applies.
 */
export function verdictUnderProfile(
  report: {
    verdict: Verdict;
    profiles?: readonly { id: ProfileId; status: ProfileStatus }[] | undefined;
  },
  profile: ProfileId,
): Verdict {
  let verdict = report.verdict;
  const apply = (id: ProfileId): void => {
    const line = report.profiles?.find((p) => p.id === id);
    const unmet = unmetTierNeed(report, id) !== undefined;
    if (line?.status === 'fail') verdict = 'failed';
    else if ((line?.status === 'incomplete' || unmet) && verdict === 'verified')
      verdict = 'incomplete';
  };
  if (profile !== 'core') apply(profile);
  apply('consumer-policy');
  return verdict;
}
