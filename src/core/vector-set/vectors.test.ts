/**
 * Table runner for the vector-set vectors (./vectors, written by test/generators/vector-sets.py):
 * each file is a vector set in a published form; it must be read as a vector set, each of its
 * vectors must get the agreement the file declares, and the set the declared verdict.
 */
import { describe, expect, it } from 'vitest';
import type { VectorSetDetails } from '../report-details';
import { verify } from '../verify';
import { loadVectorSetFiles, VECTOR_SET_NOW } from '../../../test/support/vector-set-vectors';

const files = loadVectorSetFiles();

describe('vector-set vectors', () => {
  it('found a file of each published form', () => {
    expect(files.map((f) => f.name)).toEqual([
      'fixture-cases.json',
      'kit-chain-vectors-06.json',
      'kit-chain-vectors-v07.json',
      'kit-merkle-vectors.json',
      'perl-extra-vectors.json',
      'undecided-construction.json',
    ]);
  });

  it.each(files)('$name', async (file) => {
    const report = await verify({ name: file.name, text: file.text }, [], {
      now: VECTOR_SET_NOW,
    });
    expect(report.kind).toBe('vector-set');
    const details = report.details as VectorSetDetails;
    const rows = Object.fromEntries(details.rows.map((r) => [r.name, r.agreement]));
    expect(rows).toEqual(file.expect.rows);
    expect(details.reading06).toBe(file.expect.reading06);
    expect(report.verdict).toBe(file.expect.verdict);
    // Every vector was verified as a document of its own, and the row points at it in the set;
    // a vector of legacy leaf preimages describes no document and is decided by its root alone.
    for (const row of details.rows) {
      expect(row.pointer).toMatch(/^\/(vectors|cases)\/\d+$/);
      if (row.agreement !== 'undecided' && !row.ours.startsWith('legacy root '))
        expect(row.report?.source).toContain(row.name);
    }
    expect(structuredClone(report)).toEqual(report);
  });
});
