/**
 * The one JSON Lines splitter (json-lines-split.ts) cuts a text and its UTF-8 bytes into the
 * same lines, so a text verified whole (detect.ts) and a file streamed record by record
 * (json-lines.ts) find the same records in the same places.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../test/support/prng';
import { splitByteLines, splitTextLines } from './json-lines-split';

const encoder = new TextEncoder();

/** Each line as [its text, too long, blank], taking offsets in the units of the input. */
function linesOf(input: string | Uint8Array): [string, boolean, boolean][] {
  const text = (start: number, end: number): string =>
    typeof input === 'string'
      ? input.slice(start, end)
      : new TextDecoder('utf-8', { ignoreBOM: true }).decode(input.subarray(start, end));
  const lines: [string, boolean, boolean][] = [];
  // (One object is handed over for every line: read before the next.)
  for (const line of typeof input === 'string' ? splitTextLines(input) : splitByteLines(input))
    lines.push([text(line.start, line.end), line.tooLong, line.blank]);
  return lines;
}

describe('the JSON Lines splitter', () => {
  it('ends a line at LF, keeps a CR, and calls blank what trim() leaves nothing of', () => {
    const input = '{"a":1}\r\n\n  \t\n\u00a0\n\ufeff{"b":2}\n \u00a0x\n{"c":3}';
    expect(linesOf(input)).toEqual([
      ['{"a":1}\r', false, false],
      ['', false, true],
      ['  \t', false, true],
      ['\u00a0', false, true],
      ['\ufeff{"b":2}', false, false],
      [' \u00a0x', false, false],
      ['{"c":3}', false, false],
    ]);
  });

  it('cuts a text and its UTF-8 bytes into the same lines', () => {
    const random = prng(27);
    const pieces = [
      '{"a":1}',
      ' ',
      '\t',
      '\r',
      '\n',
      '\n',
      '\u00a0',
      '\ufeff',
      'é',
      '😀',
      '[]',
      'x',
    ];
    for (let n = 0; n < 500; n++) {
      let text = '';
      const length = Math.floor(random() * 12);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(linesOf(encoder.encode(text)), JSON.stringify(text)).toEqual(linesOf(text));
    }
  });
});
