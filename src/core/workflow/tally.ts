/**
 * Per-step findings: each is recorded on its step row (so the step table shows every one),
 * and the shared FindingTally lists the first few per rule as checks, then one summary check.
 */
import type { CheckExtras, CheckList, Place, RuleCheckExtras } from '../checks';
import type { Dimension } from '../report';
import type { Rule } from '../rules/rule';
import { FindingTally, STEP_UNIT } from '../rules/tally';
import type { WorkflowStepRow } from './details';

export const MAX_LISTED_PER_RULE = 20;

/** A catalogue rule, or (for callers not yet converted) the inline dimension/id/message form. */
type FindingArgs =
  [Rule, Place, RuleCheckExtras?] | [Dimension, string, string, Place, CheckExtras?];

export class StepTally {
  private readonly findings: FindingTally;

  constructor(
    list: CheckList,
    private readonly rows: WorkflowStepRow[],
  ) {
    this.findings = new FindingTally(list, STEP_UNIT, MAX_LISTED_PER_RULE);
  }

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
    return this.findings.count(rule);
  }

  /** One summary check per rule that flagged more steps than were listed. */
  summarise(place: Place): void {
    this.findings.summarise(place);
  }

  private record(status: 'fail' | 'warning', index: number, args: FindingArgs): void {
    const ruleId = typeof args[0] === 'object' ? args[0].id : args[1];
    const row = this.rows[index];
    if (row && ruleId !== undefined) {
      const key = status === 'fail' ? 'failedRules' : 'warningRules';
      const rules = (row[key] ??= []);
      if (!rules.includes(ruleId)) rules.push(ruleId);
    }
    if (typeof args[0] === 'object') {
      const [rule, place, extras] = args as [Rule, Place, RuleCheckExtras?];
      this.findings.record(status, rule, place, extras);
    } else {
      const [dimension, id, message, place, extras] = args as [
        Dimension,
        string,
        string,
        Place,
        CheckExtras?,
      ];
      this.findings.add(status, dimension, id, () => message, place, extras);
    }
  }
}
