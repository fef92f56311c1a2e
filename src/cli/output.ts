/**
 * The command line's JSON output, written as it is made: a report's members (a batch's
 * children) go out one at a time, so no output is ever built as one string (a million-member
 * batch once ended in `RangeError: Invalid string length`, exit 70).
 */
import {
  REPORT_VERSION,
  toCliJson,
  cliJsonHead,
  type Check,
  type CliJsonReport,
  type Report,
} from '../core';

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
 *   place. A receipt's line shrinks from about 5 kB to about 2.3 kB.
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

/**
 * The compact form's JSON text, exactly `JSON.stringify(cliReportJson(report, 'compact'))`,
 * written straight from the report (the --jsonl line of every record) as parts joined once: no
 * object of the form is built, and the JSON of each string is made once (jsonOf) — most of a
 * line is the same rule ids, messages, labels and limits from record to record.
 */
export function compactJsonLine(report: Report): string {
  const parts: string[] = [];
  writeCompact(report, parts);
  return parts.join('');
}

function writeCompact(report: Report, out: string[]): void {
  const shown: Check[] = [];
  // The rules that passed, in the order they first did, and each one's pointers as JSON.
  const rules: string[] = [];
  const pointers: string[][] = [];
  for (const check of report.checks) {
    if (check.status !== 'pass') {
      shown.push(check);
      continue;
    }
    const k = rules.lastIndexOf(check.rule);
    if (k === -1) {
      rules.push(check.rule);
      pointers.push([jsonOf(check.path)]);
    } else pointers[k]!.push(jsonOf(check.path));
  }
  const children = report.children;
  const short = report.kind === 'unknown' && !children;
  out.push(
    '{"report_version":',
    jsonOf(REPORT_VERSION),
    ',"file":',
    JSON.stringify(report.source),
    ',"kind":',
    jsonOf(report.kind),
    ',"verdict":',
    jsonOf(report.verdict),
  );
  if (!short) {
    out.push(',"dimensions":{');
    let first = true;
    // (for…in: the members in the order JSON.stringify writes them, without an array of them)
    for (const dimension in report.dimensions) {
      const result = report.dimensions[dimension as keyof typeof report.dimensions];
      out.push(first ? '' : ',', jsonOf(dimension), ':{"status":', jsonOf(result.status));
      out.push(',"summary":', jsonOf(result.summary), '}');
      first = false;
    }
    out.push('}');
  }
  out.push(',"checks":[');
  for (let i = 0; i < shown.length; i++) {
    if (i > 0) out.push(',');
    writeCheck(shown[i]!, out);
  }
  out.push(']');
  // The short entry (see cliReportJson) stays short: `passed` only when something passed.
  if (!short || rules.length > 0) {
    out.push(',"passed":{');
    for (let k = 0; k < rules.length; k++)
      out.push(k > 0 ? ',' : '', jsonOf(rules[k]!), ':[', pointers[k]!.join(','), ']');
    out.push('}');
  }
  if (short) {
    out.push('}');
    return;
  }
  out.push(',"limits":[', report.limits.map(jsonOf).join(','), ']');
  if (report.profiles) {
    out.push(',"profiles":[');
    let first = true;
    for (const p of report.profiles) {
      out.push(first ? '{"id":' : ',{"id":', jsonOf(p.id), ',"label":', jsonOf(p.label));
      out.push(',"status":', jsonOf(p.status));
      if (p.ownChecks !== undefined) out.push(',"own_checks":', jsonOf(p.ownChecks));
      out.push(',"reasons":[', p.reasons.map((r) => jsonOf(r.message)).join(','), ']}');
      first = false;
    }
    out.push(']');
  }
  if (children) {
    out.push(',"children":[');
    children.forEach((child, i) => {
      if (i > 0) out.push(',');
      writeCompact(child, out);
    });
    out.push(']');
  }
  out.push('}');
}

/** A check as the full form writes it (report-format.ts, checkToJson), as JSON text. */
function writeCheck(check: Check, out: string[]): void {
  out.push('{"rule":', jsonOf(check.rule), ',"dimension":', jsonOf(check.dimension));
  out.push(',"status":', jsonOf(check.status), ',"message":', jsonOf(check.message));
  out.push(',"path":', jsonOf(check.path));
  if (check.range)
    out.push(',"line":', String(check.range.line), ',"column":', String(check.range.column));
  if (check.expected !== undefined) out.push(',"expected":', jsonOf(check.expected));
  if (check.found !== undefined) out.push(',"found":', jsonOf(check.found));
  if (check.subject !== undefined) out.push(',"subject":', jsonOf(check.subject));
  out.push('}');
}

/** JSON text of strings met before (bounded: let go of when it grows past a few thousand). */
const JSON_TEXT = new Map<string, string>();

/** The JSON text of a string, made once for a string met again. */
function jsonOf(text: string): string {
  let json = JSON_TEXT.get(text);
  if (json === undefined) {
    if (JSON_TEXT.size >= 4096) JSON_TEXT.clear();
    json = JSON.stringify(text);
    JSON_TEXT.set(text, json);
  }
  return json;
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
