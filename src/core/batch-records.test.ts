/**
 * A JSON Lines batch is read one record at a time (batch-records.ts): these pin what that must
 * not change — pointers and positions, each record's own duplicates, the whole tree for those
 * who ask for it, and no member report before the whole text is known to be JSON Lines.
 */
import { describe, expect, it } from 'vitest';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import { classifyValue, detectDocument } from './detect';
import { isPlainText, objectsWithCommitments, parseJson, parseJsonSlice } from './json/parse';
import { joinPointer, pointerOf, toPlain } from './json/ast';
import { KINDS } from './kinds/registry';
import type { VerifiedReport } from './report-details';
import { verifyAll } from './verify';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const good = JSON.stringify(MINIMAL_RECEIPT);
const duplicated = good.replace('{', '{"id":"x",');

describe('a JSON Lines batch read one record at a time', () => {
  const text = `${good}\r\n\n${duplicated}\n1\n`;

  it('keeps where its records are, not their trees: each is parsed when it is got', () => {
    const doc = detectDocument({ name: 'b.jsonl', text });
    expect(doc.kind).toBe('batch');
    expect(doc.records?.count).toBe(3);
    const members = KINDS.batch.members!(doc);
    expect(members.count).toBe(3);
    const first = members.at(1);
    const again = members.at(1);
    // A tree of its own each time: nothing the batch holds keeps it alive.
    expect(again.value).not.toBe(first.value);
    expect(toPlain(again.value)).toEqual(toPlain(first.value));
    expect(first.name).toBe('b.jsonl line record 2');
    // Its pointer is /1 and its positions are those of the whole text.
    expect(first.value.parent).toBe(doc.root);
    expect(pointerOf(first.value)).toBe('/1');
    expect(doc.source.positionAt(first.value.start)).toEqual({ line: 3, column: 1 });
    // Its own duplicate member names, at their places.
    expect(first.duplicates?.map((d) => joinPointer(pointerOf(d.object), d.name))).toEqual([
      '/1/id',
    ]);
  });

  it('makes each record from the scan detection kept: the tree the reader makes of its text', () => {
    const records = [
      good,
      `  ${duplicated}\t`,
      '{"a":"caf\\u00e9","b":[1,{"c":"\\n"}],"d":{}}',
      '{"canonical_bytes":"e30=","output_hash":"x","inner":{"canonical_bytes":"","output_hash":""}}',
      '"\u202e"',
      '[]',
    ];
    const doc = detectDocument({ name: 'b.jsonl', text: records.join('\n') });
    const members = KINDS.batch.members!(doc);
    expect(members.count).toBe(records.length);
    let start = 0;
    for (const [i, record] of records.entries()) {
      const fromScan = members.at(i);
      const fromText = parseJsonSlice(doc.source, start, start + record.length);
      start += record.length + 1;
      expect(toPlain(fromScan.value)).toEqual(toPlain(fromText.root));
      expect([fromScan.value.start, fromScan.value.end]).toEqual([
        fromText.root.start,
        fromText.root.end,
      ]);
      expect(isPlainText(fromScan.value)).toBe(isPlainText(fromText.root));
      expect(objectsWithCommitments(fromScan.value).map((o) => o.start)).toEqual(
        objectsWithCommitments(fromText.root).map((o) => o.start),
      );
      expect(fromScan.duplicates?.map((d) => [d.name, d.nameStart, d.object.start])).toEqual(
        fromText.duplicates.map((d) => [d.name, d.nameStart, d.object.start]),
      );
    }
  });

  it('reads every record when its whole tree is asked for (grouping, the raw view)', () => {
    const doc = detectDocument({ name: 'b.jsonl', text });
    expect(toPlain(doc.root!)).toEqual([MINIMAL_RECEIPT, JSON.parse(duplicated), 1]);
    expect(doc.duplicates.map((d) => joinPointer(pointerOf(d.object), d.name))).toEqual(['/1/id']);
  });

  it('reports a later line that does not parse as a failing member of its own, in order', async () => {
    const members: VerifiedReport[] = [];
    const { results } = await verifyAll(
      [{ name: 'b.jsonl', text: `${good}\n${good}\n{"b":\n${good}\n` }],
      { now: NOW, onMember: (report) => members.push(report) },
    );
    expect(members.map((m) => m.verdict)).toEqual(['verified', 'verified', 'failed', 'verified']);
    expect(members[2]!.source).toBe('b.jsonl line record 3');
    expect(members[2]!.parseError).toMatchObject({ line: 3, column: 6 });
    expect(results[0]!.main.kind).toBe('batch');
    expect(results[0]!.report.verdict).toBe('failed');
  });

  it('verifies each record as when the whole file was parsed first', async () => {
    const seen: string[] = [];
    const { results } = await verifyAll([{ name: 'b.jsonl', text }], {
      now: NOW,
      onMember: (report, index, total) => seen.push(`${index}/${total} ${report.verdict}`),
    });
    expect(seen).toEqual(['0/3 verified', '1/3 failed', '2/3 failed']);
    const [, second] = results[0]!.report.children!;
    expect(
      second!.checks.filter((c) => c.status === 'fail').map((c) => [c.rule, c.path, c.range?.line]),
    ).toContainEqual(['json.duplicate_member', '/1/id', 3]);
  });

  it.each([
    ['receipts', [good, good]],
    ['numbers', ['1', '2']],
    ['objects of no kind', ['{"x":1}', '{}']],
    ['timeline entries', ['{"prev_digest":"0"}', '{"prev_digest":"1"}']],
    ['timeline entries and numbers', ['{"prev_digest":"0"}', '2', '[]']],
    ['a timeline entry and another object', ['{"prev_digest":"0"}', '{"y":1}']],
    ['arrays', ['[1]', '[{"prev_digest":"0"}]']],
    ['a workflow and a receipt', ['{"steps":[],"merkle_root":"00"}', good]],
  ])('gets the kind the array of its records gets: %s', (_name, lines) => {
    const doc = detectDocument({ name: 'l', text: lines.join('\n') });
    const whole = classifyValue(parseJson(`[${lines.join(',')}]`).root);
    expect(doc.kind).toBe(whole.kind);
    expect(doc.reason).toBe(`JSON Lines (${lines.length} records): ${whole.reason}`);
  });

  it('a JSON array batch is read one item at a time too, each at its place', () => {
    const doc = detectDocument({ name: 'b.json', text: `\ufeff [\n${good},\n  ${duplicated} ]\n` });
    expect(doc.kind).toBe('batch');
    expect(doc.jsonLines).toBe(false);
    expect(doc.records?.count).toBe(2);
    expect([doc.root?.start, doc.root?.end]).toEqual([2, doc.source.text.length - 1]);
    const second = KINDS.batch.members!(doc).at(1);
    expect(second.name).toBe('b.json item 2');
    expect(pointerOf(second.value)).toBe('/1');
    expect(doc.source.positionAt(second.value.start)).toEqual({ line: 3, column: 3 });
    expect(second.duplicates?.map((d) => joinPointer(pointerOf(d.object), d.name))).toEqual([
      '/1/id',
    ]);
    expect(toPlain(doc.root!)).toEqual([MINIMAL_RECEIPT, JSON.parse(duplicated)]);
  });

  it('a JSON Lines timeline is still read whole', () => {
    const entry = { id: 'e', job_id: 'j', seq: 1, canonical_bytes: '', prev_digest: '0' };
    const doc = detectDocument({
      name: 't.jsonl',
      text: `${JSON.stringify(entry)}\n2\n${JSON.stringify({ ...entry, seq: 2 })}\n`,
    });
    expect(doc.kind).toBe('timeline');
    expect(doc.records).toBeUndefined();
    expect(doc.root?.type === 'array' && doc.root.items.length).toBe(3);
  });
});

describe('an array batch and the byte order mark', () => {
  const array = `\uFEFF[${good},${good}]`;

  it('is read one item at a time when the mark opens the file', () => {
    const doc = detectDocument({ name: 'b.json', text: array });
    expect(doc.kind).toBe('batch');
    expect(doc.records?.count).toBe(2);
  });

  it('is a syntax error when the mark opens a JSON Lines record further into a file', () => {
    // The same rule as for any other record (json-lines.ts): a mark only at the file's start.
    const doc = detectDocument({ name: 'b.jsonl, line 2', text: array, midFile: true });
    expect(doc.kind).toBe('unknown');
    expect(doc.records).toBeUndefined();
    expect(doc.parseError).toMatchObject({ line: 1, column: 1, offset: 0 });
  });
});
