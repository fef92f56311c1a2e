/**
 * Collects checks for one document, turning JSON nodes into pointers and source ranges so each
 * rule function only says what it found and where.
 */
import { pointerOf, type JsonValue } from './json/ast';
import type { SourceText } from './json/position';
import type { Check, CheckStatus, Dimension, SourceRange } from './report';

/** Where a check points: a node of the parsed document, or a bare pointer. */
export type Place = JsonValue | { pointer: string; start?: number; end?: number } | undefined;

export interface CheckExtras {
  expected?: string;
  found?: string;
  detail?: string;
  subject?: string;
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
    extras: CheckExtras = {},
  ): Check {
    const check: Check = { rule, dimension, status, message, path: '' };
    if (place) {
      if ('type' in place) {
        check.path = pointerOf(place);
        check.range = this.rangeOf(place.start, place.end);
      } else {
        check.path = place.pointer;
        if (place.start !== undefined)
          check.range = this.rangeOf(place.start, place.end ?? place.start);
      }
    }
    if (extras.expected !== undefined) check.expected = extras.expected;
    if (extras.found !== undefined) check.found = extras.found;
    if (extras.detail !== undefined) check.detail = extras.detail;
    const subject = extras.subject ?? this.subject;
    if (subject !== undefined) check.subject = subject;
    this.checks.push(check);
    return check;
  }

  pass(
    dimension: Dimension,
    rule: string,
    message: string,
    place?: Place,
    extras?: CheckExtras,
  ): Check {
    return this.add('pass', dimension, rule, message, place, extras);
  }
  fail(
    dimension: Dimension,
    rule: string,
    message: string,
    place?: Place,
    extras?: CheckExtras,
  ): Check {
    return this.add('fail', dimension, rule, message, place, extras);
  }
  unavailable(
    dimension: Dimension,
    rule: string,
    message: string,
    place?: Place,
    extras?: CheckExtras,
  ): Check {
    return this.add('unavailable', dimension, rule, message, place, extras);
  }
  notChecked(
    dimension: Dimension,
    rule: string,
    message: string,
    place?: Place,
    extras?: CheckExtras,
  ): Check {
    return this.add('not_checked', dimension, rule, message, place, extras);
  }
  warning(
    dimension: Dimension,
    rule: string,
    message: string,
    place?: Place,
    extras?: CheckExtras,
  ): Check {
    return this.add('warning', dimension, rule, message, place, extras);
  }
  info(
    dimension: Dimension,
    rule: string,
    message: string,
    place?: Place,
    extras?: CheckExtras,
  ): Check {
    return this.add('info', dimension, rule, message, place, extras);
  }

  /** Whether any check for this rule-id prefix has failed so far. */
  hasFailure(rulePrefix: string): boolean {
    return this.checks.some((c) => c.status === 'fail' && c.rule.startsWith(rulePrefix));
  }

  private rangeOf(start: number, end: number): SourceRange | undefined {
    if (!this.source) return undefined;
    const { line, column } = this.source.positionAt(start);
    return { start, end, line, column };
  }
}
