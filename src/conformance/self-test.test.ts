/**
 * The self-test the CLI and the #/conformance page run: every bundled vector is found, read and
 * as expected; and a vector whose expectation is wrong is reported as a difference (the
 * comparison is not a rubber stamp).
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../core';
import { BUNDLED_VECTOR_FILES } from './bundled-vectors';
import {
  compareWithExpectation,
  runSelfTest,
  selfTestCases,
  selfTestText,
  type SelfTestCase,
} from './self-test';

const cases = selfTestCases(BUNDLED_VECTOR_FILES);
const run = (c: SelfTestCase) => verify(c.document, c.supplied, c.options);

describe('self-test', () => {
  it('bundles every suite, the spec worked examples included', () => {
    const suites = new Set(cases.map((c) => c.suite));
    expect([...suites].sort()).toEqual(['anchor', 'chain', 'receipt', 'vector-set', 'workflow']);
    const names = cases.map((c) => c.name);
    expect(names).toContain('receipt/valid-minimal.json');
    expect(names).toContain('workflow/worked-example.json');
    expect(names).toContain('vector-set/kit-merkle-vectors.json');
    expect(cases.length).toBeGreaterThan(250);
  });

  it('finds every bundled vector as expected', async () => {
    const summary = await runSelfTest(cases, run);
    expect(selfTestText(summary)).toMatch(/^(\d+) of \1 as expected/);
    expect(summary.results.filter((r) => !r.asExpected)).toEqual([]);
  });

  it('reports a wrong expectation as a difference, with the actual verdict and reason', async () => {
    const future = cases.find((c) => c.name === 'receipt/created_at-future-dated-2027.json');
    expect(future).toBeDefined();
    if (!future) return;
    const wrong: SelfTestCase = {
      ...future,
      expected: {
        verdict: 'failed',
        findings: [{ status: 'fail', message: 'created_at is in the future' }],
      },
    };
    const result = compareWithExpectation(wrong, await run(wrong));
    expect(result.asExpected).toBe(false);
    expect(result.actualVerdict).toBe('verified');
    expect(result.differences).toEqual([
      'verdict verified, expected failed',
      'missing fail: created_at is in the future',
    ]);
  });
});
