/**
 * Every outcome a catalogued rule declares is produced by at least one golden vector: a rule that
 * can pass and fail has a vector where it passes and one where it fails, and so on for
 * unavailable, not_checked, warning and info. The test iterates RULE_CATALOGUE over the vectors
 * of every suite the kind and anchor registries name; adding a rule or an outcome means adding
 * the vector file that shows it, in its suite's folder. A vectors folder no registry names would
 * drop out of it, and fails here.
 */
import { describe, expect, it } from 'vitest';
import { vectorCases, vectorFolders, VECTOR_SUITES } from '../../../test/support/vector-files';
import { KINDS } from '../kinds/registry';
import type { Check, CheckStatus, Report } from '../model/report';
import { verify } from '../verify';
import { RULE_CATALOGUE, ruleById } from './catalogue';
import { ruleOutcomes } from './rule';

/** Every check of a report, batch members' checks included. */
function allChecks(report: Report): Check[] {
  return [...report.checks, ...(report.children ?? []).flatMap(allChecks)];
}

const cases = vectorCases();

describe('the golden vectors', () => {
  it('are in the vectors folders the kind and anchor registries name, and nowhere else', () => {
    const onDisk = vectorFolders().map((folder) => folder.replace(/^src\/core\/|\/vectors$/g, ''));
    expect(onDisk.sort()).toEqual(VECTOR_SUITES);
    for (const suite of VECTOR_SUITES)
      expect(cases.filter((c) => c.suite === suite).length, suite).toBeGreaterThan(0);
  });

  it('show every outcome every catalogued rule declares', async () => {
    /** Rule id -> outcome -> the first vector that showed it. */
    const seen = new Map<string, Map<CheckStatus, string>>();
    /** Rule id -> the dimensions its checks were recorded under. */
    const dimensions = new Map<string, Set<string>>();
    /** Reports whose details are not of the type their kind's descriptor names. */
    const detailsOfAnotherType: string[] = [];
    for (const vector of cases.filter((c) => VECTOR_SUITES.includes(c.suite))) {
      const report = await verify(vector.document, vector.supplied, vector.options);
      if (report.details && report.details.type !== KINDS[report.kind].details)
        detailsOfAnotherType.push(`${vector.name}: ${report.kind} has ${report.details.type}`);
      for (const check of allChecks(report)) {
        const outcomes = seen.get(check.rule) ?? new Map<CheckStatus, string>();
        if (!outcomes.has(check.status)) outcomes.set(check.status, vector.name);
        seen.set(check.rule, outcomes);
        const found = dimensions.get(check.rule) ?? new Set<string>();
        found.add(check.dimension);
        dimensions.set(check.rule, found);
      }
    }
    // Every check a vector produced is of a catalogued rule, under the dimension it declares.
    const undeclared = [...seen.keys()].filter((id) => !ruleById(id));
    expect(undeclared, 'rules recorded but not in the catalogue').toEqual([]);
    const misplaced = [...dimensions].filter(([id, found]) =>
      [...found].some((d) => d !== ruleById(id)?.dimension && d !== ruleById(id)?.aloneDimension),
    );
    expect(
      misplaced.map(
        ([id, found]) =>
          `${id}: declared ${ruleById(id)?.dimension}, recorded ${[...found].join(', ')}`,
      ),
      'checks recorded under another dimension than their rule declares',
    ).toEqual([]);
    const missing: string[] = [];
    for (const rule of RULE_CATALOGUE) {
      for (const outcome of ruleOutcomes(rule)) {
        if (!seen.get(rule.id)?.has(outcome))
          missing.push(`${rule.id}: no vector shows ${outcome}`);
      }
    }
    expect(missing).toEqual([]);
    expect(detailsOfAnotherType, 'details of another type than the kind declares').toEqual([]);
  });
});
