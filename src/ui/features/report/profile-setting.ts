/**
 * The profile and consumer clock policy chosen in the app (remembered on this device): which
 * profile's line the report highlights as "your verdict", and the policy passed to the Worker
 * with every verification. Off (core, no policy) unless the user sets them.
 */
import { parseDuration, type ProfileId } from '../../../core';
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
