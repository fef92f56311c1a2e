/**
 * The batch syntax pass (batch-syntax.ts) lets JSON.parse judge first: it must accept a record
 * exactly when the JSON reader does, say the same where it does not, and find the items of an
 * array where the reader puts them. Checked against the reader on every string of the reader's
 * own tests (json/parse.test.ts), variations of them, and seeded random mutations.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { prng } from '../../test/support/prng';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import { arrayBatchItems, checkRecord } from './batch-syntax';
import { classifyValue } from './detect';
import { DEFAULT_MAX_DEPTH, JsonSyntaxError, parseJson, parseJsonSlice } from './json/parse';
import { SourceText } from './json/position';
import { timelineItemOf } from './kinds/timeline';

/** Every string literal (and template without substitutions) of the reader's test file. */
function readerTestStrings(): string[] {
  const path = new URL('./json/parse.test.ts', import.meta.url);
  const file = ts.createSourceFile(
    'parse.test.ts',
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found];
}

const nested = (n: number): string => '['.repeat(n) + ']'.repeat(n);

function variants(text: string): string[] {
  return [text, `\ufeff${text}`, ` ${text}\r`, `[${text}]`, `[1, ${text}]`, `{"a": ${text}}`];
}

const receipt = JSON.stringify(MINIMAL_RECEIPT);
const SEEDS = [
  receipt,
  `[${receipt}, {"prev_digest": "0"}, "a\\"[", {"b": "]\\\\"}, [1, [2]], -1.5e3, null]`,
  '{"a": "\\u00e9\\ud800", "a": [true, false], "prev_digest": {}}',
  nested(DEFAULT_MAX_DEPTH - 1),
  nested(DEFAULT_MAX_DEPTH),
  nested(DEFAULT_MAX_DEPTH + 1),
  `[${nested(DEFAULT_MAX_DEPTH - 1)}]`,
  `[${nested(DEFAULT_MAX_DEPTH)}]`,
  `{"s": "${'{['.repeat(DEFAULT_MAX_DEPTH)}"}`,
];

/** What the reader makes of `text[start, end)`: the item's timeline class or its error. */
function byReader(source: SourceText, start: number, end: number): string {
  try {
    return timelineItemOf(parseJsonSlice(source, start, end).root);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return `${error.constructor.name} ${error.offset} ${error.message}`;
  }
}

function byCheck(source: SourceText, start: number, end: number): string {
  try {
    return checkRecord(source, start, end);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return `${error.constructor.name} ${error.offset} ${error.message}`;
  }
}

/** How many inputs each judgement was made on (so neither side goes untested). */
const seen = { read: 0, rejected: 0, arrays: 0 };

/** The same judgement as the reader, at the start of a text and after a first line. */
function expectRecordAgrees(text: string): void {
  const alone = new SourceText(text);
  const judged = byCheck(alone, 0, text.length);
  expect(judged, text).toBe(byReader(alone, 0, text.length));
  if (judged.includes('Error')) seen.rejected++;
  else seen.read++;
  const later = new SourceText(`1\n${text}`);
  expect(byCheck(later, 2, later.text.length), text).toBe(byReader(later, 2, later.text.length));
}

/** Items found where the reader puts them; none found only where it must read the whole. */
function expectArrayAgrees(text: string): void {
  const items = arrayBatchItems(text);
  let root;
  try {
    root = parseJson(text).root;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    expect(items, text).toBeUndefined();
    return;
  }
  const isBatch = root.type === 'array' && classifyValue(root).kind === 'batch';
  if (!isBatch || root.type !== 'array') {
    expect(items, text).toBeUndefined();
    return;
  }
  seen.arrays++;
  expect(items, text).toEqual({
    start: root.start,
    end: root.end,
    spans: root.items.flatMap((item) => [item.start, item.end]),
  });
}

describe('the batch syntax pass judges as the JSON reader does', () => {
  const inputs = [...readerTestStrings(), ...SEEDS].flatMap(variants);

  it('found the reader tests', () => {
    expect(readerTestStrings().length).toBeGreaterThan(100);
  });

  it('on every string of the reader tests, and variations of them', () => {
    for (const text of inputs) {
      expectRecordAgrees(text);
      expectArrayAgrees(text);
    }
  });

  it('on seeded random mutations', () => {
    const random = prng(20261201);
    const alphabet = ['{', '}', '[', ']', '"', '\\', ',', ':', ' ', '\n', '1', 'e', '-', '\ufeff'];
    for (let n = 0; n < 4000; n++) {
      let text = SEEDS[n % 3]!;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (text.length + 1));
        const r = random();
        const char = alphabet[Math.floor(random() * alphabet.length)]!;
        if (r < 0.4) text = text.slice(0, at) + text.slice(at + 1);
        else if (r < 0.8) text = text.slice(0, at) + char + text.slice(at);
        else text = text.slice(0, at) + char + text.slice(at + 1);
      }
      expectRecordAgrees(text);
      expectArrayAgrees(text);
    }
    expect(seen.read).toBeGreaterThan(500);
    expect(seen.rejected).toBeGreaterThan(500);
    expect(seen.arrays).toBeGreaterThan(100);
  });
});
