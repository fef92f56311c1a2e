/** Rows of the results table, derived from reports by pure functions (sorted, filtered). */
import { KIND_LABELS, type Report, type SourceRange, type Verdict } from '../core';

export interface ResultRow {
  index: number;
  /** The name the member is reported under ("calls.jsonl line record 2"). */
  name: string;
  /** Which file it is, and the line it starts on when known: "calls.jsonl · line 3". */
  source: string;
  /** The line the record starts on in its file (a batch member's). */
  line?: number;
  /** Where its first failing check points (in the batch's text): the editor's marker. */
  failRange?: SourceRange;
  kind: string;
  id: string;
  tool: string;
  provenance: string;
  verdict: Verdict;
  /**
   * First failed (else unavailable) check message: why the row is not verified. A batch's own
   * checks only count its members: its reason is its first member's that is not verified.
   */
  reason: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function toResultRow(report: Report, index: number): ResultRow {
  const details = (report.details ?? {}) as Record<string, unknown>;
  const tool = details.tool;
  const toolName =
    typeof tool === 'object' && tool !== null
      ? text((tool as Record<string, unknown>).name)
      : text(tool);
  const line = memberLine(report);
  const firstFail = report.checks.find(
    (c) => c.status === 'fail' && c.range !== undefined && c.subject === undefined,
  );
  return {
    index,
    name: report.source,
    source: sourceLabel(report.source, line),
    ...(line !== undefined ? { line } : {}),
    ...(firstFail?.range ? { failRange: firstFail.range } : {}),
    kind: KIND_LABELS[report.kind],
    id: text(details.id) || text(details.workflowId) || text(details.jobId),
    tool: toolName,
    provenance: text(details.provenanceClass),
    verdict: report.verdict,
    reason: reasonOf(report),
  };
}

/** Why a report is not verified (see ResultRow.reason); empty when it is. */
function reasonOf(report: Report): string {
  const firstProblem =
    report.checks.find((c) => c.status === 'fail') ??
    report.checks.find((c) => c.status === 'unavailable');
  if (firstProblem) return firstProblem.message;
  const member = report.children?.find((child) => child.verdict !== 'verified');
  const reason = member ? reasonOf(member) : '';
  return member && reason !== '' ? `${member.source}: ${reason}` : '';
}

/** A batch member's name ends with its place among the members; its file is the rest. */
const MEMBER_SUFFIX = / (?:line record|item) \d+$/;

/**
 * The line a batch member starts on: its checks' first place (a JSON Lines record's places are
 * all on its one line). Only for members, whose name says they are one.
 */
function memberLine(report: Report): number | undefined {
  if (!MEMBER_SUFFIX.test(report.source)) return undefined;
  return report.checks.find((c) => c.range !== undefined && c.subject === undefined)?.range?.line;
}

/** The file a member comes from ("calls.jsonl" of "calls.jsonl line record 2"); a file's own name as it is. */
export function sourceFile(name: string): string {
  return name.replace(MEMBER_SUFFIX, '');
}

/** "calls.jsonl · line 3" for a member (memberLine), the name as it is otherwise. */
export function sourceLabel(name: string, line: number | undefined): string {
  if (line === undefined) return name;
  return `${sourceFile(name)} · line ${line}`;
}

export type SortKey = 'verdict' | 'index' | 'source' | 'kind' | 'id' | 'tool' | 'provenance';
const VERDICT_RANK: Record<Verdict, number> = { failed: 0, incomplete: 1, verified: 2 };

export function sortRows(rows: ResultRow[], key: SortKey, descending = false): ResultRow[] {
  // The table's default order on rows that arrived in order: grouped by verdict in one pass
  // (a comparison sort of 1,000,000 rows held the page for seconds).
  if (key === 'verdict' && inIndexOrder(rows)) {
    const groups: ResultRow[][] = [[], [], []];
    for (const row of rows) groups[VERDICT_RANK[row.verdict]]!.push(row);
    const [failed, incomplete, verified] = groups as [ResultRow[], ResultRow[], ResultRow[]];
    return descending
      ? [...verified, ...incomplete, ...failed]
      : [...failed, ...incomplete, ...verified];
  }
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const primary =
      key === 'verdict'
        ? VERDICT_RANK[a.verdict] - VERDICT_RANK[b.verdict]
        : key === 'index'
          ? a.index - b.index
          : // Numeric: "line 10" after "line 9".
            a[key].localeCompare(b[key], 'en', { numeric: true });
    return direction * primary || a.index - b.index;
  });
}

function inIndexOrder(rows: ResultRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (rows[i - 1]!.index >= rows[i]!.index) return false;
  return true;
}

export function filterRows(
  rows: ResultRow[],
  query: string,
  verdict: Verdict | 'all',
): ResultRow[] {
  const needle = query.trim().toLowerCase();
  if (needle === '' && verdict === 'all') return rows;
  return rows.filter(
    (row) =>
      (verdict === 'all' || row.verdict === verdict) &&
      (needle === '' ||
        [row.name, row.source, row.id, row.tool, row.provenance, row.kind, row.reason].some((v) =>
          v.toLowerCase().includes(needle),
        )),
  );
}

export function countVerdicts(rows: ResultRow[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { verified: 0, failed: 0, incomplete: 0 };
  for (const row of rows) counts[row.verdict]++;
  return counts;
}
