/**
 * Per-step findings: each is recorded on its step row (so the step table shows every one),
 * but only the first few per rule become checks, followed by one summary check. A 100,000-step
 * workflow that breaks a rule everywhere then yields a readable report, not 100,000 checks.
 */
import type { CheckExtras, CheckList, Place } from '../checks';
import type { Dimension } from '../report';
import type { WorkflowStepRow } from './details';

export const MAX_LISTED_PER_RULE = 20;

interface RuleCount {
  status: 'fail' | 'warning';
  dimension: Dimension;
  count: number;
}

export class StepTally {
  private readonly counts = new Map<string, RuleCount>();

  constructor(
    private readonly list: CheckList,
    private readonly rows: WorkflowStepRow[],
  ) {}

  fail(
    index: number,
    dimension: Dimension,
    rule: string,
    message: string,
    place: Place,
    extras?: CheckExtras,
  ): void {
    this.record('fail', index, dimension, rule, message, place, extras);
  }

  warning(
    index: number,
    dimension: Dimension,
    rule: string,
    message: string,
    place: Place,
    extras?: CheckExtras,
  ): void {
    this.record('warning', index, dimension, rule, message, place, extras);
  }

  /** How many steps this rule flagged. */
  count(rule: string): number {
    return this.counts.get(rule)?.count ?? 0;
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

  private record(
    status: 'fail' | 'warning',
    index: number,
    dimension: Dimension,
    rule: string,
    message: string,
    place: Place,
    extras?: CheckExtras,
  ): void {
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
    if (entry.count <= MAX_LISTED_PER_RULE)
      this.list.add(status, dimension, rule, message, place, extras);
  }
}
