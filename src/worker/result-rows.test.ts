import { describe, expect, it } from 'vitest';
import { buildReport, type Check, type Report } from '../core';
import { RepeatedIdIndex, repeatedIds } from './repeated-ids';
import {
  countVerdicts,
  filterRows,
  sourceLabel,
  sortRows,
  toResultRow,
  type ResultRow,
} from './result-rows';

function report(name: string, status: Check['status'], id: string, tool = 'live_price'): Report {
  const checks: Check[] = [
    { rule: 'r', dimension: 'byte_integrity', status, message: `${status} message`, path: '' },
    { rule: 's', dimension: 'schema_validity', status: 'pass', message: 'ok', path: '' },
  ];
  return buildReport({
    kind: 'receipt',
    source: name,
    checks,
    limits: [],
    chainApplies: false,
    details: {
      type: 'receipt',
      receiptPath: '',
      id,
      tool: { name: tool },
      provenanceClass: 'LOGGED BY AGENT',
    },
  });
}

const rows = [
  report('a', 'pass', 'id-a'),
  report('b', 'fail', 'id-b', 'search'),
  report('c', 'unavailable', 'id-c'),
  report('d', 'fail', 'id-d'),
].map(toResultRow);

describe('results table rows', () => {
  it('summarise each report with the reason it is not verified', () => {
    expect(rows[1]).toEqual({
      index: 1,
      name: 'b',
      source: 'b',
      kind: 'per-call receipt',
      id: 'id-b',
      tool: 'search',
      provenance: 'LOGGED BY AGENT',
      verdict: 'failed',
      reason: 'fail message',
    });
    expect(rows[0]?.reason).toBe('');
  });
  it('give a batch the reason of its first member not verified, naming that member', () => {
    const batchOf = (children: Report[]): Report => ({
      ...buildReport({
        kind: 'batch',
        source: 'calls.jsonl',
        checks: [],
        limits: [],
        chainApplies: false,
      }),
      verdict: children.some((c) => c.verdict === 'failed') ? 'failed' : 'verified',
      children,
    });
    const failing = batchOf([
      report('calls.jsonl line record 1', 'pass', 'id-1'),
      report('calls.jsonl line record 2', 'unavailable', 'id-2'),
      report('calls.jsonl line record 3', 'fail', 'id-3'),
    ]);
    expect(toResultRow(failing, 0).reason).toBe('calls.jsonl line record 2: unavailable message');
    const passing = batchOf([report('calls.jsonl line record 1', 'pass', 'id-1')]);
    expect(toResultRow(passing, 0).reason).toBe('');
  });
  it('sort failed first, keeping input order within a verdict', () => {
    expect(sortRows(rows, 'verdict').map((r) => r.name)).toEqual(['b', 'd', 'c', 'a']);
    expect(sortRows(rows, 'tool', true).map((r) => r.name)).toEqual(['b', 'a', 'c', 'd']);
  });
  it('sort by verdict in one pass exactly as the comparison sort does, either way', () => {
    const verdicts = ['verified', 'failed', 'incomplete'] as const;
    const many = Array.from({ length: 500 }, (_, i) => ({
      ...rows[0]!,
      index: i,
      name: `r${i}`,
      verdict: verdicts[(i * 7919) % 3]!,
    }));
    const shuffled = [...many].reverse();
    for (const descending of [false, true]) {
      // Rows out of index order take the comparison sort: the reference.
      const reference = sortRows(shuffled, 'verdict', descending).map((r) => r.index);
      expect(sortRows(many, 'verdict', descending).map((r) => r.index)).toEqual(reference);
    }
  });
  it('filter by text and verdict', () => {
    expect(filterRows(rows, 'SEARCH', 'all').map((r) => r.name)).toEqual(['b']);
    expect(filterRows(rows, '', 'failed').map((r) => r.name)).toEqual(['b', 'd']);
    expect(countVerdicts(rows)).toEqual({ verified: 1, failed: 2, incomplete: 1 });
  });
});

describe('repeated ids', () => {
  /** The rows' repeated ids as the one walk over them all says (the reference). */
  function walk(all: ResultRow[]): { id: string; rows: number[] }[] {
    const byId = new Map<string, number[]>();
    for (const row of all) {
      if (row.id === '') continue;
      byId.set(row.id, [...(byId.get(row.id) ?? []), row.index + 1]);
    }
    return [...byId]
      .filter(([, list]) => list.length > 1)
      .map(([id, list]) => ({ id, rows: list }));
  }

  const many: ResultRow[] = Array.from({ length: 3000 }, (_, i) => ({
    ...rows[0]!,
    index: i,
    // Some ids once, some two or more times, some rows without one.
    id: i % 11 === 0 ? '' : `id-${(i * 7919) % 1700}`,
  }));

  it('indexed as rows arrive, in messages of any size, equal the one walk, in first-row order', () => {
    const reference = walk(many);
    expect(reference.length).toBeGreaterThan(100);
    expect(repeatedIds(many)).toEqual(reference);
    for (const size of [1, 7, 2000, 5000]) {
      const index = new RepeatedIdIndex();
      for (let start = 0; start < many.length; start += size)
        index.add(many.slice(start, start + size));
      expect(index.repeated(), `messages of ${size}`).toEqual(reference);
    }
    // Rows out of index order: the order of their first row in the list, as the walk says.
    const reversed = [...many].reverse();
    expect(repeatedIds(reversed)).toEqual(walk(reversed));
  });

  it('an answer is not changed by rows added after it', () => {
    const index = new RepeatedIdIndex();
    index.add(many.slice(0, 1000));
    const early = index.repeated();
    const copy = JSON.parse(JSON.stringify(early)) as unknown;
    index.add(many.slice(1000));
    expect(early).toEqual(copy);
  });
});

describe('a row’s source', () => {
  it('names the file and the line a batch member starts on', () => {
    expect(sourceLabel('calls.jsonl line record 2', 3)).toBe('calls.jsonl · line 3');
    expect(sourceLabel('pasted text item 4', 12)).toBe('pasted text · line 12');
    expect(sourceLabel('receipt.json', undefined)).toBe('receipt.json');
    // A file of its own whose name happens to end like a member's keeps its whole name.
    expect(sourceLabel('notes item 2', undefined)).toBe('notes item 2');
  });
});
