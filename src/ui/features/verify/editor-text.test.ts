import { describe, expect, it } from 'vitest';
import { EDITOR_MAX_CHARS, EDITOR_MAX_LINE_CHARS, EDITOR_MAX_LINES } from '../../../core';
import { brokenEditorBound, editorText, fitsEditor, oversizedPaste } from './editor-text';

const lines = (n: number) => '1\n'.repeat(n - 1) + '1';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('what may sit in the editor', () => {
  it('keeps small text, as text or as UTF-8 bytes', () => {
    expect(editorText({ name: 'a', text: '{"a":1}' })).toBe('{"a":1}');
    expect(editorText({ name: 'a', bytes: bytes('{"a":"é"}') })).toBe('{"a":"é"}');
  });

  it('keeps out text over a megabyte', () => {
    // Lines of a kilobyte: the text breaks the size bound alone.
    const big = ('x'.repeat(1023) + '\n').repeat(EDITOR_MAX_CHARS / 1024) + 'x';
    expect(big.length).toBe(EDITOR_MAX_CHARS + 1);
    expect(editorText({ name: 'a', text: big })).toBeUndefined();
    expect(editorText({ name: 'a', bytes: bytes(big) })).toBeUndefined();
    expect(editorText({ name: 'a', text: big.slice(1) })).toBe(big.slice(1));
  });

  it('keeps out text with more than 20,000 lines even when it is small', () => {
    // 100,000 lines in 200 kB: far under the size bound, far over the line bound.
    const many = lines(100_000);
    expect(many.length).toBeLessThan(EDITOR_MAX_CHARS);
    expect(editorText({ name: 'a', text: many })).toBeUndefined();
    expect(editorText({ name: 'a', bytes: bytes(many) })).toBeUndefined();
    expect(fitsEditor(lines(EDITOR_MAX_LINES))).toBe(true);
    expect(fitsEditor(lines(EDITOR_MAX_LINES + 1))).toBe(false);
    expect(editorText({ name: 'a', bytes: bytes(lines(EDITOR_MAX_LINES)) })).toBe(
      lines(EDITOR_MAX_LINES),
    );
  });

  it('keeps out text with a line longer than the bound, wherever the line is', () => {
    const long = 'x'.repeat(EDITOR_MAX_LINE_CHARS + 1);
    const edge = 'x'.repeat(EDITOR_MAX_LINE_CHARS);
    expect(fitsEditor(edge)).toBe(true);
    expect(fitsEditor(`${edge}\n${edge}\r\n${edge}`)).toBe(false); // the \r is the line's
    expect(fitsEditor(`${edge}\n${edge}\n${edge}`)).toBe(true);
    for (const text of [long, `{\n${long}`, `{\n${long}\n}`, `${long}\n}`]) {
      expect(brokenEditorBound(text)).toBe('line');
      expect(editorText({ name: 'a', text })).toBeUndefined();
      expect(editorText({ name: 'a', bytes: bytes(text) })).toBeUndefined();
    }
    expect(editorText({ name: 'a', bytes: bytes(`{\n${edge}\n}`) })).toBe(`{\n${edge}\n}`);
  });

  it('names the first bound a text breaks', () => {
    expect(brokenEditorBound('{}')).toBeUndefined();
    expect(brokenEditorBound('x'.repeat(EDITOR_MAX_CHARS + 1))).toBe('length');
    expect(brokenEditorBound(lines(EDITOR_MAX_LINES + 1))).toBe('lines');
  });

  it('measures UTF-8 bytes as the text they decode to: a file and its text pasted agree', () => {
    // 600,000 Cyrillic letters: 1.2 MB of UTF-8, within the bound as text.
    const text = ('я'.repeat(99) + '\n').repeat(6_000);
    expect(bytes(text).length).toBeGreaterThan(EDITOR_MAX_CHARS);
    expect(editorText({ name: 'a', text })).toBe(text);
    expect(editorText({ name: 'a', bytes: bytes(text) })).toBe(text);
    // Past three bytes a character of the bound, the bytes are not decoded to find out.
    expect(
      editorText({ name: 'a', bytes: new Uint8Array(3 * EDITOR_MAX_CHARS + 1).fill(10) }),
    ).toBeUndefined();
  });

  it('keeps out bytes that are not UTF-8', () => {
    expect(editorText({ name: 'a', bytes: new Uint8Array([0xff, 0xfe]) })).toBeUndefined();
  });
});

describe('a paste into the editor', () => {
  it('goes in as usual when the result fits', () => {
    expect(oversizedPaste('{"a":}', 5, 5, '1')).toBeUndefined();
    expect(oversizedPaste('', 0, 0, lines(1000))).toBeUndefined();
  });

  it('is taken whole, with what the editor kept around the selection, when it is too big', () => {
    const pasted = lines(1_000_000);
    expect(oversizedPaste('[', 1, 1, pasted)).toBe('[' + pasted);
    expect(oversizedPaste('ab---cd', 2, 5, 'x'.repeat(EDITOR_MAX_CHARS))).toBe(
      'ab' + 'x'.repeat(EDITOR_MAX_CHARS) + 'cd',
    );
  });

  it('is too big when it makes a line longer than the bound, itself or joined to a line', () => {
    const half = 'x'.repeat(EDITOR_MAX_LINE_CHARS / 2 + 1);
    expect(oversizedPaste('', 0, 0, half + half)).toBe(half + half);
    expect(oversizedPaste(`{\n${half}\n}`, 2, 2, half)).toBe(`{\n${half}${half}\n}`);
    // Pasted on a line of its own, it goes in as usual.
    expect(oversizedPaste(`{\n${half}\n}`, 2, 2, `${half}\n`)).toBeUndefined();
    // Replacing the line break between two lines joins them.
    const joined = `{\n${half}\n${half}\n}`;
    const at = 2 + half.length;
    expect(oversizedPaste(joined, at, at + 1, '')).toBe(`{\n${half}${half}\n}`);
    expect(oversizedPaste(joined, at, at + 1, ' ')).toBe(`{\n${half} ${half}\n}`);
  });

  it('is too big when it pushes the editor over the line bound', () => {
    const half = lines(EDITOR_MAX_LINES / 2 + 10);
    expect(oversizedPaste(half, half.length, half.length, '\n' + half)).toBe(half + '\n' + half);
    // Replacing the whole selection can bring it back under.
    expect(oversizedPaste(half, 0, half.length, half)).toBeUndefined();
  });
});
