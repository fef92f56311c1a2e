/** Plain-text and JSON renderings of reports: the CLI prints them, the app exports them. */
import { KIND_LABELS } from './model/kinds';
import type { ProfileId, ProfileResult, ProfileStatus } from './model/report';
import { sortChecksForDisplay } from './report';
import {
  differenceExplained,
  verdictQualifier,
  verdictUnder,
  type VerdictSetting,
} from './verdict-under';
import {
  DIMENSIONS,
  type Check,
  type CheckStatus,
  type Dimension,
  type DimensionResult,
  type DocumentKind,
  type Report,
  type Verdict,
} from './model/report';

/**
 * The version of the JSON report (semver), carried by every report object as `report_version`.
 * A minor version may add members, rules and checks; a renamed or removed member, a changed
 * meaning of a value or a changed verdict rule is a major one (docs/api.md).
 */
export const REPORT_VERSION = '1.0.0';

export interface CliJsonReport {
  report_version: string;
  file: string;
  kind: DocumentKind;
  verdict: Verdict;
  dimensions: Record<Dimension, DimensionResult>;
  checks: {
    rule: string;
    dimension: Dimension;
    status: CheckStatus;
    message: string;
    path: string;
    line?: number;
    column?: number;
    expected?: string;
    found?: string;
    subject?: string;
  }[];
  limits: string[];
  /**
   * One line per profile, core first (profiles.ts); `verdict` is core's. A stricter profile's
   * `status` includes core (never better than it); `own_checks` is what its own checks found.
   */
  profiles?: {
    id: ProfileId;
    label: string;
    status: ProfileStatus;
    own_checks?: ProfileStatus;
    reasons: string[];
  }[];
  children?: CliJsonReport[];
}

/** The CLI's JSON format (also what the app exports). Bytes and view details are left out. */
export function toCliJson(report: Report, file: string = report.source): CliJsonReport {
  const out = cliJsonHead(report, file, report.checks);
  if (report.children) out.children = report.children.map((c) => toCliJson(c));
  return out;
}

/**
 * A report's CLI JSON without its children and with only `checks` of its checks: the CLI's
 * compact form (src/cli/output.ts) writes the rest its own way, without copying the report.
 */
export function cliJsonHead(report: Report, file: string, checks: readonly Check[]): CliJsonReport {
  const out: CliJsonReport = {
    report_version: REPORT_VERSION,
    file,
    kind: report.kind,
    verdict: report.verdict,
    dimensions: report.dimensions,
    checks: checks.map(checkToJson),
    limits: report.limits,
  };
  if (report.profiles)
    out.profiles = report.profiles.map((p) => ({
      id: p.id,
      label: p.label,
      status: p.status,
      ...(p.ownChecks !== undefined ? { own_checks: p.ownChecks } : {}),
      reasons: p.reasons.map((r) => r.message),
    }));
  return out;
}

function checkToJson(check: Check): CliJsonReport['checks'][number] {
  const out: CliJsonReport['checks'][number] = {
    rule: check.rule,
    dimension: check.dimension,
    status: check.status,
    message: check.message,
    path: check.path,
  };
  if (check.range) {
    out.line = check.range.line;
    out.column = check.range.column;
  }
  if (check.expected !== undefined) out.expected = check.expected;
  if (check.found !== undefined) out.found = check.found;
  if (check.subject !== undefined) out.subject = check.subject;
  return out;
}

const VERDICT_WORD = { verified: 'VERIFIED', failed: 'FAILED', incomplete: 'INCOMPLETE' } as const;

/**
 * A profile line's status in words: a stricter line failing (or incomplete) because core is says
 * so, "fail (core fails; its own checks pass)", so it never reads as its own finding alone.
 */
export function profileStatusText(line: ProfileResult): string {
  const own = line.ownChecks;
  if (own === undefined || own === line.status) return line.status;
  const core = line.status === 'fail' ? 'core fails' : 'core is incomplete';
  return `${line.status} (${core}; its own checks ${own === 'pass' ? 'pass' : `are ${own}`})`;
}

export function formatLocation(check: Check): string {
  const at = check.path === '' ? 'document' : check.path;
  return check.range ? `${at} (line ${check.range.line}, col ${check.range.column})` : at;
}

/**
 * The CLI's text report, one string per line. Lines, not one text: a line break inside a value
 * (a file name, a found value) is the document's and is escaped as one by the writer (the
 * CLI's terminal boundary), while the breaks between these lines are the CLI's own.
 */
export function toTextLines(
  report: Report,
  file: string = report.source,
  indent = '',
  /** The setting the verdict is read under (the CLI's --profile, --max-age): core's when absent. */
  setting?: VerdictSetting,
): string[] {
  const lines: string[] = [];
  const shown = setting ? verdictUnder(report, setting) : undefined;
  const verdict = VERDICT_WORD[shown?.verdict ?? report.verdict];
  const qualifier = shown ? verdictQualifier(shown) : '';
  lines.push(`${indent}${file}: ${verdict}${qualifier} — ${KIND_LABELS[report.kind]}`);
  const difference = shown && differenceExplained(shown);
  if (difference) lines.push(`${indent}  ${difference}`);
  if (report.parseError) {
    lines.push(`${indent}  ${report.parseError.message}`);
    return lines;
  }
  for (const d of DIMENSIONS) {
    const dim = report.dimensions[d];
    lines.push(`${indent}  ${d.padEnd(20)} ${dim.status.padEnd(12)} ${dim.summary}`);
  }
  // One line per applicable profile, side by side; the verdict above is core's.
  for (const p of report.profiles ?? []) {
    if (p.status === 'not_applicable') continue;
    const [first, ...more] = p.reasons;
    const why = first
      ? ` — ${first.message}${more.length > 0 ? ` (+${more.length} more)` : ''}`
      : '';
    lines.push(`${indent}  profile ${p.id.padEnd(18)} ${profileStatusText(p)}${why}`);
  }
  const notable = sortChecksForDisplay(report.checks).filter(
    (c) => c.status === 'fail' || c.status === 'warning' || c.status === 'unavailable',
  );
  for (const check of notable) {
    lines.push(
      `${indent}  ${check.status.toUpperCase()} [${check.rule}] ${check.message} at ${formatLocation(check)}`,
    );
    if (check.expected !== undefined) lines.push(`${indent}      expected: ${check.expected}`);
    if (check.found !== undefined) lines.push(`${indent}      found:    ${check.found}`);
    if (check.detail !== undefined) lines.push(`${indent}      ${check.detail}`);
  }
  if (report.children) {
    const failed = report.children.filter((c) => c.verdict !== 'verified');
    for (const child of failed.slice(0, 50))
      for (const line of toTextLines(child, child.source, indent + '  ', setting)) lines.push(line);
    if (failed.length > 50) lines.push(`${indent}  … ${failed.length - 50} more not verified`);
  }
  for (const limit of report.limits) lines.push(`${indent}  Limit: ${limit}`);
  return lines;
}
