/**
 * Every rule this verifier checks, in one list: the vector coverage test iterates it, the
 * Rules page shows it, and profiles select from it. Each module declares its rules with
 * defineRules (see rule.ts) and its table is listed here once.
 */
import type { Rule } from './rule';

/** Rule tables of every module, in the order the Rules page lists them. */
const RULE_TABLES: Readonly<Record<string, Rule>>[] = [];

export const RULE_CATALOGUE: readonly Rule[] = RULE_TABLES.flatMap((table) => Object.values(table));

const BY_ID = new Map(RULE_CATALOGUE.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
