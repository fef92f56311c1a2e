/**
 * One line per applicable profile (report.profiles, src/core/profiles.ts): core first, which
 * alone decides the verdict, then the stricter readings with the reasons they fail.
 */
import { useState } from 'react';
import {
  parseDuration,
  PROFILE_LABELS,
  verdictUnderProfile,
  type ProfileId,
  type ProfileResult,
  type Report,
} from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { statusTone } from '../../selectors/verdict';
import {
  CHOOSABLE_PROFILES,
  readProfileSetting,
  writeProfileSetting,
  type ProfileSetting,
} from './profile-setting';

/** Which profile decides "your verdict", and the clock policy: remembered on this device. */
function ProfileSettings({ onChange }: { onChange: (s: ProfileSetting) => void }) {
  const [setting, setSetting] = useState(readProfileSetting);
  const update = (next: ProfileSetting): void => {
    setSetting(next);
    writeProfileSetting(next);
    onChange(next);
  };
  const invalid = (d: string): boolean => d !== '' && parseDuration(d) === undefined;
  return (
    <details className="mt-2 text-sm">
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
              onChange={(e) => update({ ...setting, [key]: e.target.value.trim() })}
              className="w-32 rounded border border-slate-300 px-1 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        The clock policy applies from the next verification. Core alone decides the verdict above.
      </p>
    </details>
  );
}

function tone(status: ProfileResult['status']) {
  return statusTone(
    status === 'incomplete' ? 'unavailable' : status === 'not_applicable' ? 'not_checked' : status,
  );
}

export function ProfilesList({ report }: { report: Report }) {
  const [setting, setSetting] = useState(readProfileSetting);
  const lines = (report.profiles ?? []).filter((p) => p.status !== 'not_applicable');
  if (lines.length === 0) return null;
  const chosen = verdictUnderProfile(report, setting.profile);
  return (
    <Card title="Profiles">
      {(setting.profile !== 'core' || chosen !== report.verdict) && (
        <p className="mb-2 text-sm font-semibold" data-testid="profile-verdict">
          Under your profile ({PROFILE_LABELS[setting.profile]}
          {setting.maxFuture || setting.maxAge ? ' and clock policy' : ''}): {chosen}
        </p>
      )}
      <ul className="space-y-1 text-sm" data-testid="profiles">
        {lines.map((p) => (
          <li key={p.id} data-profile={p.id} className="flex flex-wrap items-baseline gap-2">
            <Badge tone={tone(p.status)} />
            <span className="font-medium">{p.label}</span>
            {p.id === 'core' && (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                decides the verdict
              </span>
            )}
            {p.id !== 'core' &&
              p.reasons.slice(0, 3).map((r) => (
                <code key={r.rule + r.message} className="text-xs break-words">
                  {r.message}
                </code>
              ))}
            {p.id !== 'core' && p.reasons.length > 3 && (
              <span className="text-xs">+{p.reasons.length - 3} more</span>
            )}
          </li>
        ))}
      </ul>
      <ProfileSettings onChange={setSetting} />
    </Card>
  );
}
