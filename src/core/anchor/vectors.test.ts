/**
 * The anchor vectors in ./vectors/cases (one file per case, written by
 * test/generators/make-anchor-vectors.ts): each names its §5 section, and they are on disk
 * exactly as the script writes them. Every vector's expectation is checked by the one table
 * runner (src/conformance/golden-vectors.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANCHOR_CASES,
  buildAnchorVectors,
  serialiseVector,
} from '../../../test/generators/make-anchor-vectors';
import { vectorCases } from '../../../test/support/vector-files';

const vectors = vectorCases().filter((v) => v.name.startsWith('anchor/cases/'));

describe('anchor vectors', () => {
  it('found the vector files', () => {
    expect(vectors.length).toBeGreaterThan(30);
  });

  it.each(vectors)('$name names its §5 section', (vector) => {
    expect(vector.spec).toMatch(/§5/);
  });

  it('are on disk exactly as make-anchor-vectors.ts writes them (run it after editing)', () => {
    const names = vectors.map((v) => v.name.replace(/^anchor\/cases\//, ''));
    for (const [name, vector] of buildAnchorVectors()) {
      expect(names, name).toContain(name);
      expect(readFileSync(join(ANCHOR_CASES, name), 'utf8'), name).toBe(serialiseVector(vector));
    }
  });
});
