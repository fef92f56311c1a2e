/**
 * A report is decided from its list's tally (check-tally.ts): the tally must agree with the
 * checks themselves, however they were recorded, and a check that bypasses it must stop the
 * report rather than go uncounted.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../test/support/prng';
import { CheckList, expandReport } from './checks';
import { isAdvisoryCheck } from './check-tally';
import { DIMENSIONS, type Check, type CheckStatus, type Dimension } from './model/report';
import { profilesFromChecks } from './profiles';
import { buildReport } from './report';
import { defineRules, type Rule } from './rules/rule';

const MESSAGES = {
  pass: 'it holds',
  fail: 'it breaks',
  unavailable: 'it could not be judged',
  not_checked: 'nothing to judge',
  warning: 'it almost broke',
  info: 'a note',
};

/** A rule for every dimension, under core and under each profile. */
const RULES: Rule[] = DIMENSIONS.flatMap((dimension) =>
  ([undefined, 'strict', 'reference-producer', 'disinterested', 'consumer-policy'] as const).map(
    (profile): Rule => ({
      id: `test.${dimension}.${profile ?? 'core'}`,
      dimension,
      section: '§6',
      ...(profile ? { profile } : {}),
      ...MESSAGES,
    }),
  ),
);

const STATUSES: CheckStatus[] = ['pass', 'fail', 'unavailable', 'not_checked', 'warning', 'info'];

/** The worst counted status of a dimension, said the simplest way. */
function referenceStatus(checks: readonly Check[], dimension: Dimension): string {
  const counted = checks.filter((c) => c.dimension === dimension && !isAdvisoryCheck(c));
  for (const status of ['fail', 'unavailable', 'pass', 'not_checked'])
    if (counted.some((c) => c.status === status)) return status;
  return 'not_checked';
}

/** A list filled at random through each way checks are recorded. */
function randomList(random: () => number): CheckList {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const list = new CheckList(undefined);
  const n = Math.floor(random() * 14);
  for (let i = 0; i < n; i++) {
    const rule = pick(RULES);
    const status = pick(STATUSES);
    const way = random();
    if (way < 0.6) list.record(status, rule, { pointer: `/m${i}` });
    else if (way < 0.85)
      list.add(status, rule.dimension, rule.id, `added ${i}`, { pointer: '' }, {}, rule.profile);
    else {
      const other = new CheckList(undefined);
      other.record(status, rule);
      list.adopt(other.checks);
    }
  }
  return list;
}

describe('a report decided from its tally', () => {
  it('decides every dimension and profile line as the checks themselves say, however recorded', () => {
    const random = prng(28);
    let shortcuts = 0;
    for (let round = 0; round < 500; round++) {
      const list = randomList(random);
      const report = buildReport({
        kind: 'receipt',
        source: 'r.json',
        checks: list,
        limits: [],
        chainApplies: false,
      });
      for (const d of DIMENSIONS)
        expect(report.dimensions[d].status).toBe(referenceStatus(list.checks, d));
      // The same checks as a plain list (tallied at once) give the same report.
      const plain = list.checks.map((c) => JSON.parse(JSON.stringify(c)) as Check);
      const again = buildReport({
        kind: 'receipt',
        source: 'r.json',
        checks: plain,
        limits: [],
        chainApplies: false,
      });
      expect(JSON.parse(JSON.stringify(again))).toEqual(JSON.parse(JSON.stringify(report)));
      expect(report.profiles).toEqual(profilesFromChecks(list.checks, report.verdict));
      if (Object.isFrozen(report.profiles)) shortcuts++;
    }
    // Both ways of deciding the profile lines were taken.
    expect(shortcuts).toBeGreaterThan(50);
    expect(shortcuts).toBeLessThan(450);
  });

  it('refuses to decide a report when a check was added past the list', () => {
    const rules = defineRules({
      hash: { id: 'test.hash', dimension: 'byte_integrity', section: '§6', ...MESSAGES },
    });
    const list = new CheckList(undefined);
    list.pass(rules.hash);
    // A failure pushed straight into the checks would be left out of the verdict.
    list.checks.push({
      rule: 'test.hash',
      dimension: 'byte_integrity',
      status: 'fail',
      message: 'the digest does not match',
      path: '',
    });
    expect(() =>
      buildReport({
        kind: 'receipt',
        source: 'r.json',
        checks: list,
        limits: [],
        chainApplies: false,
      }),
    ).toThrow('a check was recorded without being tallied');
  });

  it('shares the profile lines of passing reports frozen, so that no reader can change them', () => {
    const rules = defineRules({
      strict: {
        id: 'test.strict',
        dimension: 'schema_validity',
        section: '§6',
        profile: 'strict',
        ...MESSAGES,
      },
    });
    const reports = [0, 1].map(() => {
      const list = new CheckList(undefined);
      list.pass(rules.strict);
      return buildReport({
        kind: 'receipt',
        source: 'r.json',
        checks: list,
        limits: [],
        chainApplies: false,
      });
    });
    expect(reports[0]!.profiles).toBe(reports[1]!.profiles);
    const strict = reports[0]!.profiles!.find((line) => line.id === 'strict')!;
    // Nothing counted toward a dimension, so core is incomplete and strict no better.
    expect(strict).toMatchObject({ status: 'incomplete', ownChecks: 'pass', reasons: [] });
    expect(() => {
      (strict as { status: string }).status = 'pass';
    }).toThrow(TypeError);
    expect(() => strict.reasons.push({ rule: 'x', message: 'y' })).toThrow(TypeError);
    expect(() => reports[0]!.profiles!.pop()).toThrow(TypeError);
    // A report leaving the core has lines of its own, the same ones.
    const shared = reports[1]!.profiles;
    const left = expandReport(reports[1]!);
    expect(Object.isFrozen(left.profiles)).toBe(false);
    expect(left.profiles).toEqual(shared);
    left.profiles![1]!.reasons.push({ rule: 'x', message: 'y' });
    expect(reports[0]!.profiles![1]!.reasons).toEqual([]);
  });
});
