import { describe, expect, it } from 'vitest';
import type { ReceiptDetails } from './receipt/details';
import { CheckList, expandReport } from './checks';
import { defineRules } from './rules/rule';
import { member } from './json/ast';
import { parseJson } from './json/parse';
import { prng } from '../../test/support/prng';
import { isAdvisoryCheck } from './check-tally';
import {
  buildReport,
  dimensionsFromChecks,
  overallVerdict,
  sortChecksForDisplay,
  verdictExitCode,
} from './report';
import {
  DIMENSIONS,
  type Check,
  type CheckStatus,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type Report,
  type Verdict,
} from './model/report';

function check(
  status: CheckStatus,
  message: string = status,
  dimension: Dimension = 'byte_integrity',
): Check {
  return { rule: `test.${message}`, dimension, status, message, path: '' };
}

function dimensions(
  statuses: Partial<Record<Dimension, DimensionStatus>>,
): Record<Dimension, DimensionResult> {
  return Object.fromEntries(
    DIMENSIONS.map((d) => [d, { status: statuses[d] ?? 'not_checked', summary: '' }]),
  ) as Record<Dimension, DimensionResult>;
}

/** One dimension's result through the one-pass function, as the plain record a report carries. */
const dimensionOf = (checks: Check[], dimension: Dimension): DimensionResult => {
  const { status, summary } = dimensionsFromChecks(checks)[dimension];
  return { status, summary };
};

/**
 * The reference: the rule said the simplest way (filter each dimension's counted checks, take the
 * worst status present), as the core did it before the one-pass form.
 */
function referenceDimension(checks: Check[], dimension: Dimension): DimensionResult {
  const relevant = checks.filter((c) => c.dimension === dimension && !isAdvisoryCheck(c));
  for (const status of ['fail', 'unavailable', 'pass', 'not_checked'] as const) {
    const deciding = relevant.find((c) => c.status === status);
    if (!deciding) continue;
    const count = relevant.filter((c) => c.status === status).length;
    let summary =
      count === 1
        ? deciding.message
        : status === 'pass'
          ? `${count} checks passed`
          : `${deciding.message} (+${count - 1} more)`;
    const unchecked =
      status === 'pass' ? relevant.find((c) => c.status === 'not_checked') : undefined;
    if (unchecked) summary += `; not checked: ${unchecked.message}`;
    return { status, summary };
  }
  return { status: 'not_checked', summary: 'nothing to check' };
}

describe('dimensionsFromChecks: fail > unavailable > pass > not_checked', () => {
  it.each<[string, CheckStatus[], DimensionStatus]>([
    ['nothing', [], 'not_checked'],
    ['only not_checked', ['not_checked'], 'not_checked'],
    ['pass beats not_checked', ['not_checked', 'pass'], 'pass'],
    ['unavailable beats pass', ['pass', 'unavailable', 'pass'], 'unavailable'],
    ['fail beats everything', ['pass', 'unavailable', 'not_checked', 'fail'], 'fail'],
    ['warnings and information never count', ['warning', 'info'], 'not_checked'],
    ['a warning does not spoil a pass', ['pass', 'warning', 'info'], 'pass'],
  ])('%s', (_name, statuses, expected) => {
    expect(
      dimensionOf(
        statuses.map((s) => check(s)),
        'byte_integrity',
      ).status,
    ).toBe(expected);
  });

  it('looks only at its own dimension', () => {
    const checks = [check('fail', 'bad schema', 'schema_validity'), check('pass', 'hash ok')];
    expect(dimensionOf(checks, 'byte_integrity')).toEqual({
      status: 'pass',
      summary: 'hash ok',
    });
    expect(dimensionOf(checks, 'schema_validity').status).toBe('fail');
    expect(dimensionOf(checks, 'chain_integrity')).toEqual({
      status: 'not_checked',
      summary: 'nothing to check',
    });
  });

  it('summarises from the deciding check', () => {
    expect(
      dimensionOf([check('pass', 'a'), check('pass', 'b'), check('pass', 'c')], 'byte_integrity')
        .summary,
    ).toBe('3 checks passed');
    expect(
      dimensionOf(
        [check('pass', 'a'), check('fail', 'first'), check('fail', 'second')],
        'byte_integrity',
      ).summary,
    ).toBe('first (+1 more)');
    expect(dimensionOf([check('unavailable', 'only one')], 'byte_integrity').summary).toBe(
      'only one',
    );
  });
});

describe('overallVerdict', () => {
  it.each<[string, Partial<Record<Dimension, DimensionStatus>>, boolean, Verdict]>([
    [
      'own commitments pass',
      { byte_integrity: 'pass', schema_validity: 'pass' },
      false,
      'verified',
    ],
    [
      'anything else not checked does not matter',
      {
        byte_integrity: 'pass',
        schema_validity: 'pass',
        evidence_linkage: 'unavailable',
        anchor_verification: 'unavailable',
        issuer_authenticity: 'not_checked',
      },
      false,
      'verified',
    ],
    [
      'any fail fails, even outside the own commitments',
      { byte_integrity: 'pass', schema_validity: 'pass', evidence_linkage: 'fail' },
      false,
      'failed',
    ],
    [
      'issuer fail fails',
      { byte_integrity: 'pass', schema_validity: 'pass', issuer_authenticity: 'fail' },
      false,
      'failed',
    ],
    [
      'fail beats unavailable',
      { byte_integrity: 'unavailable', schema_validity: 'fail' },
      false,
      'failed',
    ],
    [
      'byte integrity unavailable',
      { byte_integrity: 'unavailable', schema_validity: 'pass' },
      false,
      'incomplete',
    ],
    ['byte integrity not checked', { schema_validity: 'pass' }, false, 'incomplete'],
    ['schema not checked', { byte_integrity: 'pass' }, false, 'incomplete'],
    ['nothing at all', {}, false, 'incomplete'],
    [
      'chain applies and passes',
      { byte_integrity: 'pass', schema_validity: 'pass', chain_integrity: 'pass' },
      true,
      'verified',
    ],
    [
      'chain applies but was not checked',
      { byte_integrity: 'pass', schema_validity: 'pass' },
      true,
      'incomplete',
    ],
    [
      'chain applies and is unavailable',
      { byte_integrity: 'pass', schema_validity: 'pass', chain_integrity: 'unavailable' },
      true,
      'incomplete',
    ],
    [
      'chain fails where it does not apply',
      { byte_integrity: 'pass', schema_validity: 'pass', chain_integrity: 'fail' },
      false,
      'failed',
    ],
  ])('%s', (_name, statuses, chainApplies, verdict) => {
    expect(overallVerdict(dimensions(statuses), chainApplies)).toBe(verdict);
  });
});

describe('buildReport', () => {
  it('derives every dimension and the verdict from the checks', () => {
    const report = buildReport({
      kind: 'receipt',
      source: 'r.json',
      checks: [
        check('pass', 'hash', 'byte_integrity'),
        check('pass', 'schema', 'schema_validity'),
        check('unavailable', 'anchor', 'anchor_verification'),
      ],
      limits: ['limit'],
      chainApplies: false,
    });
    expect(report.verdict).toBe('verified');
    expect(Object.keys(report.dimensions)).toEqual([...DIMENSIONS]);
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(report.dimensions.chain_integrity.status).toBe('not_checked');
    expect('details' in report || 'children' in report || 'parseError' in report).toBe(false);
    // Structured-clone safe: it crosses the Worker boundary as is.
    expect(structuredClone(report)).toEqual(report);
  });

  it('keeps details, children and parse errors when given', () => {
    const child = buildReport<ReceiptDetails>({
      kind: 'receipt',
      source: 'c',
      checks: [],
      limits: [],
      chainApplies: false,
    });
    const report = buildReport<ReceiptDetails>({
      kind: 'batch',
      source: 'b',
      checks: [],
      limits: [],
      chainApplies: false,
      details: { type: 'receipt', receiptPath: '' },
      children: [child],
      parseError: { message: 'm', line: 1, column: 1, offset: 0 },
    });
    expect(report.children).toEqual([child]);
    expect(report.details).toEqual({ type: 'receipt', receiptPath: '' });
    expect(report.parseError?.message).toBe('m');
  });
});

describe('sortChecksForDisplay', () => {
  it('fail, unavailable, warning, pass, not_checked, info; stable within a group', () => {
    const input: Check[] = [
      check('info', 'i1'),
      check('pass', 'p1'),
      check('not_checked', 'n1'),
      check('warning', 'w1'),
      check('fail', 'f1'),
      check('pass', 'p2'),
      check('unavailable', 'u1'),
      check('fail', 'f2'),
      check('info', 'i2'),
    ];
    const before = input.map((c) => c.message);
    expect(sortChecksForDisplay(input).map((c) => c.message)).toEqual([
      'f1',
      'f2',
      'u1',
      'w1',
      'p1',
      'p2',
      'n1',
      'i1',
      'i2',
    ]);
    expect(input.map((c) => c.message)).toEqual(before);
  });
});

describe('verdictExitCode', () => {
  const report = (verdict: Verdict): Report => ({
    ...buildReport({ kind: 'receipt', source: '', checks: [], limits: [], chainApplies: false }),
    verdict,
  });

  it.each<[Verdict[], 0 | 1 | 2]>([
    [[], 0],
    [['verified'], 0],
    [['verified', 'verified'], 0],
    [['verified', 'incomplete'], 2],
    [['incomplete', 'failed'], 1],
    [['failed', 'verified'], 1],
  ])('%j -> %i', (verdicts, code) => {
    expect(verdictExitCode(verdicts.map(report))).toBe(code);
  });
});

describe('CheckList', () => {
  const text = '{\n  "a": {"b/c": [1, 2]}\n}';
  const { root, source } = parseJson(text);
  /** A rule of every outcome, for the tests only. */
  const RULE = defineRules({
    test: {
      id: 'test.rule',
      dimension: 'schema_validity',
      section: '§6',
      reference: '§6',
      pass: 'it holds',
      fail: 'member <name> breaks it',
      unavailable: 'it could not be judged',
      not_checked: 'nothing to judge',
      warning: 'it almost broke',
      info: 'a note',
    },
    other: {
      id: 'receipt.id.format',
      dimension: 'schema_validity',
      section: '§3',
      reference: '§2.1',
      fail: 'm',
    },
  });

  it('turns a node into its pointer and source range, and fills the template', () => {
    const list = new CheckList(source);
    const a = root.type === 'object' ? member(root, 'a') : undefined;
    const bc = a?.type === 'object' ? member(a, 'b/c') : undefined;
    const item = bc?.type === 'array' ? bc.items[1] : undefined;
    const added = list.fail(RULE.test, item, {
      params: { name: 'b/c' },
      expected: 'x',
      found: 'y',
      detail: 'z',
    });
    expect(added).toEqual({
      rule: 'test.rule',
      dimension: 'schema_validity',
      status: 'fail',
      message: 'member b/c breaks it',
      path: '/a/b~1c/1',
      range: { start: text.indexOf('2'), end: text.indexOf('2') + 1, line: 2, column: 20 },
      expected: 'x',
      found: 'y',
      detail: 'z',
    });
    expect(list.checks).toEqual([added]);
  });

  it('refuses an outcome the rule does not declare, and a missing parameter', () => {
    const list = new CheckList(source);
    expect(() => list.pass(RULE.other)).toThrow('rule receipt.id.format declares no pass message');
    expect(() => list.fail(RULE.test)).toThrow('rule test.rule: no value for <name>');
  });

  it('takes bare pointers, places without a range, and a subject', () => {
    const list = new CheckList(source, 'evidence.json');
    expect(list.pass(RULE.test, { pointer: '/x', start: 2 })).toMatchObject({
      path: '/x',
      range: { start: 2, end: 2, line: 2, column: 1 },
      subject: 'evidence.json',
    });
    const bare = list.notChecked(RULE.test);
    expect(bare.path).toBe('');
    expect(bare.range).toBeUndefined();
    expect(list.info(RULE.test, undefined, { subject: 'other' }).subject).toBe('other');
    expect(new CheckList(undefined).warning(RULE.test, root).range).toBeUndefined();
  });

  it('each helper sets its status and message, and hasFailure matches rule prefixes', () => {
    const list = new CheckList(source);
    list.pass(RULE.test);
    list.unavailable(RULE.test);
    list.warning(RULE.test);
    list.info(RULE.test);
    list.notChecked(RULE.test);
    expect(list.checks.map((c) => [c.status, c.message])).toEqual([
      ['pass', 'it holds'],
      ['unavailable', 'it could not be judged'],
      ['warning', 'it almost broke'],
      ['info', 'a note'],
      ['not_checked', 'nothing to judge'],
    ]);
    expect(list.hasFailure('receipt.')).toBe(false);
    list.fail(RULE.other);
    expect(list.hasFailure('receipt.id')).toBe(true);
    expect(list.hasFailure('receipt.tool')).toBe(false);
  });
});

describe('dimensionsFromChecks (one pass)', () => {
  it('decides every dimension as the simple per-dimension filter does, on random check lists', () => {
    const random = prng(11);
    const statuses: CheckStatus[] = [
      'pass',
      'fail',
      'unavailable',
      'not_checked',
      'warning',
      'info',
    ];
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    for (let round = 0; round < 300; round++) {
      const checks: Check[] = [];
      const n = Math.floor(random() * 12);
      for (let i = 0; i < n; i++) {
        const check: Check = {
          rule: `r${i}`,
          dimension: pick(DIMENSIONS),
          status: pick(statuses),
          message: `message ${round}.${i}`,
          path: '',
        };
        if (random() < 0.2) check.profile = 'strict';
        checks.push(check);
      }
      const one = dimensionsFromChecks(checks);
      expect(Object.keys(one)).toEqual([...DIMENSIONS]);
      for (const d of DIMENSIONS)
        expect({ status: one[d].status, summary: one[d].summary }).toEqual(
          referenceDimension(checks, d),
        );
    }
  });
});

describe('a report leaving the core', () => {
  it('carries each dimension as a plain status and summary, the same ones read before', () => {
    const report = buildReport({
      kind: 'receipt',
      source: 'r.json',
      checks: [check('pass', 'hash ok'), check('pass', 'length ok'), check('not_checked', 'later')],
      limits: [],
      chainApplies: false,
    });
    const before = report.dimensions.byte_integrity.summary;
    expect(before).toBe('2 checks passed; not checked: later');
    expandReport(report);
    expect(Object.getPrototypeOf(report.dimensions.byte_integrity)).toBe(Object.prototype);
    expect(structuredClone(report.dimensions.byte_integrity)).toEqual({
      status: 'pass',
      summary: before,
    });
    expect(JSON.parse(JSON.stringify(report)).dimensions.byte_integrity).toEqual({
      status: 'pass',
      summary: before,
    });
  });
});
