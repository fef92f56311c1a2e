/**
 * The vector-set vectors (./vectors, written by test/generators/vector-sets.py): one file of each
 * published form; beyond what each expects (checked by the one table runner,
 * src/conformance/golden-vectors.test.ts), every vector of a set is verified as a document of its
 * own and its row points at it in the set.
 */
import { describe, expect, it } from 'vitest';
import type { VectorSetDetails } from './details';
import { verify } from '../verify';
import { vectorCases } from '../../../test/support/vector-files';

const files = vectorCases().filter((v) => v.suite === 'vector-set');

describe('vector-set vectors', () => {
  it('found a file of each published form', () => {
    expect(files.map((f) => f.name)).toEqual([
      'vector-set/fixture-cases.json',
      'vector-set/kit-chain-vectors-06.json',
      'vector-set/kit-chain-vectors-v07.json',
      'vector-set/kit-merkle-vectors.json',
      'vector-set/perl-extra-vectors.json',
      'vector-set/undecided-construction.json',
    ]);
  });

  it.each(files)('$name: each row points at its vector', async (file) => {
    const report = await verify(file.document, file.supplied, file.options);
    const details = report.details as VectorSetDetails;
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
