/**
 * The one table runner of the golden vectors: every vector of every `vectors` folder under
 * src/core, read from disk by the one reader (vector-file.ts), verified through the one pipeline
 * and compared with everything it expects, as the self-test compares it. Adding a case is adding
 * a file.
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../core';
import { vectorCases } from '../../test/support/vector-files';
import { compareWithExpectation } from './self-test';

const cases = vectorCases();

describe('golden vectors', () => {
  it('are found in every suite', () => {
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(cases)('$name', async (vector) => {
    const report = await verify(vector.document, vector.supplied, vector.options);
    const result = compareWithExpectation(vector, report);
    expect(result.differences, vector.description).toEqual([]);
  });
});
