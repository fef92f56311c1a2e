import { describe, expect, it } from 'vitest';
import { buildBatchText } from '../../bench/batch';
import { verifyAll, verifyRecords, type Report } from '../core';
import { toResultRow } from '../ui/selectors/results';
import { BatchSummary } from './batch-summary';
import { MAX_RECORD_BYTES, streamedRecords } from './json-lines';
import type { VerifyRequest } from './protocol';
import { streamableFile, verifyStreamed } from './stream-batch';

const NOW = Date.parse('2026-11-29T00:00:00Z');
const encoder = new TextEncoder();

/** A byte stream cut into chunks of `size` bytes, so records straddle chunk boundaries. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      }
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const record of streamedRecords(stream)) out.push(record);
  return out;
}

/** Three good receipts, a tampered one, blank lines, a bare number, an object of no kind. */
function mixedBatch(): string {
  const good = buildBatchText(3).trimEnd().split('\n');
  const tampered = good[0]!.replace('"sha256:', '"sha256:00');
  return [...good, tampered, '', '   ', '1', '{"a":1}', ''].join('\n');
}

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
    let sent = 0;
    const total = MAX_RECORD_BYTES + chunk.length;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < total) {
          controller.enqueue(chunk);
          sent += chunk.length;
        } else {
          controller.enqueue(encoder.encode('\n7\n'));
          controller.close();
        }
      },
    });
    const records = await collect(stream);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ index: 1, oversized: true, length: total });
    expect(records[0]?.text).toBeUndefined();
    expect(records[1]).toMatchObject({ index: 2, line: 2, text: '7', offset: total + 1 });
  });
});

describe('streamedRecords, a long line that arrives whole in one chunk', () => {
  it('is marked over-long all the same', async () => {
    const line = new Uint8Array(MAX_RECORD_BYTES + 2).fill(0x20);
    line[0] = 0x7b; // '{': a record, not a blank line
    line[MAX_RECORD_BYTES + 1] = 0x0a;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(line);
        controller.enqueue(encoder.encode('7\n'));
        controller.close();
      },
    });
    const records = await collect(stream);
    expect(records[0]).toMatchObject({ index: 1, oversized: true });
    expect(records[1]).toMatchObject({ index: 2, text: '7' });
  });
});

describe('a streamed batch gives what the whole-file batch gives', () => {
  it('summarises members as the core summarises a batch: verdict, dimensions, profile statuses', async () => {
    const text = mixedBatch();
    const { results } = await verifyAll([{ name: 'mixed.jsonl', text }], { now: NOW });
    const batch = results[0]!.report;
    const summary = new BatchSummary();
    for (const child of batch.children ?? []) summary.add(child);
    const ours = summary.report('mixed.jsonl');
    expect(ours.verdict).toBe(batch.verdict);
    expect(ours.verdict).toBe('failed');
    expect(ours.dimensions).toEqual(batch.dimensions);
    expect(ours.profiles?.map((p) => [p.id, p.status])).toEqual(
      batch.profiles?.map((p) => [p.id, p.status]),
    );
    expect(summary.counts).toEqual({ verified: 3, failed: 3, incomplete: 0 });
  });

  it('streams a File into the same rows as the batch path, and re-creates any record on demand', async () => {
    const text = mixedBatch();
    const { results } = await verifyAll([{ name: 'mixed.jsonl', text }], { now: NOW });
    const children = results[0]!.report.children as Report[];
    const file = new File([text], 'mixed.jsonl');
    const request: VerifyRequest = {
      type: 'verify',
      id: 1,
      inputs: [{ name: 'mixed.jsonl', file }],
      wantRaw: false,
      options: { now: NOW },
    };
    const rows: ReturnType<typeof toResultRow>[] = [];
    const outcome = await verifyStreamed({ name: 'mixed.jsonl', file }, request, {
      onProgress: () => undefined,
      onRows: (chunk) => rows.push(...chunk),
    });
    expect(outcome).toBeDefined();
    expect(rows).toEqual(children.map(toResultRow));
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
    // The same record verified alone gives the same report as its detail.
    const [alone] = await verifyRecords(
      [{ name: children[3]!.source, text: text.split('\n')[3]! }],
      {
        now: NOW,
      },
    );
    expect((await outcome!.detail(3)).checks).toEqual(alone!.checks);
  });

  it('tolerates a byte order mark at the start of the file only, as the whole-file parse does', async () => {
    const [good] = buildBatchText(1).trimEnd().split('\n');
    const text = `\ufeff${good}\n\ufeff${good}\n${good}\n`;
    const { results } = await verifyAll([{ name: 'bom.jsonl', text }], { now: NOW });
    const whole = results[0]!.report.checks.find((c) => c.status === 'fail');
    expect(whole).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });

    const file = new File([text], 'bom.jsonl');
    const request: VerifyRequest = {
      type: 'verify',
      id: 1,
      inputs: [{ name: 'bom.jsonl', file }],
      wantRaw: false,
      options: { now: NOW },
    };
    const rows: ReturnType<typeof toResultRow>[] = [];
    const outcome = await verifyStreamed({ name: 'bom.jsonl', file }, request, {
      onProgress: () => undefined,
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
    const file = new File([text], 'pretty.jsonl');
    const request: VerifyRequest = {
      type: 'verify',
      id: 1,
      inputs: [{ name: 'pretty.jsonl', file }],
      wantRaw: false,
    };
    const outcome = await verifyStreamed({ name: 'pretty.jsonl', file }, request, {
      onProgress: () => undefined,
      onRows: () => undefined,
    });
    expect(outcome).toBeUndefined();
  });

  it('hands a one-line array back to be verified whole (one line is not JSON Lines)', async () => {
    const text = JSON.stringify([{ a: 1 }, { a: 2 }]) + '\n';
    const file = new File([text], 'minified.jsonl');
    const request: VerifyRequest = {
      type: 'verify',
      id: 1,
      inputs: [{ name: 'minified.jsonl', file }],
      wantRaw: false,
    };
    const outcome = await verifyStreamed({ name: 'minified.jsonl', file }, request, {
      onProgress: () => undefined,
      onRows: () => undefined,
    });
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
