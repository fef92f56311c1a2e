/**
 * An array's item nodes, made when `items` is first read or one at a time (ArrayNode in
 * parse.ts), and scalarItem()/arrayLength(), which read items from the text without making
 * nodes, must say exactly what the text says. The oracle is JSON.parse.
 */
import { describe, expect, it } from 'vitest';
import { pointerOf, toPlain, type JsonValue } from './ast';
import { arrayItem, arrayLength, COMPOUND, parseJson, scalarItem } from './parse';

const ITEMS = [
  '0',
  '-1.50e+2',
  '"a\\u00e9\\"b"',
  '"plain"',
  'true',
  'false',
  'null',
  '12345678901234567890',
];

function arrayOf(items: string[], spaced = false): string {
  return `{"steps": [${items.join(spaced ? ' ,\n  ' : ',')}]}`;
}

function stepsOf(text: string) {
  const root = parseJson(text).root;
  if (root.type !== 'object') throw new Error('expected an object');
  const steps = root.memberValues[0];
  if (steps?.type !== 'array') throw new Error('expected an array');
  return steps;
}

function checkItem(text: string, item: JsonValue | undefined, index: number): void {
  expect(item).toBeDefined();
  if (!item) return;
  expect(JSON.parse(text.slice(item.start, item.end))).toEqual(toPlain(item));
  if (item.type === 'number') expect(item.raw).toBe(text.slice(item.start, item.end));
  expect(item.key).toBe(index);
  expect(item.nameStart).toBe(-1);
  expect(pointerOf(item)).toBe(`/steps/${index}`);
}

describe('items read from the text', () => {
  for (const spaced of [false, true]) {
    it(`read item by item and whole as the text says${spaced ? ' (with whitespace)' : ''}`, () => {
      const items = Array.from({ length: 300 }, (_, i) => ITEMS[i % ITEMS.length]!);
      const text = arrayOf(items, spaced);
      const steps = stepsOf(text);
      const plain = (JSON.parse(text) as { steps: unknown[] }).steps;
      expect(arrayLength(steps)).toBe(300);
      for (let i = 0; i < 300; i++) {
        expect(scalarItem(steps, i)).toEqual(plain[i]);
        const one = arrayItem(steps, i);
        checkItem(text, one, i);
        expect(one?.parent).toBe(steps);
      }
      // All at once: the same values, kept (the same nodes each time).
      const made = steps.items;
      expect(steps.items).toBe(made);
      made.forEach((item, i) => checkItem(text, item, i));
      expect(toPlain(steps)).toEqual(plain);
      expect(arrayItem(steps, 7)).toBe(made[7]);
      expect(scalarItem(steps, 300)).toBeUndefined();
    });
  }

  it('read alike whatever the array holds: short, long, scalars, objects and arrays', () => {
    for (const items of [
      Array(64).fill('1'),
      [...Array(200).fill('1'), '{"a":1}', ...Array(5).fill('"x"')],
      ['[]', ...Array(200).fill('2')],
    ]) {
      const text = arrayOf(items);
      const steps = stepsOf(text);
      expect(arrayLength(steps)).toBe(items.length);
      steps.items.forEach((item, i) => {
        checkItem(text, item, i);
        expect(item.parent).toBe(steps);
        expect(scalarItem(steps, i)).toEqual(
          item.type === 'object' || item.type === 'array' ? COMPOUND : toPlain(item),
        );
      });
    }
  });

  it('read right after later parses', () => {
    const first = arrayOf(Array.from({ length: 5000 }, (_, i) => String(i)));
    const steps = stepsOf(first);
    for (let k = 0; k < 20; k++) stepsOf(arrayOf(Array(3000).fill('"later"')));
    checkItem(first, arrayItem(steps, 4321), 4321);
    expect(arrayItem(steps, 4321)).toMatchObject({ type: 'number', raw: '4321' });
  });
});
