/**
 * The job-timeline vectors in ./vectors (test/generators/chain-vectors.py computes their digests
 * independently, in Python): beyond what each expects (checked by the one table runner,
 * src/conformance/golden-vectors.test.ts), every failure points at a JSON pointer inside the
 * document, at the entry it names, and every report survives structured cloning.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../model/report';
import { verify } from '../verify';
import type { ChainDetails } from './types';
import { vectorCases } from '../../../test/support/vector-files';

const vectors = vectorCases().filter((v) => v.suite === 'chain');

describe('job timeline vectors', () => {
  it('finds the vector files', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30);
  });

  it.each(vectors)('$name: failures point inside the document, at their entry', async (v) => {
    const report: Report = await verify(v.document, v.supplied, v.options);
    for (const check of report.checks.filter((c) => c.status === 'fail')) {
      expect(check.path === '' || check.path.startsWith('/')).toBe(true);
      const entry = /^entry (\d+) /.exec(check.message);
      if (entry && report.kind === 'timeline') {
        const details = report.details as ChainDetails;
        const pointer = details.entries[Number(entry[1])]?.pointer ?? '?';
        expect(check.path === pointer || check.path.startsWith(pointer + '/')).toBe(true);
      }
    }
    // The Worker boundary.
    expect(structuredClone(report)).toEqual(report);
  });
});
