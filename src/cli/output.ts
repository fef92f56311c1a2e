/**
 * The command line's JSON output, written as it is made: a report's members (a batch's
 * children) go out one at a time, so no output is ever built as one string (a million-member
 * batch once ended in `RangeError: Invalid string length`, exit 70).
 */
import { toCliJson, cliJsonHead, type CliJsonReport, type Report } from '../core';

/**
 * How checks are written in the CLI's JSON (`--checks`):
 * - `full` (the default of --json): every check as an object — rule, dimension, status,
 *   message, path, and line, column, expected, found, subject where it has them;
 * - `compact` (the default of --jsonl): every check that did not pass (fail, unavailable,
 *   not_checked, warning, info) exactly as in `full`, in `checks`; the checks that passed in
 *   `passed`, an object from rule id to the JSON Pointers it passed at, in the order they
 *   were made (`{"receipt.id.format": ["/id"], …}`; left out of the short entry of a record
 *   of no known kind when nothing passed). A pass's message, dimension and
 *   line/column are left out: its rule and pointer say what held, and the pointer finds the
 *   place. A receipt's line shrinks to about half.
 */
export type CheckForm = 'full' | 'compact';

/** A report in the compact form (see CheckForm). */
export type CompactCliJsonReport = Omit<CliJsonReport, 'children'> & {
  /** Rule id → the JSON Pointers it passed at. */
  passed: Record<string, string[]>;
  children?: CompactCliJsonReport[];
};

/**
 * The JSON of one report, as the CLI prints it. A record that is no document at all (a bare
 * number, text that is not JSON, an object of no AER-1 kind) gets a short entry — its file,
 * kind, verdict and the checks that say why — instead of six dimensions and five profile lines
 * that all say "nothing to check": a JSON Lines file of a million such lines stays small.
 */
export function cliReportJson(report: Report): CliJsonReport;
export function cliReportJson(
  report: Report,
  form: CheckForm,
): CliJsonReport | CompactCliJsonReport;
export function cliReportJson(
  report: Report,
  form: CheckForm = 'full',
): CliJsonReport | CompactCliJsonReport {
  return form === 'full' ? shorten(toCliJson(report)) : compact(report);
}

/** A report of kind `unknown`, in its short form (see cliReportJson). */
export type ShortCliJsonReport = Pick<
  CliJsonReport,
  'report_version' | 'file' | 'kind' | 'verdict' | 'checks'
>;

function shorten(report: CliJsonReport): CliJsonReport {
  if (report.kind === 'unknown' && !report.children) {
    const short: ShortCliJsonReport = {
      report_version: report.report_version,
      file: report.file,
      kind: report.kind,
      verdict: report.verdict,
      checks: report.checks,
    };
    return short as CliJsonReport;
  }
  if (report.children) report.children = report.children.map(shorten);
  return report;
}

/**
 * The compact form, made from the report itself: the checks that did not pass go through the
 * core's own rendering (toCliJson), so they read exactly as in the full form.
 */
function compact(report: Report): CompactCliJsonReport {
  const passed: Record<string, string[]> = {};
  const shown: Report['checks'] = [];
  for (const check of report.checks) {
    if (check.status === 'pass') {
      // Most rules pass once: a one-item literal, not `[]` then push (which reserves room for
      // 16 pointers: about half of what this function allocated per receipt).
      const paths = passed[check.rule];
      if (paths) paths.push(check.path);
      else passed[check.rule] = [check.path];
    } else shown.push(check);
  }
  const children = report.children;
  const full = cliJsonHead(report, report.source, shown);
  if (report.kind === 'unknown' && !children) {
    // The short entry (see cliReportJson) stays short: `passed` only when something passed.
    const short: ShortCliJsonReport & Partial<Pick<CompactCliJsonReport, 'passed'>> = {
      report_version: full.report_version,
      file: full.file,
      kind: full.kind,
      verdict: full.verdict,
      checks: full.checks,
    };
    if (shown.length < report.checks.length) short.passed = passed;
    return short as CompactCliJsonReport;
  }
  // `passed` right after `checks`, so a line reads in the full form's order.
  const out: CompactCliJsonReport = {
    report_version: full.report_version,
    file: full.file,
    kind: full.kind,
    verdict: full.verdict,
    dimensions: full.dimensions,
    checks: full.checks,
    passed,
    limits: full.limits,
  };
  if (full.profiles) out.profiles = full.profiles;
  if (children) out.children = children.map(compact);
  return out;
}

/** `s` with every line indented by `pad`. */
function indent(text: string, pad: string): string {
  return pad === '' ? text : pad + text.replaceAll('\n', '\n' + pad);
}

/**
 * Writes a report as indented JSON, children one at a time, through `out` (which ends each
 * call with a newline). Returns the report's last line, not yet written, so the caller can
 * put a comma after it.
 */
function writeReport(
  report: CliJsonReport | CompactCliJsonReport,
  pad: string,
  out: (s: string) => void,
): string {
  const { children, ...head } = report;
  if (!children || children.length === 0) {
    const text = indent(JSON.stringify(report, null, 2), pad);
    const cut = text.lastIndexOf('\n');
    out(text.slice(0, cut));
    return text.slice(cut + 1);
  }
  const text = indent(JSON.stringify({ ...head, children: [] }, null, 2), pad);
  // The text ends with `"children": []` and the closing brace: open the list, write each child.
  out(text.slice(0, text.lastIndexOf('[]') + 1));
  let pending: string | undefined;
  for (const child of children) {
    if (pending !== undefined) out(pending + ',');
    pending = writeReport(child, pad + '    ', out);
  }
  out(pending!);
  out(`${pad}  ]`);
  return `${pad}}`;
}

/** A JSON array of reports written one report at a time (the CLI's --json). */
export class JsonReportArray {
  private pending: string | undefined;
  private opened = false;

  constructor(
    private readonly out: (s: string) => void,
    private readonly form: CheckForm = 'full',
  ) {}

  add(report: Report): void {
    if (!this.opened) this.out('[');
    this.opened = true;
    if (this.pending !== undefined) this.out(this.pending + ',');
    this.pending = writeReport(cliReportJson(report, this.form), '  ', this.out);
  }

  end(): void {
    if (!this.opened) this.out('[');
    if (this.pending !== undefined) this.out(this.pending);
    this.out(']');
  }
}
