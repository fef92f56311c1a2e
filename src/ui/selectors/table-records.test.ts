import { describe, expect, it } from 'vitest';
import { buildReport, type Report } from '../../core';
import type { VerifiedGroup } from '../../worker/protocol';
import { tableRecords } from './table-records';

function receipt(source: string): Report {
  return buildReport({ kind: 'receipt', source, checks: [], limits: [], chainApplies: false });
}

function batch(source: string, children: Report[]): Report {
  return { ...receipt(source), kind: 'batch', children };
}

function group(report: Report, members?: number): VerifiedGroup {
  return { report, suppliedNames: [], ...(members !== undefined ? { members } : {}) };
}

describe('the records of the results table', () => {
  it('list each member of a batch that lists them all, with the group it came with', () => {
    const lines = ['a.jsonl line record 1', 'a.jsonl line record 2'].map(receipt);
    const records = tableRecords([group(batch('a.jsonl', lines), 2), group(receipt('b.json'))]);
    expect(records.map((r) => [r.report.source, r.group, r.records])).toEqual([
      ['a.jsonl line record 1', 0, 1],
      ['a.jsonl line record 2', 0, 1],
      ['b.json', 1, 1],
    ]);
  });

  it('keep as one record a batch whose report lists only some of its members', () => {
    const listed = [receipt('a.jsonl line record 1050')];
    const records = tableRecords([
      group(batch('a.jsonl', listed), 1_100),
      group(receipt('b.json')),
    ]);
    expect(records.map((r) => r.report.source)).toEqual(['a.jsonl', 'b.json']);
    // Its row stands for every member: the headline counts them all.
    expect(records.map((r) => r.records)).toEqual([1_100, 1]);
  });

  it('keep as one record a batch whose number of members is not known', () => {
    const records = tableRecords([group(batch('a.jsonl', [receipt('a.jsonl line record 1')]))]);
    expect(records.map((r) => r.report.source)).toEqual(['a.jsonl']);
  });
});
