/**
 * Per-step findings: each is recorded on its step row (so the step table shows every one),
 * and the shared FindingTally lists the first few per rule as checks, then one summary check.
 *
 * A step row's rule lists are shared: every row that breaks the same rules holds the same
 * array (RuleLists). A list of its own per row, grown by push, was most of what a malformed
 * step cost: a million steps that are not objects kept about 190 bytes of arrays each.
 */
import { STEP_FINDING_CAP } from '../bounds';
import type { CheckList, Place, RuleCheckExtras } from '../checks';
import type { Rule } from '../rules/rule';
import { FindingTally, STEP_UNIT } from '../rules/tally';
import type { WorkflowStepRow } from './details';

export class StepTally {
  private readonly findings: FindingTally;

  private readonly ruleLists = new RuleLists();

  constructor(
    list: CheckList,
    private readonly rows: WorkflowStepRow[],
  ) {
    this.findings = new FindingTally(list, STEP_UNIT, STEP_FINDING_CAP);
  }

  /** Marks a rule on a step's row without a finding (the check is made by the caller). */
  mark(index: number, status: 'fail' | 'warning', ruleId: string): void {
    const row = this.rows[index];
    if (!row) return;
    if (status === 'fail') row.failedRules = this.ruleLists.with(row.failedRules, ruleId);
    else row.warningRules = this.ruleLists.with(row.warningRules, ruleId);
  }

  fail(index: number, rule: Rule, place: Place, extras?: RuleCheckExtras): void {
    this.record('fail', index, rule, place, extras);
  }

  warning(index: number, rule: Rule, place: Place, extras?: RuleCheckExtras): void {
    this.record('warning', index, rule, place, extras);
  }

  /** Whether the rule's next finding becomes a check (the others are counted and marked). */
  listsNext(rule: Rule): boolean {
    return this.findings.count(rule) < this.findings.cap;
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
    this.mark(index, status, rule.id);
    this.findings.record(status, rule, place, extras);
  }
}

/**
 * The rule lists of one report's step rows, one array per distinct list: `with(list, id)` is
 * the list with `id` appended (the list itself when it has it), the same array each time.
 * A report holds a handful of distinct lists however many steps it has.
 */
class RuleLists {
  private readonly empty: readonly string[] = [];
  private readonly next = new Map<readonly string[], Map<string, readonly string[]>>();

  with(list: readonly string[] | undefined, id: string): readonly string[] {
    const from = list ?? this.empty;
    if (from.includes(id)) return from;
    let byId = this.next.get(from);
    if (!byId) this.next.set(from, (byId = new Map()));
    let extended = byId.get(id);
    if (!extended) {
      extended = [...from, id];
      byId.set(id, extended);
    }
    return extended;
  }
}
