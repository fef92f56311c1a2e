/**
 * One line per applicable profile (report.profiles, src/core/profiles.ts): core first (the
 * draft's own verdict), then the stricter readings, never better than core, with the reasons
 * they fail. The chosen profile's reading is the verdict above (VerdictBanner), as the CLI's
 * `--profile` exit code is.
 */
import { useEffect, useRef, useState } from 'react';
import {
  exitCodeOf,
  parseDuration,
  PROFILE_LABELS,
  verdictUnderProfile,
  type ProfileId,
  type ProfileResult,
  type Report,
} from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { Untrusted } from '../../components/Untrusted';
import { statusTone } from '../../selectors/verdict';
import { verification } from '../verify/verification';
import {
  CHOOSABLE_PROFILES,
  cliCommand,
  describeSetting,
  readProfileSetting,
  sameSetting,
  writeProfileSetting,
  type AppliedSetting,
  type ProfileSetting,
} from './profile-setting';
import { useAppliedSetting } from './useAppliedSetting';

/** How long typing a duration must pause before a new clock policy verifies again. */
const POLICY_TYPING_MS = 400;

/**
 * Which profile decides "your verdict", and the clock policy: remembered on this device. A
 * change applies to the result on screen (a new clock policy verifies it again) and replaces a
 * share link's setting.
 */
function ProfileSettings({ fromLink }: { fromLink: boolean }) {
  const [setting, setSetting] = useState(readProfileSetting);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const update = (next: ProfileSetting, typing = false): void => {
    setSetting(next);
    writeProfileSetting(next);
    clearTimeout(timer.current);
    if (typing)
      timer.current = setTimeout(() => verification.settingChanged(next), POLICY_TYPING_MS);
    else verification.settingChanged(next);
  };
  const invalid = (d: string): boolean => d !== '' && parseDuration(d) === undefined;
  return (
    <details className="mt-2 text-sm print:hidden">
      <summary className="cursor-pointer">Profile and clock policy</summary>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="flex flex-col">
          Your verdict follows
          <select
            aria-label="Profile"
            value={setting.profile}
            onChange={(e) => update({ ...setting, profile: e.target.value as ProfileId })}
            className="rounded border border-slate-300 px-1 dark:border-slate-700 dark:bg-slate-900"
          >
            {CHOOSABLE_PROFILES.map((id) => (
              <option key={id} value={id}>
                {PROFILE_LABELS[id]}
              </option>
            ))}
          </select>
        </label>
        {(['maxFuture', 'maxAge'] as const).map((key) => (
          <label key={key} className="flex flex-col">
            {key === 'maxFuture' ? 'Max. ahead of this clock' : 'Max. age'}
            <input
              aria-label={key === 'maxFuture' ? 'Maximum clock skew' : 'Maximum age'}
              placeholder="off (e.g. 5m, 90d)"
              value={setting[key]}
              aria-invalid={invalid(setting[key])}
              onChange={(e) => update({ ...setting, [key]: e.target.value.trim() }, true)}
              className="w-32 rounded border border-slate-300 px-1 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {fromLink
          ? 'This result follows the share link’s setting; a choice here replaces it with yours. '
          : ''}
        The verdict above follows the profile chosen here and the clock policy, as{' '}
        <code>aer1-verify --profile</code> (with <code>--max-future</code>, <code>--max-age</code>)
        decides its exit code; when core alone would say otherwise, the verdict says so beside it. A
        new clock policy verifies the result again.
      </p>
    </details>
  );
}

function tone(status: ProfileResult['status']) {
  return statusTone(
    status === 'incomplete' ? 'unavailable' : status === 'not_applicable' ? 'not_checked' : status,
  );
}

/** Which setting the result was checked under, and whether it came from a share link. */
function AppliedLine({ applied }: { applied: AppliedSetting }) {
  const saved = readProfileSetting();
  return (
    <p
      className="mb-2 text-sm text-slate-700 dark:text-slate-300"
      data-testid="setting-applied"
      data-from={applied.from}
    >
      {applied.from === 'link' ? (
        <>
          Checked under the setting <strong>from the share link</strong>, not your saved one:{' '}
          {describeSetting(applied.setting)}.{' '}
          {sameSetting(saved, applied.setting)
            ? 'It is the same as your saved setting.'
            : `Your saved setting (${describeSetting(saved)}) applies to anything else you verify.`}
          {applied.ignored && applied.ignored.length > 0 && (
            <span className="block text-amber-800 dark:text-amber-300">
              Not applied from the link (not a known profile or duration):{' '}
              <Untrusted value={applied.ignored.join(', ')} sentence />.
            </span>
          )}
        </>
      ) : (
        <>Checked under your saved setting: {describeSetting(applied.setting)}.</>
      )}
    </p>
  );
}

export function ProfilesList({ report }: { report: Report }) {
  const applied = useAppliedSetting();
  const setting = applied.setting;
  const lines = (report.profiles ?? []).filter((p) => p.status !== 'not_applicable');
  if (lines.length === 0) return null;
  const chosen = verdictUnderProfile(report, setting.profile);
  return (
    <Card title="Profiles">
      <AppliedLine applied={applied} />
      {(setting.profile !== 'core' || chosen !== report.verdict) && (
        <p className="mb-2 text-sm font-semibold" data-testid="profile-verdict">
          Under {applied.from === 'link' ? 'the link’s' : 'your'} profile (
          {PROFILE_LABELS[setting.profile]}
          {setting.maxFuture || setting.maxAge ? ' and clock policy' : ''}): {chosen}, the verdict
          above; <code className="font-normal">{cliCommand(setting)}</code> exits{' '}
          {exitCodeOf([chosen])} on it.
        </p>
      )}
      <ul className="space-y-1 text-sm" data-testid="profiles">
        {lines.map((p) => (
          <li
            key={p.id}
            data-profile={p.id}
            data-status={p.status}
            className="flex flex-wrap items-baseline gap-2"
          >
            <Badge tone={tone(p.status)} />
            <span className="font-medium">{p.label}</span>
            {p.id === 'core' && (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                the draft’s own verdict
              </span>
            )}
            {p.id !== 'core' && p.id === setting.profile && (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                your verdict follows this line
              </span>
            )}
            {becauseOfCore(p) && (
              <span className="text-xs" data-testid="profile-core-note">
                {becauseOfCore(p)}
              </span>
            )}
            {p.id !== 'core' &&
              p.reasons.slice(0, 3).map((r) => (
                <code key={r.rule + r.message} className="text-xs break-words">
                  <Untrusted value={r.message} sentence />
                </code>
              ))}
            {p.id !== 'core' && p.reasons.length > 3 && (
              <span className="text-xs">+{p.reasons.length - 3} more</span>
            )}
          </li>
        ))}
      </ul>
      <ProfileSettings fromLink={applied.from === 'link'} />
    </Card>
  );
}

/**
 * A stricter line that fails (or is incomplete) because core does, though its own checks do
 * not: said in words, so the line never reads as its own finding.
 */
function becauseOfCore(line: ProfileResult): string | undefined {
  const own = line.ownChecks;
  if (own === undefined || own === line.status) return undefined;
  const core = line.status === 'fail' ? 'fails (core fails)' : 'incomplete (core is incomplete)';
  return `${core}; its own checks ${own === 'pass' ? 'pass' : `are ${own === 'fail' ? 'failing' : 'incomplete'}`}`;
}
