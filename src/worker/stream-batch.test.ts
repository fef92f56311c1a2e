import { describe, expect, it } from 'vitest';
import { buildBatchText } from '../../bench/batch';
import { buildTimelineJsonLines } from '../../bench/timeline';
import { detectDocument, verifyAll, verifyRecords, type Report } from '../core';
import { HEADER_358391 } from '../../test/support/ots-headers';
import { toResultRow } from './result-rows';
import type { VerifyRequest } from './protocol';
import { streamableFile, verifyStreamed } from './stream-batch';

const NOW = Date.parse('2026-11-29T00:00:00Z');

/** Three good receipts, a tampered one, blank lines, a bare number, an object of no kind. */
function mixedBatch(): string {
  const good = buildBatchText(3).trimEnd().split('\n');
  const tampered = good[0]!.replace('"sha256:', '"sha256:00');
  return [...good, tampered, '', '   ', '1', '{"a":1}', ''].join('\n');
}

/** Streams `text` as a File named `name` through verifyStreamed, as the Worker does. */
function streamText(
  name: string,
  text: string,
  options: { now?: number; onRows?: (rows: ReturnType<typeof toResultRow>[]) => void } = {},
): ReturnType<typeof verifyStreamed> {
  const file = new File([text], name);
  const request: VerifyRequest = {
    type: 'verify',
    id: 1,
    inputs: [{ name, file }],
    wantRaw: false,
    ...(options.now !== undefined ? { options: { now: options.now } } : {}),
  };
  return verifyStreamed({ name, file }, request, {
    onProgress: () => undefined,
    onRows: options.onRows ?? (() => undefined),
  });
}

describe('a streamed batch gives what the whole-file batch gives', () => {
  it('gives the batch report the core gives the whole file: verdict, dimensions, checks, limits, profiles', async () => {
    const text = mixedBatch();
    const { results } = await verifyAll([{ name: 'mixed.jsonl', text }], { now: NOW });
    const batch = results[0]!.report;
    const streamed = (await streamText('mixed.jsonl', text, { now: NOW }))!.group.report;
    expect(streamed.verdict).toBe('failed');
    // The same report, less what only a text held whole has: its members' full reports (a
    // stream's are rows, each made again on demand) and positions in that text.
    const withoutPlaces = (report: Report) => ({
      ...report,
      children: undefined,
      checks: report.checks.map(({ range: _range, ...check }) => check),
    });
    expect(withoutPlaces(streamed)).toEqual(withoutPlaces(batch));
  });

  it('fails a line that is a block header in hex, as the whole file fails: never verified as a header', async () => {
    const good = buildBatchText(2).trimEnd().split('\n');
    const text = [good[0], HEADER_358391, good[1]].join('\n') + '\n';
    const { results } = await verifyAll([{ name: 'headers.jsonl', text }], { now: NOW });
    expect(results[0]!.report.verdict).toBe('failed');
    const streamed = (await streamText('headers.jsonl', text, { now: NOW }))!.group.report;
    expect(streamed.verdict).toBe('failed');
    expect(streamed.checks.map((c) => c.message)).toContain(
      '3 of 3 documents checked: 2 verified, 1 failed, 0 incomplete',
    );
  });

  it('lists members past the small size as the core does, whatever the order they come in', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 1_300; i++)
      lines.push(i % 3 === 0 ? '{"not":"a receipt"}' : JSON.stringify({ id: `x-${i}` }));
    const text = lines.join('\n') + '\n';
    const { results } = await verifyAll([{ name: 'big.jsonl', text }], { now: NOW });
    const streamed = (await streamText('big.jsonl', text, { now: NOW }))!.group.report;
    expect(streamed.checks.map((c) => c.message)).toEqual(
      results[0]!.report.checks.map((c) => c.message),
    );
    expect(streamed.profiles).toEqual(results[0]!.report.profiles);
  });

  it('streams a File into the same rows as the batch path, and re-creates any record on demand', async () => {
    const text = mixedBatch();
    const { results } = await verifyAll([{ name: 'mixed.jsonl', text }], { now: NOW });
    const children = results[0]!.report.children as Report[];
    const rows: ReturnType<typeof toResultRow>[] = [];
    const outcome = await streamText('mixed.jsonl', text, {
      now: NOW,
      onRows: (chunk) => rows.push(...chunk),
    });
    expect(outcome).toBeDefined();
    // The same rows, less the editor's marker place (offsets in the text the page holds).
    const whole = children.map(toResultRow);
    for (const row of whole) delete row.failRange;
    expect(rows).toEqual(whole);
    expect(outcome!.group.report.verdict).toBe('failed');
    expect(outcome!.group.report.children).toBeUndefined();
    for (const index of [0, 3, 4, 5]) {
      const detail = await outcome!.detail(index);
      expect(detail.source).toBe(children[index]!.source);
      expect(detail.verdict).toBe(children[index]!.verdict);
      expect(detail.checks.map((c) => [c.rule, c.status])).toEqual(
        children[index]!.checks.map((c) => [c.rule, c.status]),
      );
    }
    // The same record verified alone, on the line it stands on, gives the same report as its
    // detail; and its places are the whole-file batch member's lines and columns.
    const [alone] = await verifyRecords(
      [{ name: children[3]!.source, text: text.split('\n')[3]!, midFile: true, line: 4 }],
      {
        now: NOW,
      },
    );
    const detail = await outcome!.detail(3);
    expect(detail.checks).toEqual(alone!.checks);
    const place = (c: Report['checks'][number]) => [c.rule, c.range?.line, c.range?.column];
    expect(detail.checks.map(place)).toEqual(children[3]!.checks.map(place));
  });

  it('reports a line that is no JSON as a failing record of its own, as the whole-file batch does', async () => {
    const good = buildBatchText(3).trimEnd().split('\n');
    const text = [good[0], `#${good[1]}`, good[2]].join('\n') + '\n';
    const { results } = await verifyAll([{ name: 'broken.jsonl', text }], { now: NOW });
    const whole = results[0]!.report;
    expect(whole.kind).toBe('batch');
    expect((whole.children ?? []).map((c) => c.verdict)).toEqual([
      'verified',
      'failed',
      'verified',
    ]);
    const rows: ReturnType<typeof toResultRow>[] = [];
    const outcome = await streamText('broken.jsonl', text, {
      now: NOW,
      onRows: (chunk) => rows.push(...chunk),
    });
    expect(rows.map((r) => r.verdict)).toEqual(['verified', 'failed', 'verified']);
    // The broken record's report, placed at its line, is the same either way.
    const detail = await outcome!.detail(1);
    expect(detail).toEqual(whole.children![1]);
    expect(detail.checks[0]).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });
  });

  it('tolerates a byte order mark at the start of the file only, as the whole-file parse does', async () => {
    const [good] = buildBatchText(1).trimEnd().split('\n');
    const text = `\ufeff${good}\n\ufeff${good}\n${good}\n`;
    const { results } = await verifyAll([{ name: 'bom.jsonl', text }], { now: NOW });
    const whole = results[0]!.report.children![1]!.checks.find((c) => c.status === 'fail');
    expect(whole).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });

    const rows: ReturnType<typeof toResultRow>[] = [];
    const outcome = await streamText('bom.jsonl', text, {
      now: NOW,
      onRows: (chunk) => rows.push(...chunk),
    });
    expect(rows.map((r) => r.verdict)).toEqual(['verified', 'failed', 'verified']);
    expect(outcome!.group.report.verdict).toBe('failed');
    for (const index of [0, 1]) {
      const detail = await outcome!.detail(index);
      expect(detail.verdict).toBe(rows[index]!.verdict);
    }
    const detail = await outcome!.detail(1);
    expect(detail.checks[0]).toMatchObject({ rule: 'json.syntax', range: { column: 1 } });
    expect(detail.checks[0]!.message).toMatch(/^Unexpected character '\ufeff'/);
  });

  it('hands a file that is not JSON Lines back to be verified whole', async () => {
    const text = JSON.stringify({ a: 1 }, null, 2);
    const outcome = await streamText('pretty.jsonl', text);
    expect(outcome).toBeUndefined();
  });

  it('asks the core whether the file opens as JSON Lines: a first line too deep for it is verified whole', async () => {
    const deep = '['.repeat(300) + ']'.repeat(300);
    const text = `${deep}\n${deep}\n`;
    // The core on the whole text: its first line is no JSON value it reads, so not JSON Lines.
    const { results } = await verifyAll([{ name: 'deep.jsonl', text }], { now: NOW });
    expect(results[0]!.report.kind).toBe('unknown');
    const outcome = await streamText('deep.jsonl', text);
    expect(outcome).toBeUndefined();
  });

  it('hands a one-line array back to be verified whole (one line is not JSON Lines)', async () => {
    const text = JSON.stringify([{ a: 1 }, { a: 2 }]) + '\n';
    const outcome = await streamText('minified.jsonl', text);
    expect(outcome).toBeUndefined();
  });

  it('streams only a large JSON Lines file that came alone', () => {
    const big = { size: 64 * 1024 * 1024 } as File;
    const request = (inputs: VerifyRequest['inputs']): VerifyRequest => ({
      type: 'verify',
      id: 1,
      inputs,
      wantRaw: false,
    });
    expect(streamableFile(request([{ name: 'a.jsonl', file: big }]))).toBeDefined();
    expect(streamableFile(request([{ name: 'a.NDJSON', file: big }]))).toBeDefined();
    expect(streamableFile(request([{ name: 'a.json', file: big }]))).toBeUndefined();
    expect(
      streamableFile(request([{ name: 'a.jsonl', file: { size: 10 } as File }])),
    ).toBeUndefined();
    expect(
      streamableFile(
        request([
          { name: 'a.jsonl', file: big },
          { name: 'b', text: '{}' },
        ]),
      ),
    ).toBeUndefined();
  });
});

describe('one detection for a JSON Lines file, streamed or whole (issue 30 item 3)', () => {
  it('hands JSON Lines of a job timeline back to be verified whole, as a timeline', async () => {
    const text = buildTimelineJsonLines(50);
    const { results } = await verifyAll([{ name: 'timeline.jsonl', text }], { now: NOW });
    expect(results[0]!.report.kind).toBe('timeline');
    expect(results[0]!.report.verdict).toBe('verified');
    // Streamed as independent records, it was "Failed — receipt batch".
    expect(await streamText('timeline.jsonl', text)).toBeUndefined();
  });

  it('streams a file only when detection takes it for a batch, whatever its records', async () => {
    const entry = buildTimelineJsonLines(2).split('\n')[0]!;
    const [receipt] = buildBatchText(1).trimEnd().split('\n');
    const records = { entry, receipt: receipt!, object: '{"a":1}', number: '1', text: '"x"' };
    const names = Object.keys(records) as (keyof typeof records)[];
    // Every sequence of three records of these kinds. A file not streamed is verified whole,
    // where detection decides; one streamed must be what detection calls a batch.
    for (const a of names)
      for (const b of names)
        for (const c of names) {
          const text = [records[a], records[b], records[c]].join('\n') + '\n';
          const kind = detectDocument({ name: 'f.jsonl', text }).kind;
          const streamed = (await streamText('f.jsonl', text)) !== undefined;
          expect({ sequence: [a, b, c], kind, streamed }).toEqual({
            sequence: [a, b, c],
            kind,
            streamed: streamed && kind === 'batch',
          });
          // Detection calls it a batch from its first object on, when that is no entry.
          const firstObject = [a, b, c].find(
            (n) => n === 'entry' || n === 'receipt' || n === 'object',
          );
          if (firstObject !== undefined && firstObject !== 'entry') expect(streamed).toBe(true);
        }
  });
});
