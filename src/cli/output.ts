/**
 * The command line's JSON output, written as it is made: a report's members (a batch's
 * children) go out one at a time, so no output is ever built as one string (a million-member
 * batch once ended in `RangeError: Invalid string length`, exit 70).
 */
import { toCliJson, type CliJsonReport, type Report } from '../core';

/**
 * The JSON of one report, as the CLI prints it. A record that is no document at all (a bare
 * number, text that is not JSON, an object of no AER-1 kind) gets a short entry — its file,
 * kind, verdict and the checks that say why — instead of six dimensions and five profile lines
 * that all say "nothing to check": a JSON Lines file of a million such lines stays small.
 */
export function cliReportJson(report: Report): CliJsonReport {
  return shorten(toCliJson(report));
}

/** A report of kind `unknown`, in its short form (see cliReportJson). */
export type ShortCliJsonReport = Pick<CliJsonReport, 'file' | 'kind' | 'verdict' | 'checks'>;

function shorten(report: CliJsonReport): CliJsonReport {
  if (report.kind === 'unknown' && !report.children) {
    const short: ShortCliJsonReport = {
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

/** `s` with every line indented by `pad`. */
function indent(text: string, pad: string): string {
  return pad === '' ? text : pad + text.replaceAll('\n', '\n' + pad);
}

/**
 * Writes a report as indented JSON, children one at a time, through `out` (which ends each
 * call with a newline). Returns the report's last line, not yet written, so the caller can
 * put a comma after it.
 */
function writeReport(report: CliJsonReport, pad: string, out: (s: string) => void): string {
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

  constructor(private readonly out: (s: string) => void) {}

  add(report: Report): void {
    if (!this.opened) this.out('[');
    this.opened = true;
    if (this.pending !== undefined) this.out(this.pending + ',');
    this.pending = writeReport(cliReportJson(report), '  ', this.out);
  }

  end(): void {
    if (!this.opened) this.out('[');
    if (this.pending !== undefined) this.out(this.pending);
    this.out(']');
  }
}
