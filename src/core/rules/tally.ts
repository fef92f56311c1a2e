/**
 * Caps repeated findings of one rule: the first few become checks, the rest are counted and
 * said once, the same way for workflow steps and timeline entries:
 *
 *   "80 more steps break rule workflow.step.tool (100 in all; each is marked in the step table)"
 *
 * A 100,000-item document that breaks a rule everywhere then yields a readable report, not
 * 100,000 checks. Where every finding is also marked on its row (the step table, the timeline's
 * entry list), the summary says so.
 */
import type { CheckList, Place, RuleCheckExtras } from '../checks';
import type { Dimension } from '../model/report';
import type { Rule } from './rule';

/** What the capped items are called, and whether each finding is marked on its row. */
export interface TallyUnit {
  one: string;
  many: string;
  /** The table where every finding (listed or not) is marked, e.g. "step table". */
  markedIn?: string;
}

export const STEP_UNIT: TallyUnit = { one: 'step', many: 'steps', markedIn: 'step table' };
export const ENTRY_UNIT: TallyUnit = { one: 'entry', many: 'entries', markedIn: 'entry table' };

interface RuleCount {
  status: 'fail' | 'warning';
  dimension: Dimension;
  count: number;
}

/** The summary of the findings past the cap. */
export function moreFindingsMessage(
  ruleId: string,
  count: number,
  cap: number,
  unit: TallyUnit,
): string {
  const more = count - cap;
  const marked = unit.markedIn ? `; each is marked in the ${unit.markedIn}` : '';
  return `${more} more ${more === 1 ? unit.one : unit.many} break rule ${ruleId} (${count} in all${marked})`;
}

export class FindingTally {
  /** Made at the first finding: most documents have none. */
  private counts: Map<string, RuleCount> | undefined;
  /** The rule recorded last and its count (a large document breaks one rule many times in a row). */
  private lastRule: Rule | undefined;
  private lastEntry: RuleCount | undefined;

  constructor(
    private readonly list: CheckList,
    private readonly unit: TallyUnit,
    /** Findings listed per rule before the summary takes over. */
    readonly cap: number,
  ) {}

  /**
   * Records a finding of a catalogue rule; it becomes a check while the rule is under the cap.
   * The message is made only for listed findings: a large document formats the first few.
   */
  record(status: 'fail' | 'warning', rule: Rule, place: Place, extras: RuleCheckExtras = {}): void {
    const counts = (this.counts ??= new Map());
    let entry = rule === this.lastRule ? this.lastEntry : counts.get(rule.id);
    if (!entry) {
      entry = { status, dimension: rule.dimension, count: 0 };
      counts.set(rule.id, entry);
    }
    this.lastRule = rule;
    this.lastEntry = entry;
    entry.count++;
    if (entry.count <= this.cap) this.list.record(status, rule, place, extras);
  }

  /** How many findings this rule has had. */
  count(rule: Rule | string): number {
    if (rule === this.lastRule) return this.lastEntry!.count;
    return this.counts?.get(typeof rule === 'string' ? rule : rule.id)?.count ?? 0;
  }

  /** The summary check for one rule, when it had more findings than were listed. */
  summariseRule(rule: Rule | string, place: Place): void {
    const ruleId = typeof rule === 'string' ? rule : rule.id;
    const entry = this.counts?.get(ruleId);
    if (!entry || entry.count <= this.cap) return;
    this.list.add(
      entry.status,
      entry.dimension,
      ruleId,
      moreFindingsMessage(ruleId, entry.count, this.cap, this.unit),
      place,
    );
  }

  /** The summary checks of every rule past the cap, in the order the rules first appeared. */
  summarise(place: Place): void {
    if (!this.counts) return;
    for (const ruleId of this.counts.keys()) this.summariseRule(ruleId, place);
  }
}
