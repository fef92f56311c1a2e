/**
 * A verdict read under a setting, as pure functions: the core verdict made stricter by the
 * chosen profile and the consumer's clock policy (verdictUnderProfile, which sets the command
 * line's exit code), and the words that say so ("Failed under strict · core: verified"). The
 * app's banner and the command line's text output say the same.
 */
import { unmetTierNeed, verdictUnderProfile } from './profiles';
import type { ProfileId, ProfileResult, Report, Verdict } from './model/report';

/** The setting a verdict is read under: the chosen profile, and whether a clock policy is on. */
export interface VerdictSetting {
  profile: ProfileId;
  clockPolicy: boolean;
  /** The setting came from a share link, not the user's saved one. */
  fromLink?: boolean;
}

/** How a profile is named in a headline ("Failed under strict"). */
const SHORT_NAMES: Record<ProfileId, string> = {
  core: 'core',
  strict: 'strict',
  'reference-producer': 'reference producer',
  disinterested: 'disinterested tier',
  'consumer-policy': 'clock policy',
};

export interface ShownVerdict {
  /** The verdict shown: core's, made stricter by the chosen profile and the clock policy. */
  verdict: Verdict;
  coreVerdict: Verdict;
  /** What the verdict was read under, when it is more than core ("strict and your clock policy"). */
  under?: string;
  /** The profile lines that made the shown verdict other than core's. */
  deciding: ProfileResult[];
  /** What the chosen tier needs and the record lacks, when that made the verdict incomplete. */
  unmetTier?: string;
}

/** The verdict under a setting, and what made it differ from core's. */
export function verdictUnder(report: Report, setting: VerdictSetting): ShownVerdict {
  const verdict = verdictUnderProfile(report, setting.profile);
  const under = settingWords(setting);
  const deciding =
    verdict === report.verdict
      ? []
      : (report.profiles ?? []).filter(
          (p) =>
            (p.id === setting.profile || p.id === 'consumer-policy') &&
            p.id !== 'core' &&
            (p.status === 'fail' || p.status === 'incomplete'),
        );
  const needs = verdict !== report.verdict ? unmetTierNeed(report, setting.profile) : undefined;
  return {
    verdict,
    coreVerdict: report.verdict,
    ...(under !== undefined ? { under } : {}),
    deciding,
    ...(needs ? { unmetTier: `the ${SHORT_NAMES[setting.profile]} needs ${needs}` } : {}),
  };
}

/** What a verdict is read under, in words ("strict and your clock policy"); undefined for core alone. */
export function settingWords(setting: VerdictSetting): string | undefined {
  const parts: string[] = [];
  if (setting.profile !== 'core') parts.push(SHORT_NAMES[setting.profile]);
  if (setting.clockPolicy)
    parts.push(setting.fromLink ? 'the link’s clock policy' : 'your clock policy');
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/**
 * The headline's words after the verdict: what it was read under, core's verdict when it
 * differs ("Failed under strict · core: verified").
 */
export function verdictQualifier(shown: ShownVerdict): string {
  let text = shown.under ? ` under ${shown.under}` : '';
  if (shown.verdict !== shown.coreVerdict) text += ` · core: ${shown.coreVerdict}`;
  return text;
}

/** Why the shown verdict is not core's, in a sentence; undefined when they agree. */
export function differenceExplained(shown: ShownVerdict): string | undefined {
  if (shown.verdict === shown.coreVerdict) return undefined;
  const reasons = shown.deciding.flatMap((p) => p.reasons.map((r) => r.message));
  if (shown.unmetTier) reasons.push(shown.unmetTier);
  const [first, ...more] = reasons;
  const why = first ? `: ${first}${more.length > 0 ? ` (+${more.length} more)` : ''}` : '';
  const under = shown.under ?? 'the setting';
  return shown.verdict === 'failed'
    ? `Core gives “${shown.coreVerdict}”; ${under}, which this verdict follows, fails the record${why}.`
    : `Core gives “${shown.coreVerdict}”; under ${under}, which this verdict follows, something could not be checked${why}.`;
}
