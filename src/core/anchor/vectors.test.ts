/**
 * Table runner for the anchor vectors in ./vectors/cases (one file per case, written by
 * vectors/make-anchor-vectors.ts): each declares its verdict and the checks it must show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verify } from '../verify';
import {
  ANCHOR_VECTOR_NOW,
  inputOf,
  loadAnchorVectorFiles,
} from '../../../test/support/anchor-vectors';
import {
  ANCHOR_CASES,
  buildAnchorVectors,
  serialiseVector,
} from '../../../test/generators/make-anchor-vectors';

const vectors = loadAnchorVectorFiles();

describe('anchor vectors', () => {
  it('found the vector files', () => {
    expect(vectors.length).toBeGreaterThan(30);
  });

  it.each(vectors)('$name', async ({ vector }) => {
    expect(vector.spec).toMatch(/§5/);
    const report = await verify(inputOf(vector.document), (vector.supplied ?? []).map(inputOf), {
      now: ANCHOR_VECTOR_NOW,
    });
    const shown = report.checks.map((c) => ({ rule: c.rule, status: c.status }));
    expect(report.verdict, JSON.stringify(shown)).toBe(vector.expect.verdict);
    for (const wanted of vector.expect.checks) expect(shown).toContainEqual(wanted);
  });

  it('are on disk exactly as make-anchor-vectors.ts writes them (run it after editing)', () => {
    const names = vectors.map((v) => v.name);
    for (const [name, vector] of buildAnchorVectors()) {
      expect(names, name).toContain(name);
      expect(readFileSync(join(ANCHOR_CASES, name), 'utf8'), name).toBe(serialiseVector(vector));
    }
  });
});
