/**
 * Collects checks for one document, turning JSON nodes into pointers and source ranges so each
 * rule function only says what it found and where.
 */
import { pointerOf, type JsonValue } from './json/ast';
import type { SourceText } from './json/position';
import type { Check, CheckStatus, Dimension, SourceRange } from './model/report';
import { ruleMessage, type Rule, type RuleParams } from './rules/rule';

/** Where a check points: a node of the parsed document, or a bare pointer. */
export type Place = JsonValue | { pointer: string; start?: number; end?: number } | undefined;

export interface CheckExtras {
  expected?: string;
  found?: string;
  detail?: string;
  subject?: string;
}

export interface RuleCheckExtras extends CheckExtras {
  /** Values for the placeholders of the rule's message template. */
  params?: RuleParams;
}

/**
 * A check as recorded: the five members every check has, then (added by `add` and `record`,
 * in that order) range, expected, found, detail, subject and profile when there are any. Made
 * by a constructor rather than a literal so that V8 reserves room in the object for those
 * later members (a literal of five grew its property store once or twice per check, about 17
 * checks per receipt). Serialised and structured-cloned like the plain object it replaces.
 */
class CheckRecord implements Check {
  constructor(
    public rule: string,
    public dimension: Dimension,
    public status: CheckStatus,
    public message: string,
    public path: string,
  ) {}
}

export class CheckList {
  readonly checks: Check[] = [];

  constructor(
    private readonly source: SourceText | undefined,
    /** Prefix for pointers when the checked object sits inside a larger document. */
    private readonly subject?: string,
  ) {}

  add(
    status: CheckStatus,
    dimension: Dimension,
    rule: string,
    message: string,
    place: Place,
    extras?: CheckExtras,
  ): Check {
    let path = '';
    let range: SourceRange | undefined;
    if (place) {
      if ('type' in place) {
        path = pointerOf(place);
        range = this.rangeOf(place.start, place.end);
      } else {
        path = place.pointer;
        if (place.start !== undefined) range = this.rangeOf(place.start, place.end ?? place.start);
      }
    }
    const check: Check = new CheckRecord(rule, dimension, status, message, path);
    if (range) check.range = range;
    if (extras) {
      if (extras.expected !== undefined) check.expected = extras.expected;
      if (extras.found !== undefined) check.found = extras.found;
      if (extras.detail !== undefined) check.detail = extras.detail;
    }
    const subject = extras?.subject ?? this.subject;
    if (subject !== undefined) check.subject = subject;
    this.checks.push(check);
    return check;
  }

  /**
   * Records an outcome of a catalogue rule: the message is the rule's template for that
   * outcome, filled from `extras.params`. Rules are declared once, in their module's
   * defineRules table (src/core/rules/rule.ts); `add` is the primitive the capped tallies use
   * for their "+N more" summaries.
   */
  record(status: CheckStatus, rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    // `add` reads only the extras it knows, so `params` rides along unread (no copy per check).
    const check = this.add(
      status,
      rule.dimension,
      rule.id,
      ruleMessage(rule, status, extras?.params),
      place,
      extras,
    );
    if (rule.profile) check.profile = rule.profile;
    return check;
  }

  pass(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check;
  pass(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    return this.record('pass', rule, place, extras);
  }
  fail(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    return this.record('fail', rule, place, extras);
  }
  unavailable(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    return this.record('unavailable', rule, place, extras);
  }
  notChecked(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    return this.record('not_checked', rule, place, extras);
  }
  warning(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    return this.record('warning', rule, place, extras);
  }
  info(rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    return this.record('info', rule, place, extras);
  }

  /** Whether any check for this rule-id prefix has failed so far. */
  hasFailure(rulePrefix: string): boolean {
    return this.checks.some((c) => c.status === 'fail' && c.rule.startsWith(rulePrefix));
  }

  private rangeOf(start: number, end: number): SourceRange | undefined {
    return this.source?.rangeAt(start, end);
  }
}
