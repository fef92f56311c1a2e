/**
 * What the verdict banner says, as pure functions: the verdict under the setting the result was
 * checked under (the core's verdictUnderProfile, as `aer1-verify --profile` decides its exit
 * code), core's own verdict when they differ, and every warning counted beside it.
 */
import {
  verdictUnderProfile,
  type Check,
  type ProfileId,
  type ProfileResult,
  type Report,
  type Verdict,
} from '../../core';

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
}

/** The verdict under a setting, and what made it differ from core's. */
export function verdictUnder(report: Report, setting: VerdictSetting): ShownVerdict {
  const verdict = verdictUnderProfile(report, setting.profile);
  const parts: string[] = [];
  if (setting.profile !== 'core') parts.push(SHORT_NAMES[setting.profile]);
  if (setting.clockPolicy)
    parts.push(setting.fromLink ? 'the link’s clock policy' : 'your clock policy');
  const deciding =
    verdict === report.verdict
      ? []
      : (report.profiles ?? []).filter(
          (p) =>
            (p.id === setting.profile || p.id === 'consumer-policy') &&
            p.id !== 'core' &&
            (p.status === 'fail' || p.status === 'incomplete'),
        );
  return {
    verdict,
    coreVerdict: report.verdict,
    ...(parts.length > 0 ? { under: parts.join(' and ') } : {}),
    deciding,
  };
}

/** Every warning of a report and of its members, in order. */
export function warningsOf(report: Report): Check[] {
  const out: Check[] = [];
  const visit = (r: Report): void => {
    for (const check of r.checks) if (check.status === 'warning') out.push(check);
    for (const child of r.children ?? []) visit(child);
  };
  visit(report);
  return out;
}

/** "1 warning: <message>", "3 warnings: <first> (+2 more)"; undefined without warnings. */
export function warningsLine(
  warnings: readonly Check[],
  message: (check: Check) => string = (c) => c.message,
): string | undefined {
  const first = warnings[0];
  if (!first) return undefined;
  const count = warnings.length;
  return `${count} ${count === 1 ? 'warning' : 'warnings'}: ${message(first)}${count > 1 ? ` (+${count - 1} more)` : ''}`;
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
  const [first, ...more] = reasons;
  const why = first ? `: ${first}${more.length > 0 ? ` (+${more.length} more)` : ''}` : '';
  const under = shown.under ?? 'the setting';
  return shown.verdict === 'failed'
    ? `Core gives “${shown.coreVerdict}”; ${under}, which this verdict follows, fails the record${why}.`
    : `Core gives “${shown.coreVerdict}”; under ${under}, which this verdict follows, something could not be checked${why}.`;
}
