/** The Rules page's rows as pure functions: message order and search (unit-tested). */
import { ruleOutcomes, type CheckStatus, type Rule } from '../../../core';
import { DIMENSION_INFO } from '../../selectors/dimensions';

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
 * The rules whose id, dimension (its key or its name), spec section or any message contains every
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
      rule.section,
      ...ruleMessages(rule).map((m) => m.template),
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
