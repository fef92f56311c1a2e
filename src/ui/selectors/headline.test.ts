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
});
