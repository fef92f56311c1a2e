/**
 * The self-test the CLI and the #/conformance page run: every bundled vector is found, read and
 * as expected; and a vector whose expectation is wrong is reported as a difference (the
 * comparison is not a rubber stamp).
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../core';
import { VECTOR_SUITES, vectorFilesOnDisk } from '../../test/support/vector-files';
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
  it('bundles every suite the registries name, the spec worked examples included', () => {
    const suites = new Set(cases.map((c) => c.suite));
    expect([...suites].sort()).toEqual(VECTOR_SUITES);
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
      expect: {
        verdict: 'failed',
        checks: [{ status: 'fail', message: 'created_at is in the future' }],
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

  it('bundles every JSON file of every vectors folder, so no vector drops out of it', () => {
    // (A file a vector names that the bundle lacks makes that vector differ: see above.)
    const bundled = new Map(BUNDLED_VECTOR_FILES.map((f) => [f.path, f.text]));
    for (const file of vectorFilesOnDisk())
      if (file.path.endsWith('.json')) expect(bundled.get(file.path), file.path).toBe(file.text);
  });

  it('holds a report to every part of what a vector expects', async () => {
    const base = cases.find((c) => c.name === 'receipt/batch-array-one-bad.json');
    expect(base).toBeDefined();
    if (!base) return;
    const report = await run(base);
    const differences = (expect: SelfTestCase['expect']): string[] =>
      compareWithExpectation({ ...base, expect }, report).differences;
    expect(differences(base.expect)).toEqual([]);
    const verdict = base.expect.verdict;
    expect(differences({ verdict, kind: 'receipt' })).toEqual(['kind batch, expected receipt']);
    expect(differences({ verdict, complete: ['fail'] })).toEqual([
      'unexpected fail: receipt.id.format — id is not a lowercase UUID (at /1/id)',
      '1 fail checks, 0 expected',
    ]);
    expect(differences({ verdict, outcomes: { 'receipt.id.format': ['pass'] } })).toEqual([
      'receipt.id.format: fail, pass, expected pass',
    ]);
    expect(differences({ verdict, dimensions: { schema_validity: 'pass' } })).toEqual([
      'schema_validity fail, expected pass',
    ]);
    expect(differences({ verdict, profiles: { core: 'pass' } })).toEqual([
      'missing profile core: pass',
    ]);
    expect(differences({ verdict, limits: ['no such words'] })).toEqual([
      'no limit says "no such words"',
    ]);
    expect(differences({ verdict, details: { type: 'receipt' } })).toEqual(['details: absent']);
    expect(
      differences({
        verdict,
        checks: [{ status: 'fail', rule: 'receipt.id.format', path: '/0/id' }],
      }),
    ).toEqual(['missing fail: receipt.id.format (at /0/id)']);
  });

  it('says why a vector file cannot be run, and never counts it as expected', () => {
    const [broken] = selfTestCases([
      {
        path: 'src/core/receipt/vectors/no-clock.json',
        text: '{"description": "d", "expect": {"verdict": "verified"}, "text": "{}"}',
      },
    ]);
    expect(broken?.problem).toBe('no "now" (an RFC 3339 time) to verify it at');
  });
});
