/**
 * docs/limits.md is what scripts/limits-doc.ts writes from the table of bounds, and the table
 * holds every bound src/core/bounds.ts declares, with the value the code imports: a bound
 * added without its row, or a page edited by hand, fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as bounds from '../../src/core/bounds';
import { USAGE } from '../../src/cli/usage';
import { formatBound, LIMITS_DOC, renderLimitsDoc } from '../../scripts/limits-doc';

const rows = bounds.BOUNDS.flatMap((group) => group.bounds);

describe('docs/limits.md', () => {
  it('is what npx tsx scripts/limits-doc.ts writes from src/core/bounds.ts', async () => {
    expect(readFileSync(LIMITS_DOC, 'utf8')).toBe(await renderLimitsDoc());
  });

  it('has a row for every bound the module declares, with the value the code imports', () => {
    const declared = Object.entries(bounds).filter(([, value]) => typeof value === 'number');
    expect(rows.map((row) => row.name).sort()).toEqual(declared.map(([name]) => name).sort());
    for (const row of rows)
      expect(row.value, row.name).toBe(bounds[row.name as keyof typeof bounds]);
  });

  it('names each bound once', () => {
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it('says values as a reader does', () => {
    expect(formatBound({ value: 256 * 1024 * 1024, unit: 'bytes' })).toBe('256 MiB');
    expect(formatBound({ value: 4096, unit: 'bytes' })).toBe('4,096 bytes');
    expect(formatBound({ value: 20_000, unit: 'milliseconds' })).toBe('20 s');
    expect(formatBound({ value: 5 * 60_000, unit: 'milliseconds' })).toBe('5 min');
    expect(formatBound({ value: 20_000, unit: 'files' })).toBe('20,000 files');
  });
});

describe('text that states a bound without importing it', () => {
  it("the command line's --help (which loads no core) says the pool's threshold", () => {
    expect(USAGE).toContain(`over ${bounds.POOL_AFTER_BYTES / 1024 / 1024} MiB`);
  });
});
