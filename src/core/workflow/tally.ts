/**
 * Per-step findings: each is recorded on its step row (so the step table shows every one),
 * and the shared FindingTally lists the first few per rule as checks, then one summary check.
 */
import type { CheckList, Place, RuleCheckExtras } from '../checks';
import type { Rule } from '../rules/rule';
import { FindingTally, STEP_UNIT } from '../rules/tally';
import type { WorkflowStepRow } from './details';

export const MAX_LISTED_PER_RULE = 20;

export class StepTally {
  private readonly findings: FindingTally;

  constructor(
    list: CheckList,
    private readonly rows: WorkflowStepRow[],
  ) {
    this.findings = new FindingTally(list, STEP_UNIT, MAX_LISTED_PER_RULE);
  }

  fail(index: number, rule: Rule, place: Place, extras?: RuleCheckExtras): void {
    this.record('fail', index, rule, place, extras);
  }

  warning(index: number, rule: Rule, place: Place, extras?: RuleCheckExtras): void {
    this.record('warning', index, rule, place, extras);
  }

  /** How many steps this rule flagged. */
  count(rule: Rule | string): number {
    return this.findings.count(rule);
  }

  /** One summary check per rule that flagged more steps than were listed. */
  summarise(place: Place): void {
    this.findings.summarise(place);
  }

  /** Marks the finding on its step row (every one), and lists it while under the cap. */
  private record(
    status: 'fail' | 'warning',
    index: number,
    rule: Rule,
    place: Place,
    extras?: RuleCheckExtras,
  ): void {
    const row = this.rows[index];
    if (row) {
      const key = status === 'fail' ? 'failedRules' : 'warningRules';
      const rules = (row[key] ??= []);
      if (!rules.includes(rule.id)) rules.push(rule.id);
    }
    this.findings.record(status, rule, place, extras);
  }
}
