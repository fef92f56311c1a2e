/**
 * The records the results table lists when several documents were opened together: each
 * group's report, and for a batch among them (a JSON Lines file opened with other files) each of
 * its members, so that every row is one record, named by its file and line, as when the batch
 * is opened alone.
 */
import type { Report } from '../../core';
import type { VerifiedGroup } from '../../worker/protocol';

export interface TableRecord {
  report: Report;
  /** The index of the group it came with (what was supplied with it). */
  group: number;
  /** How many records its row stands for: one, or every member of a batch kept as one row. */
  records: number;
}

export function tableRecords(results: readonly VerifiedGroup[]): TableRecord[] {
  return results.flatMap(({ report, members }, group) =>
    report.kind !== 'batch'
      ? [{ report, group, records: 1 }]
      : report.children && report.children.length === members
        ? report.children.map((child) => ({ report: child, group, records: 1 }))
        : // A large batch's report lists only its members not verified: it stays one row, which
          // stands for all of them (for one when the Worker did not say how many it holds).
          [{ report, group, records: members ?? 1 }],
  );
}
