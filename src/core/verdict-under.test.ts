import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from './verify';
import { verdictUnderProfile } from './profiles';
import { PROFILE_IDS } from './model/report';
import { differenceExplained, verdictQualifier, verdictUnder } from './verdict-under';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const strictFailing = (
  JSON.parse(readFileSync('src/core/receipt/vectors/strict-schema-version-0.2.json', 'utf8')) as {
    text: string;
  }
).text;
const tampered = readFileSync('src/ui/samples/tampered-receipt.json', 'utf8');
const valid = JSON.parse(readFileSync('src/ui/samples/valid-receipt.json', 'utf8')) as object;

const run = (text: string, options = {}) =>
  verify({ name: 'r.json', text }, [], { now: NOW, ...options });

describe('the verdict read under a setting (the banner, the text output)', () => {
  it('follows the chosen profile, as the CLI’s --profile does, and names core’s when they differ', async () => {
    const report = await run(strictFailing);
    expect(report.verdict).toBe('verified');
    const shown = verdictUnder(report, { profile: 'strict', clockPolicy: false });
    expect(shown).toMatchObject({ verdict: 'failed', coreVerdict: 'verified', under: 'strict' });
    expect(verdictQualifier(shown)).toBe(' under strict · core: verified');
    expect(differenceExplained(shown)).toBe(
      'Core gives “verified”; strict, which this verdict follows, fails the record: receipt_schema_version is not a published version: 0.3 or 0.4.',
    );
    // Under core: core's verdict, nothing added.
    const core = verdictUnder(report, { profile: 'core', clockPolicy: false });
    expect(core).toMatchObject({ verdict: 'verified', coreVerdict: 'verified' });
    expect(verdictQualifier(core)).toBe('');
    expect(differenceExplained(core)).toBeUndefined();
    // Whatever the profile, the core function decides: the page and the CLI cannot disagree.
    for (const profile of PROFILE_IDS)
      expect(verdictUnder(report, { profile, clockPolicy: false }).verdict).toBe(
        verdictUnderProfile(report, profile),
      );
  });

  it('says the clock policy it was read under, the link’s when it came from one', async () => {
    const report = await run(JSON.stringify(valid), { maxAgeMs: 86_400_000 });
    const shown = verdictUnder(report, { profile: 'core', clockPolicy: true, fromLink: true });
    expect(shown.verdict).toBe('failed');
    expect(verdictQualifier(shown)).toBe(' under the link’s clock policy · core: verified');
    const mine = verdictUnder(report, { profile: 'strict', clockPolicy: true });
    expect(mine.under).toBe('strict and your clock policy');
  });

  it('a record without the log anchor the disinterested tier needs is not verified under it', async () => {
    const report = await run(JSON.stringify(valid));
    expect(report.verdict).toBe('verified');
    expect(report.profiles?.find((p) => p.id === 'disinterested')?.status).toBe('not_applicable');
    const shown = verdictUnder(report, { profile: 'disinterested', clockPolicy: false });
    expect(shown.verdict).toBe('incomplete');
    expect(verdictUnderProfile(report, 'disinterested')).toBe('incomplete');
    expect(verdictQualifier(shown)).toBe(' under disinterested tier · core: verified');
    expect(differenceExplained(shown)).toBe(
      'Core gives “verified”; under disinterested tier, which this verdict follows, something could not be checked: the disinterested tier needs a log anchor (spec §5.2), which this record does not have.',
    );
    // A stricter reading that does not apply leaves core's verdict: strict adds nothing to a
    // document that is no receipt.
    const batchOfNumbers = await run('[1, 2]');
    expect(batchOfNumbers.profiles?.find((p) => p.id === 'strict')?.status).toBe('not_applicable');
    expect(verdictUnderProfile(batchOfNumbers, 'strict')).toBe(batchOfNumbers.verdict);
  });

  it('a tampered receipt fails under every profile, and says no “core:” beside it', async () => {
    const report = await run(tampered);
    for (const profile of PROFILE_IDS) {
      const shown = verdictUnder(report, { profile, clockPolicy: false });
      expect(shown.verdict).toBe('failed');
      expect(verdictQualifier(shown)).not.toContain('core:');
    }
  });
});
