/**
 * Per-step findings: each is recorded on its step row (so the step table shows every one),
 * but only the first few per rule become checks, followed by one summary check. A 100,000-step
 * workflow that breaks a rule everywhere then yields a readable report, not 100,000 checks.
 */
import type { CheckExtras, CheckList, Place, RuleCheckExtras } from '../checks';
import type { Dimension } from '../report';
import { ruleMessage, type Rule } from '../rules/rule';
import type { WorkflowStepRow } from './details';

export const MAX_LISTED_PER_RULE = 20;

interface RuleCount {
  status: 'fail' | 'warning';
  dimension: Dimension;
  count: number;
}

/** A catalogue rule, or (for callers not yet converted) the inline dimension/id/message form. */
type FindingArgs =
  [Rule, Place, RuleCheckExtras?] | [Dimension, string, string, Place, CheckExtras?];

export class StepTally {
  private readonly counts = new Map<string, RuleCount>();

  constructor(
    private readonly list: CheckList,
    private readonly rows: WorkflowStepRow[],
  ) {}

  fail(index: number, rule: Rule, place: Place, extras?: RuleCheckExtras): void;
  /** @deprecated declare the rule in the catalogue and pass it instead. */
  fail(
    index: number,
    dimension: Dimension,
    rule: string,
    message: string,
    place: Place,
    extras?: CheckExtras,
  ): void;
  fail(index: number, ...args: FindingArgs): void {
    this.record('fail', index, args);
  }

  warning(index: number, rule: Rule, place: Place, extras?: RuleCheckExtras): void;
  /** @deprecated declare the rule in the catalogue and pass it instead. */
  warning(
    index: number,
    dimension: Dimension,
    rule: string,
    message: string,
    place: Place,
    extras?: CheckExtras,
  ): void;
  warning(index: number, ...args: FindingArgs): void {
    this.record('warning', index, args);
  }

  /** How many steps this rule flagged. */
  count(rule: Rule | string): number {
    return this.counts.get(typeof rule === 'string' ? rule : rule.id)?.count ?? 0;
  }

  /** One summary check per rule that flagged more steps than were listed. */
  summarise(place: Place): void {
    for (const [rule, entry] of this.counts) {
      if (entry.count <= MAX_LISTED_PER_RULE) continue;
      const more = entry.count - MAX_LISTED_PER_RULE;
      this.list.add(
        entry.status,
        entry.dimension,
        rule,
        `${more} more step${more === 1 ? '' : 's'} break rule ${rule} (${entry.count} in all; each is marked in the step table)`,
        place,
      );
    }
  }

  private record(status: 'fail' | 'warning', index: number, args: FindingArgs): void {
    let dimension: Dimension;
    let rule: string;
    let message: () => string;
    let place: Place;
    let extras: CheckExtras | undefined;
    if (typeof args[0] === 'object') {
      const [catalogued, at, given] = args as [Rule, Place, RuleCheckExtras?];
      const { params, ...rest } = given ?? {};
      dimension = catalogued.dimension;
      rule = catalogued.id;
      message = () => ruleMessage(catalogued, status, params);
      place = at;
      extras = rest;
    } else {
      const [d, id, text, at, given] = args as [Dimension, string, string, Place, CheckExtras?];
      dimension = d;
      rule = id;
      message = () => text;
      place = at;
      extras = given;
    }
    const row = this.rows[index];
    if (row) {
      const key = status === 'fail' ? 'failedRules' : 'warningRules';
      const rules = (row[key] ??= []);
      if (!rules.includes(rule)) rules.push(rule);
    }
    let entry = this.counts.get(rule);
    if (!entry) {
      entry = { status, dimension, count: 0 };
      this.counts.set(rule, entry);
    }
    entry.count++;
    // The message is built only for listed findings: a large workflow formats 20, not 100,000.
    if (entry.count <= MAX_LISTED_PER_RULE)
      this.list.add(status, dimension, rule, message(), place, extras);
  }
}
