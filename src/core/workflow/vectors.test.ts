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
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { member, toPlain, type JsonValue } from '../json/ast';
import { parseJson } from '../json/parse';
import type { Check, Verdict } from '../report';
import { verify, type InputDocument } from '../verify';
import { LINKAGE_RULES } from './linkage';
import { MERKLE_RULES } from './merkle-check';
import { MEMBER_RULES } from './members';
import { STEP_RULES } from './steps';
import { TIME_RULES } from './timing';

const CASES = join(__dirname, 'vectors', 'cases');
export const VECTOR_NOW = Date.parse('2026-11-01T00:00:00Z');

interface ExpectedCheck {
  rule: string;
  message: string;
  path?: string;
}
interface Expectation {
  verdict: Verdict;
  failures?: ExpectedCheck[];
  warnings?: ExpectedCheck[];
  unavailable?: string[];
  passes?: string[];
}

export function loadVector(file: string): {
  description: string;
  expect: Expectation;
  document: InputDocument;
  supplied: InputDocument[];
} {
  const text = readFileSync(file, 'utf8');
  const root = parseJson(text).root;
  if (root.type !== 'object') throw new Error(`${file}: not an object`);
  const slice = (node: JsonValue): string => text.slice(node.start, node.end);
  const documentNode = member(root, 'document');
  if (!documentNode) throw new Error(`${file}: no document`);
  const supplied: InputDocument[] = [];
  const suppliedNode = member(root, 'supplied');
  if (suppliedNode?.type === 'array') {
    for (const item of suppliedNode.items) {
      if (item.type !== 'object') continue;
      const name = member(item, 'name');
      const textNode = member(item, 'text');
      const doc = member(item, 'document');
      const role = member(item, 'role');
      supplied.push({
        name: name?.type === 'string' ? name.value : 'supplied',
        text: textNode?.type === 'string' ? textNode.value : doc ? slice(doc) : '',
        ...(role?.type === 'string' && role.value === 'final-answer' ? { role: role.value } : {}),
      });
    }
  }
  const description = member(root, 'description');
  return {
    description: description?.type === 'string' ? description.value : '',
    expect: toPlain(member(root, 'expect') as JsonValue) as Expectation,
    document: { name: file.split('/').pop() ?? file, text: slice(documentNode) },
    supplied,
  };
}

const ruleSet = (checks: Check[], status: Check['status']): string[] =>
  [...new Set(checks.filter((c) => c.status === status).map((c) => c.rule))].sort();

const files = readdirSync(CASES)
  .filter((f) => f.endsWith('.json'))
  .sort();

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

describe('rule coverage', () => {
  /** Rules that judge something: each needs a vector where it passes and one where it does not. */
  const JUDGING_RULES = [
    ...Object.values(MEMBER_RULES).map((r) => r.id),
    ...Object.values(STEP_RULES).map((r) => r.id),
    ...Object.values(TIME_RULES).map((r) => r.id),
    MERKLE_RULES.root.id,
    LINKAGE_RULES.stepReceipt,
    LINKAGE_RULES.finalAnswer,
  ];

  it('every rule has a passing and a failing (or warning) vector', async () => {
    const passed = new Set<string>();
    const flagged = new Set<string>();
    const worked = readFileSync(join(__dirname, 'vectors', 'worked-example.json'), 'utf8');
    const inputs: { document: InputDocument; supplied: InputDocument[] }[] = [
      { document: { name: 'worked-example.json', text: worked }, supplied: [] },
      ...files.map((f) => loadVector(join(CASES, f))),
    ];
    for (const { document, supplied } of inputs) {
      const report = await verify(document, supplied, { now: VECTOR_NOW });
      for (const c of report.checks) {
        if (c.status === 'pass') passed.add(c.rule);
        if (c.status === 'fail' || c.status === 'warning') flagged.add(c.rule);
      }
    }
    expect(JUDGING_RULES.filter((r) => !passed.has(r))).toEqual([]);
    expect(JUDGING_RULES.filter((r) => !flagged.has(r))).toEqual([]);
  });
});
