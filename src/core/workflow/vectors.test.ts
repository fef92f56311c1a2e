/**
 * Table runner over vectors/cases/*.json: one file per tampering, named after it. Each file
 * holds `description`, `expect`, optional `supplied` files and the `document`. The document
 * (and every supplied JSON document) is passed to verify() as its exact source text, sliced
 * out of the vector file, so lexemes such as `1.0` reach the verifier as written.
 *
 * expect: verdict; failures [{rule, message, path?}] (the failed rule ids must be exactly
 * these); warnings likewise; unavailable [rule ids] (exactly these); passes [rule ids that
 * must pass].
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Check } from '../model/report';
import { verify } from '../verify';
import {
  loadVector,
  VECTOR_NOW,
  WORKFLOW_CASES as CASES,
  workflowCaseFiles,
  type ExpectedCheck,
} from '../../../test/support/workflow-vectors';

const ruleSet = (checks: Check[], status: Check['status']): string[] =>
  [...new Set(checks.filter((c) => c.status === status).map((c) => c.rule))].sort();

const files = workflowCaseFiles();

describe('workflow vectors', () => {
  it('has cases', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)('%s', async (file) => {
    const vector = loadVector(join(CASES, file));
    const want = vector.expect;
    const report = await verify(vector.document, vector.supplied, { now: VECTOR_NOW });
    const context = `${file}: ${vector.description}\n${JSON.stringify(
      report.checks.filter((c) => c.status !== 'pass' && c.status !== 'info'),
      null,
      1,
    )}`;
    expect(report.kind, context).toBe('workflow');
    expect(report.verdict, context).toBe(want.verdict);

    const expectChecks = (status: 'fail' | 'warning', expected: ExpectedCheck[] = []): void => {
      expect(ruleSet(report.checks, status), context).toEqual(
        [...new Set(expected.map((e) => e.rule))].sort(),
      );
      for (const e of expected) {
        const found = report.checks.find(
          (c) =>
            c.status === status &&
            c.rule === e.rule &&
            c.message === e.message &&
            (e.path === undefined || c.path === e.path),
        );
        expect(found, `${context}\nmissing ${status} ${JSON.stringify(e)}`).toBeDefined();
      }
    };
    expectChecks('fail', want.failures);
    expectChecks('warning', want.warnings);
    expect(ruleSet(report.checks, 'unavailable'), context).toEqual(
      [...(want.unavailable ?? [])].sort(),
    );
    for (const rule of want.passes ?? []) {
      expect(
        report.checks.some((c) => c.status === 'pass' && c.rule === rule),
        `${context}\nno pass for ${rule}`,
      ).toBe(true);
    }
  });
});
