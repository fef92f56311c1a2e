/**
 * What an exported report carries besides the reports (issue 24 item 16): the verifier that
 * checked them, its version and build, when the checks ran, the setting they ran under, and the
 * SHA-256 of each input as verified, so a saved report can be matched to its bytes later.
 */
import { toCliJson, verdictUnderProfile, type CliJsonReport, type Verdict } from '../../../core';
import type { InputDigest, ResultRow, VerifyOutcome } from '../../../worker/client';
import { VERIFIER } from '../../build-info';
import type { AppliedSetting } from './profile-setting';

export interface ReportExport {
  verifier: typeof VERIFIER;
  /** When the checks ran (the clock they ran against), ISO 8601 in UTC. */
  checked_at: string | null;
  /** The profile and clock policy the verdicts were read under, and where the setting came from. */
  setting: { profile: string; max_future: string; max_age: string; from: 'saved' | 'link' };
  inputs: InputDigest[];
  /** The CLI's JSON format, with each verdict under the setting beside core's. */
  reports: (CliJsonReport & { verdict_under_setting: Verdict; members?: ResultRow[] })[];
}

export function reportExport(outcome: VerifyOutcome, applied: AppliedSetting): ReportExport {
  const { setting } = applied;
  return {
    verifier: VERIFIER,
    checked_at: outcome.checkedAt !== undefined ? new Date(outcome.checkedAt).toISOString() : null,
    setting: {
      profile: setting.profile,
      max_future: setting.maxFuture,
      max_age: setting.maxAge,
      from: applied.from,
    },
    inputs: outcome.inputs ?? [],
    // A large batch's members are compact rows here (their reports stay in the Worker):
    // exported as rows, so no member is left out.
    reports: outcome.results.map((r) => ({
      ...toCliJson(r.report),
      verdict_under_setting: verdictUnderProfile(r.report, setting.profile),
      ...(r.rows ? { members: r.rows } : {}),
    })),
  };
}
