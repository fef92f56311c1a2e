import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../../core';
import { warningsLine, warningsOf } from './headline';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const valid = JSON.parse(readFileSync('src/ui/samples/valid-receipt.json', 'utf8')) as object;

const run = (text: string, options = {}) =>
  verify({ name: 'r.json', text }, [], { now: NOW, ...options });

describe('warnings beside the verdict', () => {
  it('counts every warning, the first named', async () => {
    const future = { ...valid, created_at: '2030-11-01T00:00:00Z' };
    const one = await run(JSON.stringify(future));
    expect(warningsLine(warningsOf(one))).toBe(
      "1 warning: created_at is 4 years after this device's clock",
    );
    const two = await run(JSON.stringify({ ...future, receipt_schema_version: '0.2' }));
    expect(warningsLine(warningsOf(two))).toMatch(/^2 warnings: .+ \(\+1 more\)$/);
    expect(warningsLine(warningsOf(await run(JSON.stringify(valid))))).toBeUndefined();
  });

  it('counts a batch member’s warnings too', async () => {
    const future = JSON.stringify({ ...valid, created_at: '2030-11-01T00:00:00Z' });
    const batch = await run(`[${JSON.stringify(valid)},${future}]`);
    expect(batch.kind).toBe('batch');
    expect(warningsOf(batch).map((c) => c.rule)).toContain('receipt.created_at.future');
  });

  it('names first a warning that counts under the chosen profile: core’s before strict’s own', async () => {
    // A UUID v1 id is a strict profile warning; the clock warning is core's.
    const receipt = {
      ...valid,
      id: 'b6c63ac5-f324-1fa7-ad58-c4bf83faa86a',
      created_at: '2030-11-01T00:00:00Z',
    };
    const report = await run(JSON.stringify(receipt));
    expect(warningsOf(report).map((c) => c.rule)).toEqual([
      'receipt.created_at.future',
      'profile.strict.id_v4',
    ]);
    expect(warningsOf(report, 'strict').map((c) => c.rule)).toEqual([
      'profile.strict.id_v4',
      'receipt.created_at.future',
    ]);
  });

  it('does not count again a profile’s warning that repeats a failure at the same place', async () => {
    const base64 = (valid as { canonical_bytes: string }).canonical_bytes;
    const report = await run(
      JSON.stringify({ ...valid, canonical_bytes: `${base64.slice(0, -2)}=A` }),
    );
    const failure = report.checks.find((c) => c.status === 'fail')!;
    expect(failure.message).toBe('canonical_bytes is not valid base64');
    // The reference producer's own check says the same of the same member.
    expect(report.checks.some((c) => c.status === 'warning' && c.message === failure.message)).toBe(
      true,
    );
    expect(warningsOf(report)).toEqual([]);
  });
});
