/** The Rules page's rows as pure functions: message order and search (unit-tested). */
import { ruleOutcomes, type CheckStatus, type Rule } from '../../../core';
import { DIMENSION_INFO } from '../../selectors/dimensions';

/** Whose rule it is when the draft does not state it, in words. */
const ORIGIN_WORDS: Record<NonNullable<Rule['origin']>, string> = {
  kit: "the reference kit's",
  verifier: "this verifier's reading",
};

/**
 * Where a rule comes from, as the Rules page shows it: the draft section, the revision it first
 * appears in (later than -00), and whose it is when the draft does not state it.
 */
export function ruleSource(rule: Rule): { section: string; since?: string; origin?: string } {
  return {
    section: rule.section,
    ...(rule.revision !== undefined ? { since: `since ${rule.revision}` } : {}),
    ...(rule.origin !== undefined ? { origin: ORIGIN_WORDS[rule.origin] } : {}),
  };
}

export interface RuleMessage {
  status: CheckStatus;
  template: string;
}

/** A rule's reference messages: the `fail` template first (the spec's wording), then the rest. */
export function ruleMessages(rule: Rule): RuleMessage[] {
  const outcomes = ruleOutcomes(rule);
  const ordered = [
    ...outcomes.filter((s) => s === 'fail'),
    ...outcomes.filter((s) => s !== 'fail'),
  ];
  return ordered.map((status) => ({ status, template: rule[status] as string }));
}

/**
 * The rules whose id, dimension (its key or its name), draft section and revision or any message contains every
 * word of the query, ignoring case. An empty query keeps them all, in catalogue order.
 */
export function filterRules(rules: readonly Rule[], query: string): Rule[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rules];
  return rules.filter((rule) => {
    const haystack = [
      rule.id,
      rule.dimension,
      DIMENSION_INFO[rule.dimension].title,
      ...Object.values(ruleSource(rule)),
      ...ruleMessages(rule).map((m) => m.template),
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
