/**
 * Collects checks for one document, turning JSON nodes into pointers and source ranges so each
 * rule function only says what it found and where.
 */
import { pointerOf, type JsonValue } from './json/ast';
import type { SourceText } from './json/position';
import type {
  Check,
  CheckStatus,
  Dimension,
  Report,
  RuleProfile,
  SourceRange,
} from './model/report';
import { CheckTally, type TalliedChecks } from './check-tally';
import { ownProfileLines } from './profiles';
import { plainDimensions } from './report';
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

/**
 * A document's checks as its rules record them, with their tally (check-tally.ts), which its
 * report is decided from: checks are added only through this list, never pushed to `checks`.
 */
export class CheckList implements TalliedChecks {
  readonly checks: Check[] = [];
  readonly tally = new CheckTally();

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
    /** The profile of the rule recorded, when it belongs to one (rule.ts `profile`). */
    profile?: RuleProfile,
  ): Check {
    const check = makeCheck(status, dimension, rule, message, place, extras, this);
    if (profile) check.profile = profile;
    this.tally.note(status, dimension, profile);
    this.checks.push(check);
    return check;
  }

  /** Adds checks recorded by another list (a chain's auxiliary documents), tallied as they were. */
  adopt(checks: readonly Check[]): void {
    for (const check of checks) {
      this.tally.note(check.status, check.dimension, check.profile);
      this.checks.push(check);
    }
  }

  /**
   * Records an outcome of a catalogue rule: the message is the rule's template for that
   * outcome, filled from `extras.params`. Rules are declared once, in their module's
   * defineRules table (src/core/rules/rule.ts); `add` is the primitive the capped tallies use
   * for their "+N more" summaries. A pass is kept as recorded (PassRecord): its message,
   * pointer and place in the text are made when read.
   */
  record(status: CheckStatus, rule: Rule, place?: Place, extras?: RuleCheckExtras): Check {
    if (status === 'pass') {
      // (A missing template is a programming error, said at once as ruleMessage would.)
      if (rule.pass === undefined) throw new Error(`rule ${rule.id} declares no pass message`);
      const check = new PassRecord(rule, place, extras, this);
      this.tally.note('pass', rule.dimension, rule.profile);
      this.checks.push(check);
      return check;
    }
    // `add` reads only the extras it knows, so `params` rides along unread (no copy per check).
    return this.add(
      status,
      rule.dimension,
      rule.id,
      ruleMessage(rule, status, extras?.params),
      place,
      extras,
      rule.profile,
    );
  }

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

  /** The source range of a place's offsets (used as a check is made). */
  rangeOf(start: number, end: number): SourceRange | undefined {
    return this.source?.rangeAt(start, end);
  }

  /** The subject checks of this list name when they name none of their own. */
  get defaultSubject(): string | undefined {
    return this.subject;
  }
}

/** A check as `add` makes it: the pointer and source range of its place worked out. */
function makeCheck(
  status: CheckStatus,
  dimension: Dimension,
  rule: string,
  message: string,
  place: Place,
  extras: CheckExtras | undefined,
  list: CheckList,
): Check {
  let path = '';
  let range: SourceRange | undefined;
  if (place) {
    if ('type' in place) {
      path = pointerOf(place);
      range = list.rangeOf(place.start, place.end);
    } else {
      path = place.pointer;
      if (place.start !== undefined) range = list.rangeOf(place.start, place.end ?? place.start);
    }
  }
  const check: Check = new CheckRecord(rule, dimension, status, message, path);
  if (range) check.range = range;
  if (extras) {
    if (extras.expected !== undefined) check.expected = extras.expected;
    if (extras.found !== undefined) check.found = extras.found;
    if (extras.detail !== undefined) check.detail = extras.detail;
  }
  const subject = extras?.subject ?? list.defaultSubject;
  if (subject !== undefined) check.subject = subject;
  return check;
}

/**
 * A passing check as recorded: its rule, place and parameters. Its message, pointer and source
 * range — the check's text — are made the first time one of them is read (a report's output, a
 * dimension's summary), and most passes of a batch's members are only ever counted. Before a
 * report leaves the core its passes become plain records (expandReport): structured clones and
 * JSON see every member then, in the same order as any other check.
 */
class PassRecord implements Check {
  #made: Check | undefined;

  constructor(
    private readonly definition: Rule,
    private readonly place: Place,
    private readonly extras: RuleCheckExtras | undefined,
    private readonly list: CheckList,
  ) {}

  // Read from the rule, not copied into every pass: a batch makes about 16 passes a receipt.
  get status(): 'pass' {
    return 'pass';
  }
  get rule(): string {
    return this.definition.id;
  }
  get dimension(): Dimension {
    return this.definition.dimension;
  }
  get profile(): RuleProfile | undefined {
    return this.definition.profile;
  }

  /** The plain record of this pass (made once). */
  made(): Check {
    if (!this.#made) {
      const message = ruleMessage(this.definition, 'pass', this.extras?.params);
      const { place, extras, list } = this;
      this.#made = makeCheck('pass', this.dimension, this.rule, message, place, extras, list);
      if (this.profile) this.#made.profile = this.profile;
    }
    return this.#made;
  }

  get message(): string {
    // Only the message: a dimension decided by one pass reads it as its summary.
    if (this.#made) return this.#made.message;
    return ruleMessage(this.definition, 'pass', this.extras?.params);
  }
  get path(): string {
    // Only the pointer: the --jsonl line of a pass names its rule and pointer, nothing more.
    if (this.#made) return this.#made.path;
    const place = this.place;
    if (!place) return '';
    return 'type' in place ? pointerOf(place) : place.pointer;
  }
  get range(): SourceRange | undefined {
    return this.made().range;
  }
  get expected(): string | undefined {
    return this.extras?.expected;
  }
  get found(): string | undefined {
    return this.extras?.found;
  }
  get detail(): string | undefined {
    return this.extras?.detail;
  }
  get subject(): string | undefined {
    return this.extras?.subject ?? this.list.defaultSubject;
  }

  /** JSON of the plain record, wherever a pass is serialised as it is. */
  toJSON(): Check {
    return this.made();
  }
}

/**
 * The report with its passes and dimension results as plain records (see PassRecord and
 * report.ts DecidedDimension) and profile lines of its own (profiles.ts), its children's too, in place:
 * what a report is when it leaves the core (or is kept inside another report).
 */
export function expandReport<R extends Report>(report: R): R {
  plainDimensions(report.dimensions);
  if (report.profiles) report.profiles = ownProfileLines(report.profiles);
  const checks = report.checks;
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i]!;
    if (check instanceof PassRecord) checks[i] = check.made();
  }
  if (report.children) for (const child of report.children) expandReport(child);
  return report;
}
