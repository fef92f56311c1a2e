/**
 * Reports, reader output and command-line output byte for byte as they were before the reader
 * was rebuilt scan-first (issue 28): every case of test/support/report-cases.ts against the
 * digest frozen in test/differential/expected.json. A case that differs is named; to see how,
 * write both outputs with scripts/report-snapshot.ts (the old one from a worktree of the
 * commit that froze the digests) and compare them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outputDigest, reportCases } from './support/report-cases';

const expected = JSON.parse(
  readFileSync(new URL('./differential/expected.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('differential: outputs as frozen', () => {
  it(
    'every vector, fuzz case, generated document and command-line run gives the frozen output',
    { timeout: 300_000 },
    async () => {
      const differing: string[] = [];
      const seen = new Set<string>();
      for await (const { name, output } of reportCases()) {
        seen.add(name);
        if (expected[name] !== outputDigest(output)) differing.push(name);
      }
      const missing = Object.keys(expected).filter((name) => !seen.has(name));
      expect(differing, 'cases whose output differs from the frozen one').toEqual([]);
      expect(missing, 'frozen cases no longer produced').toEqual([]);
      expect(seen.size).toBeGreaterThan(2500);
    },
  );
});
