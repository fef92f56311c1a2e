import { describe, expect, it } from 'vitest';
import { OTS_MAGIC } from './anchor/ots/magic';
import { classifyValue, detectDocument, fileInput } from './detect';
import { type DetectedDocument } from './model/document';
import { ACCEPTED_KINDS_MESSAGE } from './kinds/registry';
import { joinPointer, pointerOf } from './json/ast';
import { parseJson } from './json/parse';
import type { DocumentKind } from './model/report';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import { verify } from './verify';

const MINIMAL = MINIMAL_RECEIPT;

const ENTRY = {
  id: 'r-job-7a1f-0',
  job_id: 'job-7a1f',
  seq: 1,
  tool: 'price_lookup',
  provenance_class: 'LOGGED BY AGENT',
  canonical_bytes: 'eyJqb2IiOiJqb2ItN2ExZiIsImVudHJ5IjowLCJ0YWciOiJyIn0=',
  prev_digest: '0'.repeat(64),
};

/** 80 bytes 00 01 … 4f in hex: 160 hex digits. */
const HEADER = Array.from({ length: 80 }, (_, i) => i.toString(16).padStart(2, '0')).join('');

function detectText(text: string): DetectedDocument {
  return detectDocument({ name: 'input', text });
}

function without<T extends object>(object: T, ...names: (keyof T)[]): Partial<T> {
  const out: Partial<T> = { ...object };
  for (const name of names) delete out[name];
  return out;
}

describe('detectDocument: every kind of spec §1', () => {
  it.each<[string, unknown, DocumentKind, RegExp]>([
    ['per-call receipt', MINIMAL, 'receipt', /canonical_bytes and output_hash/],
    [
      'receipt missing canonical_bytes',
      without(MINIMAL, 'canonical_bytes'),
      'receipt',
      /7 of the 8 core receipt members/,
    ],
    [
      'receipt missing output_hash',
      without(MINIMAL, 'output_hash'),
      'receipt',
      /7 of the 8 core receipt members/,
    ],
    [
      'wrapped receipt (hosted v2 answer)',
      { ok: true, envelope: { receipt: MINIMAL } },
      'wrapped-receipt',
      /envelope\.receipt/,
    ],
    [
      'wrapped receipt whose receipt is not an object',
      { envelope: { receipt: 'x' } },
      'wrapped-receipt',
      /envelope\.receipt/,
    ],
    [
      'workflow by type',
      { type: 'verifiable-workflow-receipt', steps: [] },
      'workflow',
      /verifiable-workflow-receipt/,
    ],
    [
      'workflow by steps + merkle_root',
      { steps: [], merkle_root: '0'.repeat(64), output_hash: '0'.repeat(64) },
      'workflow',
      /steps and merkle_root/,
    ],
    ['timeline array', [ENTRY, { ...ENTRY, seq: 2 }], 'timeline', /prev_digest/],
    [
      'timeline object with commitment',
      { timeline: [ENTRY], commitment: { job_id: 'job-7a1f' } },
      'timeline',
      /timeline array/,
    ],
    ['a single timeline entry', ENTRY, 'timeline', /single timeline entry/],
    [
      'timeline commitment',
      {
        job_id: 'job-7a1f',
        final_entry_digest: '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0',
        entry_count: 5,
        published_at: '2026-10-01T18:30:00Z',
      },
      'commitment',
      /final_entry_digest/,
    ],
    ['batch (JSON array of receipts)', [MINIMAL, MINIMAL], 'batch', /array of 2 documents/],
    ['batch of one receipt', [MINIMAL], 'batch', /^array of 1 document$/],
    [
      'Nostr event',
      {
        id: 'a'.repeat(64),
        pubkey: 'b'.repeat(64),
        created_at: 1790000000,
        kind: 1,
        tags: [],
        content: '{}',
        sig: 'c'.repeat(128),
      },
      'nostr-event',
      /NIP-01/,
    ],
    ['unknown object', { hello: 'world' }, 'unknown', /a JSON object of no AER-1 kind/],
    [
      'object with output_hash and too few receipt members',
      { output_hash: MINIMAL.output_hash, id: MINIMAL.id, tool: MINIMAL.tool },
      'unknown',
      /no AER-1 kind/,
    ],
    ['unknown (empty) array', [], 'unknown', /an empty JSON array/],
    ['unknown scalar (number)', 42, 'unknown', /a JSON number, not an object or array/],
    ['unknown scalar (string)', 'receipt', 'unknown', /a JSON string/],
    ['unknown scalar (null)', null, 'unknown', /a JSON null/],
    ['unknown scalar (boolean)', true, 'unknown', /a JSON boolean/],
  ])('%s', (_name, value, kind, reason) => {
    const detected = detectText(JSON.stringify(value, null, 2));
    expect(detected.kind).toBe(kind);
    expect(detected.reason).toMatch(reason);
    expect(detected.parseError).toBeUndefined();
    expect(detected.jsonLines).toBe(false);
    expect(detected.root).toBeDefined();
  });

  it('classifyValue works on a parsed value directly', () => {
    expect(classifyValue(parseJson(JSON.stringify(MINIMAL)).root).kind).toBe('receipt');
  });
});

describe('detectDocument: JSON Lines', () => {
  it('two or more lines that each parse alone form a batch with pointers /i', () => {
    const text = `${JSON.stringify(MINIMAL)}\r\n\n${JSON.stringify(MINIMAL).replace('{', '{"id":"x",')}\n`;
    const detected = detectText(text);
    expect(detected.kind).toBe('batch');
    expect(detected.jsonLines).toBe(true);
    expect(detected.reason).toMatch(/^JSON Lines \(2 records\)/);
    const root = detected.root;
    if (root?.type !== 'array') throw new Error('synthetic array expected');
    expect(root.items).toHaveLength(2);
    const second = root.items[1];
    if (second?.type !== 'object') throw new Error('object expected');
    expect(pointerOf(second)).toBe('/1');
    expect(pointerOf(second.byName.get('tool') ?? second)).toBe('/1/tool');
    // Positions stay those of the whole text.
    expect(detected.source.positionAt(second.start)).toEqual({ line: 3, column: 1 });
    // Duplicates inside a line keep their place.
    expect(detected.duplicates.map((d) => joinPointer(pointerOf(d.object), d.name))).toEqual([
      '/1/id',
    ]);
  });

  it('JSON Lines of timeline entries is a timeline', () => {
    const detected = detectText(
      `${JSON.stringify(ENTRY)}\n${JSON.stringify({ ...ENTRY, seq: 2 })}`,
    );
    expect(detected.kind).toBe('timeline');
    expect(detected.jsonLines).toBe(true);
  });

  it('a broken line of a batch is a record of its own, never read as a tree', () => {
    const detected = detectText(`${JSON.stringify(MINIMAL)}\n{"b":\n${JSON.stringify(MINIMAL)}\n`);
    expect(detected.kind).toBe('batch');
    expect(detected.records?.count).toBe(3);
    expect(detected.records?.brokenText(1)).toBe('{"b":');
    expect(detected.records?.brokenText(0)).toBeUndefined();
    // Its items (and duplicates) are those of the records that parse.
    expect(detected.root?.type === 'array' && detected.root.items.length).toBe(2);
  });

  it('a broken line of what may be a job timeline is reported at its own place', () => {
    const entry = '{"prev_digest":"' + '0'.repeat(64) + '"}';
    const detected = detectText(`${entry}\n{"b":\n${entry}\n`);
    expect(detected.kind).toBe('unknown');
    expect(detected.reason).toBe('not valid JSON Lines');
    expect(detected.parseError).toMatchObject({
      message: 'Unexpected end of input: expected a JSON value at line 2, column 6',
      line: 2,
      column: 6,
    });
  });

  it('pretty-printed JSON with an error is not taken for JSON Lines', () => {
    const detected = detectText('{\n  "a": 1,\n}\n');
    expect(detected.reason).toBe('not valid JSON');
    expect(detected.parseError).toMatchObject({ line: 3, column: 1 });
  });

  it('one line with trailing garbage is plain invalid JSON', () => {
    const detected = detectText('{"a": 1} x');
    expect(detected.kind).toBe('unknown');
    expect(detected.parseError).toEqual({
      message:
        "Unexpected character 'x' after the JSON value: expected end of input at line 1, column 10",
      line: 1,
      column: 10,
      offset: 9,
    });
  });
});

describe('detectDocument: bytes and text that are not JSON', () => {
  it('OpenTimestamps proofs by their magic bytes', () => {
    const bytes = new Uint8Array([...OTS_MAGIC, 0x01, 0x08, ...new Uint8Array(32)]);
    const detected = detectDocument({ name: 'proof.ots', bytes });
    expect(detected.kind).toBe('ots-proof');
    expect(detected.bytes).toBe(bytes);
    // The magic cut short is not a proof (its bytes are ASCII text that is not JSON).
    expect(detectDocument({ name: 'x', bytes: OTS_MAGIC.subarray(0, 20) }).kind).toBe('unknown');
  });

  it('an OpenTimestamps magic is recognised whatever the file is called', () => {
    const bytes = new Uint8Array([...OTS_MAGIC, 0x01]);
    expect(detectDocument({ name: 'receipt.json', bytes }).kind).toBe('ots-proof');
  });

  it.each([
    ['bare', HEADER],
    ['0x-prefixed', `0x${HEADER}`],
    ['uppercase with a trailing newline', `${HEADER.toUpperCase()}\n`],
    ['surrounded by spaces', `  ${HEADER}  `],
  ])('an 80-byte block header in hex (%s)', (_name, text) => {
    expect(HEADER).toHaveLength(160);
    const detected = detectText(text);
    expect(detected.kind).toBe('block-header');
    expect(detected.reason).toMatch(/80-byte block header/);
  });

  it('79 or 81 bytes of hex are not a block header', () => {
    expect(detectText(HEADER.slice(2)).kind).toBe('unknown');
    expect(detectText(`${HEADER}00`).kind).toBe('unknown');
  });

  it.each([
    ['empty text', { text: '' }],
    ['whitespace only', { text: ' \n\t ' }],
    ['empty bytes', { bytes: new Uint8Array() }],
  ])('empty input (%s) is unknown with a parse error', (_name, input) => {
    const detected = detectDocument({ name: 'x', ...input });
    expect(detected.kind).toBe('unknown');
    expect(detected.reason).toBe('the input is empty');
    expect(detected.parseError).toMatchObject({ line: 1, column: 1, offset: 0 });
  });

  it('non-UTF-8 bytes are unknown and say where', () => {
    const detected = detectDocument({ name: 'x', bytes: new Uint8Array([0x7b, 0x7d, 0xff]) });
    expect(detected.kind).toBe('unknown');
    expect(detected.reason).toBe(
      'not UTF-8 text (invalid byte 0xff at line 1, column 3, byte offset 2) and not an OpenTimestamps proof',
    );
    expect(detected.parseError).toBeUndefined();
  });

  it('an invalid byte is placed by line and column: of the file, for a JSON Lines record', () => {
    // "é" before it is two bytes but one column, as an editor counts.
    const bytes = new Uint8Array([...Buffer.from('{}\n["\u00e9'), 0xc0, 0x22, 0x5d]);
    expect(detectDocument({ name: 'x', bytes }).reason).toContain(
      '(invalid byte 0xc0 at line 2, column 4, byte offset 7)',
    );
    const record = detectDocument({ name: 'x line record 7', bytes, line: 9, midFile: true });
    expect(record.reason).toContain('(invalid byte 0xc0 at line 10, column 4)');
  });

  it('UTF-8 bytes with a BOM are decoded and parsed', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(JSON.stringify(MINIMAL)),
    ]);
    const detected = detectDocument({ name: 'x', bytes });
    expect(detected.kind).toBe('receipt');
    expect(detected.root?.start).toBe(1);
  });

  it('syntax errors keep line and column', () => {
    const detected = detectText('{\n  "id": 01\n}');
    expect(detected.kind).toBe('unknown');
    expect(detected.parseError).toMatchObject({
      message: 'Invalid number: leading zeros are not allowed at line 2, column 9',
      line: 2,
      column: 9,
      offset: 10,
    });
  });
});

describe('unrecognised documents get a clear message, not a crash', () => {
  it('lists the accepted kinds', async () => {
    const report = await verify({ name: 'x', text: '{"hello": "world"}' });
    expect(report.kind).toBe('unknown');
    expect(report.verdict).toBe('failed');
    const [check] = report.checks.filter((c) => c.status === 'fail');
    expect(check?.message).toBe('unrecognised document: a JSON object of no AER-1 kind');
    expect(check?.detail).toBe(ACCEPTED_KINDS_MESSAGE);
    for (const word of [
      'receipt',
      'envelope.receipt',
      'workflow',
      'timeline',
      'batch',
      'JSON Lines',
      'Nostr',
      'OpenTimestamps',
      'block header',
    ]) {
      expect(ACCEPTED_KINDS_MESSAGE).toContain(word);
    }
  });

  it('reports a syntax error as a failed check with its position', async () => {
    const report = await verify({ name: 'x', text: '[1,]' });
    expect(report.verdict).toBe('failed');
    expect(report.parseError).toMatchObject({ line: 1, column: 4 });
    expect(report.checks[0]).toMatchObject({
      rule: 'json.syntax',
      status: 'fail',
      path: '',
      range: { start: 3, line: 1, column: 4 },
    });
  });

  it('a batch of non-documents does not verify', async () => {
    const report = await verify({ name: 'x', text: '[1, "two"]' });
    expect(report.verdict).toBe('failed');
  });
});

describe('fileInput', () => {
  it.each([
    ['ASCII JSON', Buffer.from('{"a": 1}\n')],
    [
      'a BOM, CRLF, non-ASCII and an astral character',
      Buffer.from('\ufeff["caf\u00e9",\r\n"\u{1f600}"]'),
    ],
    ['empty', Buffer.alloc(0)],
  ])('hands valid UTF-8 over as text whose bytes are the file’s: %s', (_, file) => {
    const input = fileInput('f', new Uint8Array(file));
    expect(input.bytes).toBeUndefined();
    expect(input.text).toBe(file.toString('utf8'));
    expect(Buffer.from(detectDocument(input).bytes).equals(file)).toBe(true);
  });

  it.each([
    ['a byte that is never UTF-8', [0x7b, 0xff, 0x7d]],
    ['a lone surrogate spelt in UTF-8', [0x22, 0xed, 0xa0, 0x80, 0x22]],
    ['an overlong form', [0xc0, 0xaf]],
    ['a truncated sequence', [0x61, 0xe2, 0x82]],
  ])('keeps anything else as its bytes: %s', (_, bytes) => {
    const input = fileInput('f', Uint8Array.from(bytes));
    expect(input.text).toBeUndefined();
    expect([...input.bytes!]).toEqual(bytes);
  });
});
