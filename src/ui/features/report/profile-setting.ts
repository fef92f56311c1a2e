/**
 * The profile and consumer clock policy chosen in the app (remembered on this device): which
 * profile's line the report highlights as "your verdict", and the policy passed to the Worker
 * with every verification. Off (core, no policy) unless the user sets them.
 */
import { parseDuration, PROFILE_LABELS, type ProfileId } from '../../../core';
import type { SharedSetting } from '../../../share/share-url';
import type { VerdictSetting } from '../../../core';
import { readSetting, writeSetting } from '../../settings';

export interface ProfileSetting {
  profile: ProfileId;
  /** Durations as typed ("5m", "90d"); empty when off. */
  maxFuture: string;
  maxAge: string;
}

const KEYS = { profile: 'aer1.profile', maxFuture: 'aer1.maxFuture', maxAge: 'aer1.maxAge' };
export const CHOOSABLE_PROFILES: readonly ProfileId[] = [
  'core',
  'strict',
  'reference-producer',
  'disinterested',
];

export function readProfileSetting(): ProfileSetting {
  const profile = readSetting(KEYS.profile, 'core') as ProfileId;
  return {
    profile: CHOOSABLE_PROFILES.includes(profile) ? profile : 'core',
    maxFuture: readSetting(KEYS.maxFuture, ''),
    maxAge: readSetting(KEYS.maxAge, ''),
  };
}

export function writeProfileSetting(setting: ProfileSetting): void {
  writeSetting(KEYS.profile, setting.profile === 'core' ? undefined : setting.profile);
  writeSetting(KEYS.maxFuture, setting.maxFuture || undefined);
  writeSetting(KEYS.maxAge, setting.maxAge || undefined);
}

/** The consumer policy to verify under, from the remembered setting (invalid durations: off). */
export function policyOptions(setting: ProfileSetting = readProfileSetting()): {
  maxFutureMs?: number;
  maxAgeMs?: number;
} {
  const maxFutureMs = setting.maxFuture ? parseDuration(setting.maxFuture) : undefined;
  const maxAgeMs = setting.maxAge ? parseDuration(setting.maxAge) : undefined;
  return {
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  };
}

/**
 * The setting a result was verified under, and where it came from: the user's saved setting, or
 * a share link's (which applies to what the link opened, and is never saved).
 */
export interface AppliedSetting {
  setting: ProfileSetting;
  from: 'saved' | 'link';
  /** A link's values that were not applied (an unknown profile, a duration that does not parse). */
  ignored?: string[];
}

/**
 * A share link's setting as one the app can apply, or undefined when the link carries none. An
 * unknown profile reads as core and a duration that does not parse as off, as a saved one would;
 * `ignored` says which of the link's values were not applied.
 */
export function settingFromLink(
  shared: SharedSetting | undefined,
): { setting: ProfileSetting; ignored: string[] } | undefined {
  if (!shared) return undefined;
  const ignored: string[] = [];
  const profile = CHOOSABLE_PROFILES.includes(shared.profile as ProfileId)
    ? (shared.profile as ProfileId)
    : 'core';
  if (profile !== shared.profile) ignored.push(`profile "${shared.profile}"`);
  const duration = (name: string, value: string | undefined): string => {
    if (!value) return '';
    if (parseDuration(value) !== undefined) return value;
    ignored.push(`${name} "${value}"`);
    return '';
  };
  return {
    setting: {
      profile,
      maxFuture: duration('max-future', shared.maxFuture),
      maxAge: duration('max-age', shared.maxAge),
    },
    ignored,
  };
}

/** The setting as a share link carries it (the policy only where it is on). */
export function settingForLink(setting: ProfileSetting): SharedSetting {
  return {
    profile: setting.profile,
    ...(setting.maxFuture ? { maxFuture: setting.maxFuture } : {}),
    ...(setting.maxAge ? { maxAge: setting.maxAge } : {}),
  };
}

/** "Strict · clock policy: at most 5m ahead, at most 90d old" / "Core · no clock policy". */
export function describeSetting(setting: ProfileSetting): string {
  const policy = policyOptions(setting);
  const parts: string[] = [];
  if (policy.maxFutureMs !== undefined)
    parts.push(`at most ${setting.maxFuture} ahead of the clock`);
  if (policy.maxAgeMs !== undefined) parts.push(`at most ${setting.maxAge} old`);
  return `${PROFILE_LABELS[setting.profile]} · ${parts.length > 0 ? `clock policy: ${parts.join(', ')}` : 'no clock policy'}`;
}

/** Two settings verify alike: the same profile and the same clock policy in force. */
export function sameSetting(a: ProfileSetting, b: ProfileSetting): boolean {
  const pa = policyOptions(a);
  const pb = policyOptions(b);
  return (
    a.profile === b.profile && pa.maxFutureMs === pb.maxFutureMs && pa.maxAgeMs === pb.maxAgeMs
  );
}

/** What the verdict is read under (selectors/headline.ts): the profile, a clock policy on or off. */
export function verdictSetting(applied: AppliedSetting): VerdictSetting {
  const policy = policyOptions(applied.setting);
  return {
    profile: applied.setting.profile,
    clockPolicy: policy.maxFutureMs !== undefined || policy.maxAgeMs !== undefined,
    ...(applied.from === 'link' ? { fromLink: true } : {}),
  };
}

/** The command line that verifies under the setting: `aer1-verify --profile strict --max-age 1d`. */
export function cliCommand(setting: ProfileSetting): string {
  const policy = policyOptions(setting);
  return [
    'aer1-verify',
    ...(setting.profile !== 'core' ? ['--profile', setting.profile] : []),
    ...(policy.maxFutureMs !== undefined ? ['--max-future', setting.maxFuture] : []),
    ...(policy.maxAgeMs !== undefined ? ['--max-age', setting.maxAge] : []),
  ].join(' ');
}
