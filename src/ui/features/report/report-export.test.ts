import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../../../core';
import { VERIFIER } from '../../build-info';
import { reportExport } from './report-export';

const strictFailing = (
  JSON.parse(readFileSync('src/core/receipt/vectors/strict-schema-version-0.2.json', 'utf8')) as {
    text: string;
  }
).text;

describe('an exported report carries its context', () => {
  it('names the verifier and build, when, the setting, every input’s digest, and both verdicts', async () => {
    const report = await verify({ name: 'r.json', text: strictFailing }, []);
    const digest = { name: 'r.json', bytes: strictFailing.length, sha256: 'ab'.repeat(32) };
    const exported = reportExport(
      {
        results: [{ report, suppliedNames: [] }],
        unplaced: [],
        elapsedMs: 1,
        inputs: [digest],
        checkedAt: Date.parse('2026-12-01T10:00:00Z'),
      },
      { setting: { profile: 'strict', maxFuture: '', maxAge: '90d' }, from: 'link' },
    );
    expect(exported.verifier).toEqual(VERIFIER);
    expect(VERIFIER.version).toBe(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version,
    );
    expect(VERIFIER.build).not.toBe('');
    expect(exported.checked_at).toBe('2026-12-01T10:00:00.000Z');
    expect(exported.setting).toEqual({
      profile: 'strict',
      max_future: '',
      max_age: '90d',
      from: 'link',
    });
    expect(exported.inputs).toEqual([digest]);
    expect(exported.reports[0]).toMatchObject({
      file: 'r.json',
      verdict: 'verified',
      verdict_under_setting: 'failed',
    });
  });
});
