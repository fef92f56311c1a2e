/**
 * Positions against the plainest reading of a text (split at line feeds): whatever the order
 * the offsets are asked in, however many lines lie between them, and whether the line starts
 * were counted here or handed over by a scan of the whole text.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../test/support/prng';
import { SourceText, LINE_STEP } from './position';
import { parseJson } from './parse';

function expectedPosition(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

function textOf(random: () => number, lines: number): string {
  return Array.from({ length: lines }, () => ' '.repeat(Math.floor(random() * 5))).join('\n');
}

describe('SourceText positions', () => {
  it('match the line feeds before each offset, asked in any order', () => {
    const random = prng(5);
    for (const lines of [1, 3, LINE_STEP - 1, LINE_STEP, 3 * LINE_STEP + 7]) {
      const text = textOf(random, lines);
      const source = new SourceText(text);
      const offsets = Array.from({ length: 200 }, () => Math.floor(random() * (text.length + 1)));
      offsets.push(0, text.length, text.length, 0);
      for (const offset of offsets)
        expect(source.positionAt(offset), `offset ${offset}`).toEqual(
          expectedPosition(text, offset),
        );
    }
  });

  it('count from the first line given (a JSON Lines record verified alone)', () => {
    expect(new SourceText('{\n"a":1}', 41).positionAt(3)).toEqual({ line: 42, column: 2 });
  });

  it('are the same when a scan of the whole text handed its line starts over', () => {
    const random = prng(6);
    const items = Array.from({ length: 3 * LINE_STEP + 5 }, (_, i) => `${' '.repeat(i % 4)}${i}`);
    const text = `[\n${items.join(',\n')}\n]`;
    const { source } = parseJson(text);
    for (let k = 0; k < 300; k++) {
      const offset = Math.floor(random() * (text.length + 1));
      expect(source.positionAt(offset), `offset ${offset}`).toEqual(expectedPosition(text, offset));
    }
  });
});
