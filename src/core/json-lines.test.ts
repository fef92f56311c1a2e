import { describe, expect, it } from 'vitest';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import {
  jsonLinesBlocks,
  jsonLinesRecords,
  opensJsonLines,
  recordDocument,
  type JsonLinesRecord,
} from './json-lines';
import { verifyAll, verifyRecords } from './verify';
import { MAX_RECORD_BYTES } from './bounds';
import { OTS_MAGIC } from './anchor/ots/magic';
import { HEADER_358391 } from '../../test/support/ots-headers';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const good = JSON.stringify(MINIMAL_RECEIPT);
const encoder = new TextEncoder();

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? encoder.encode(part) : part;
}

/** A byte stream cut into chunks of `size` bytes, so records straddle chunk boundaries. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<JsonLinesRecord[]> {
  const out: JsonLinesRecord[] = [];
  for await (const record of jsonLinesRecords(stream)) out.push(record);
  return out;
}

describe('jsonLinesRecords', () => {
  it('splits records across chunk boundaries, even inside a multi-byte character', async () => {
    const text = `{"a":"é"}\n\n{"b":2}\n{"c":3}`;
    const bytes = encoder.encode(text);
    const cut = text.indexOf('é') + 1; // inside the two bytes of é
    const records = await collect(
      chunks(bytes.subarray(0, cut), bytes.subarray(cut, 14), bytes.subarray(14)),
    );
    expect(records.map((r) => [r.index, r.line, r.text])).toEqual([
      [1, 1, '{"a":"é"}'],
      [2, 3, '{"b":2}'],
      [3, 4, '{"c":3}'],
    ]);
  });

  it('passes a record that is not UTF-8 on as bytes, and goes on', async () => {
    const records = await collect(
      chunks('{"a":1}\n', new Uint8Array([0x22, 0xff, 0x22, 0x0a]), '{"b":2}\n'),
    );
    expect(records.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(records[1]?.bytes).toEqual(new Uint8Array([0x22, 0xff, 0x22]));
    expect(records[2]?.text).toBe('{"b":2}');
  });
});

describe('jsonLinesBlocks', () => {
  // Lines of every sort: records, blank lines (also of characters trim() removes), CRLF.
  const lines = Array.from({ length: 2500 }, (_, i) =>
    i % 7 === 3 ? '' : i % 11 === 5 ? ' \u00a0\ufeff ' : i % 13 === 1 ? `{"n":${i}}\r` : `${i}`,
  );
  const text = lines.join('\n');
  const expected = lines.flatMap((line, i) => (line.trim() === '' ? [] : [[i + 1, line]]));

  it('numbers records and lines across blocks and chunks as a line-by-line reading does', async () => {
    const bytes = encoder.encode(text);
    const pieces = [bytes.subarray(0, 333), bytes.subarray(333, 5000), bytes.subarray(5000)];
    const records = await collect(chunks(...pieces));
    expect(records.map((r) => [r.line, r.text])).toEqual(expected);
    expect(records.map((r) => r.index)).toEqual(expected.map((_, i) => i + 1));
    // Each record's place in the bytes, across blocks (the app re-reads a record from it).
    const decoder = new TextDecoder();
    for (const r of records)
      expect(decoder.decode(bytes.subarray(r.offset, r.offset + r.length))).toBe(r.text);
  });

  it('hands on blocks of whole lines, at most 1,000 lines each, counting their records', async () => {
    let records = 0;
    let line = 1;
    for await (const block of jsonLinesBlocks(chunks(text))) {
      expect(block.recordsBefore).toBe(records);
      expect(block.firstLine).toBe(line);
      const blockLines = new TextDecoder().decode(block.bytes).split('\n');
      if (blockLines.at(-1) === '') blockLines.pop();
      expect(blockLines.length).toBeLessThanOrEqual(1000);
      records += block.records;
      line += blockLines.length;
    }
    expect(records).toBe(expected.length);
  });
});

describe('JSON Lines read as a stream', () => {
  it('gives each non-blank line with its number and exact place in the bytes, whatever the chunking', async () => {
    const text = 'a\n\n{"b":2}\r\n  \nlast';
    const bytes = encoder.encode(text);
    for (const size of [1, 2, 3, 7, 64]) {
      const records = await collect(chunked(bytes, size));
      expect(records.map((r) => [r.index, r.line, r.text])).toEqual([
        [1, 1, 'a'],
        [2, 3, '{"b":2}\r'],
        [3, 5, 'last'],
      ]);
      for (const r of records)
        expect(new TextDecoder().decode(bytes.slice(r.offset, r.offset + r.length))).toBe(r.text);
    }
  });

  it('passes a record that is not UTF-8 through as bytes (the core reports it)', async () => {
    const bytes = Uint8Array.from([0x7b, 0xff, 0x7d, 0x0a, 0x31]);
    const records = await collect(chunked(bytes, 2));
    expect(records[0]).toMatchObject({ index: 1, line: 1, offset: 0, length: 3 });
    expect(records[0]?.bytes).toEqual(Uint8Array.from([0x7b, 0xff, 0x7d]));
    expect(records[1]).toMatchObject({ index: 2, text: '1' });
  });

  it('marks an over-long record without keeping it, and goes on', async () => {
    const chunk = new Uint8Array(16 * 1024 * 1024).fill(0x20);
    const total = MAX_RECORD_BYTES + chunk.length;
    async function* stream(): AsyncGenerator<Uint8Array> {
      for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
      yield encoder.encode('\n7\n');
    }
    const records = await collect(stream());
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ index: 1, oversized: true, length: total });
    expect(records[0]?.text).toBeUndefined();
    expect(records[1]).toMatchObject({ index: 2, line: 2, text: '7', offset: total + 1 });
  });
});

describe('jsonLinesRecords, a long line that arrives whole in one chunk', () => {
  it('is marked over-long all the same', async () => {
    const line = new Uint8Array(MAX_RECORD_BYTES + 2).fill(0x20);
    line[0] = 0x7b; // '{': a record, not a blank line
    line[MAX_RECORD_BYTES + 1] = 0x0a;
    const records = await collect(chunks(line, '7\n'));
    expect(records[0]).toMatchObject({ index: 1, oversized: true });
    expect(records[1]).toMatchObject({ index: 2, text: '7' });
  });
});

describe('a byte order mark in JSON Lines', () => {
  it('is tolerated at the start of a file only: a record after it reports it as the whole file does', async () => {
    const { results } = await verifyAll([{ name: 'f.jsonl', text: `${good}\n\ufeff${good}` }], {
      now: NOW,
    });
    const whole = results[0]!.report.children![1]!.checks.find((c) => c.status === 'fail');
    expect(whole).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });
    expect(whole?.message).toMatch(/^Unexpected character '\ufeff'/);

    const [first, later] = await verifyRecords(
      [
        { name: 'f.jsonl line record 1', text: `\ufeff${good}` },
        { name: 'f.jsonl line record 2', text: `\ufeff${good}`, midFile: true },
      ],
      { now: NOW },
    );
    expect(first?.verdict).toBe('verified');
    expect(later?.verdict).toBe('failed');
    expect(later?.checks[0]).toMatchObject({ rule: 'json.syntax', range: { line: 1, column: 1 } });
    expect(later?.checks[0]?.message).toMatch(/^Unexpected character '\ufeff'/);
  });
});

describe('a JSON Lines record is read as JSON and nothing else', () => {
  it('a line that is a block header in hex fails where the whole file does, not verified as a header', async () => {
    // Alone, the line is a block-header document, and it verifies.
    const alone = await verifyAll([{ name: 'header.txt', text: HEADER_358391 }], { now: NOW });
    expect(alone.results[0]?.report).toMatchObject({ kind: 'block-header', verdict: 'verified' });

    const { results } = await verifyAll(
      [{ name: 'f.jsonl', text: `${good}\n${HEADER_358391}\n${good}\n` }],
      { now: NOW },
    );
    const whole = results[0]!.report.children![1]!;
    expect(results[0]!.report.verdict).toBe('failed');
    expect(whole.parseError).toMatchObject({ line: 2, column: 1 });

    const records = await verifyRecords(
      [
        recordDocument('f.jsonl', { index: 1, line: 1, offset: 0, text: good }),
        recordDocument('f.jsonl', { index: 2, line: 2, offset: 1, text: HEADER_358391 }),
        recordDocument('f.jsonl', { index: 3, line: 3, offset: 2, text: good }),
      ],
      { now: NOW },
    );
    expect(records.map((r) => [r.kind, r.verdict])).toEqual([
      ['receipt', 'verified'],
      ['unknown', 'failed'],
      ['receipt', 'verified'],
    ]);
    const syntax = records[1]!.checks[0]!;
    expect(syntax).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });
    expect(syntax.message).toBe(whole.parseError!.message);
  });

  it('a line that starts with the OpenTimestamps magic is not read as a proof', async () => {
    const line = Uint8Array.from([...OTS_MAGIC, 0x01, 0x08]);
    const [record] = await verifyRecords(
      [recordDocument('f.jsonl', { index: 2, line: 2, offset: 1, bytes: line })],
      { now: NOW },
    );
    expect(record).toMatchObject({ kind: 'unknown', verdict: 'failed' });
    expect(record!.checks[0]?.message).not.toMatch(/OpenTimestamps/);
  });
});

describe("the core's answers for the shells", () => {
  it('recordDocument names the record and marks every one that does not start the file', () => {
    expect(recordDocument('f.jsonl', { index: 1, line: 1, offset: 0, text: '{}' })).toEqual({
      name: 'f.jsonl line record 1',
      text: '{}',
    });
    const bytes = Uint8Array.of(0xff);
    expect(recordDocument('f.jsonl', { index: 2, line: 3, offset: 3, bytes })).toEqual({
      name: 'f.jsonl line record 2',
      bytes,
      midFile: true,
      line: 3,
    });
  });

  it("opensJsonLines says whether a first line is a JSON value alone, by the core's parser", () => {
    const first = (text: string, offset = 0): JsonLinesRecord => ({
      index: 1,
      line: 1,
      offset,
      length: text.length,
      text,
    });
    expect(opensJsonLines(first('{"a":1}'))).toBe(true);
    expect(opensJsonLines(first('\ufeff{"a":1}'))).toBe(true);
    expect(opensJsonLines(first('\ufeff{"a":1}', 1))).toBe(false);
    expect(opensJsonLines(first('{"a":'))).toBe(false);
    // JSON.parse takes this; the core's reader (and so its JSON Lines rule) does not.
    const deep = '['.repeat(300) + ']'.repeat(300);
    expect(() => JSON.parse(deep) as unknown).not.toThrow();
    expect(opensJsonLines(first(deep))).toBe(false);
    expect(
      opensJsonLines({ index: 1, line: 1, offset: 0, length: 1, bytes: Uint8Array.of(0xff) }),
    ).toBe(false);
  });
});
