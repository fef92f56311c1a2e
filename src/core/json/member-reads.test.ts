/**
 * An object's member nodes, made when first asked for (ObjectNode in parse.ts), and
 * scalarMember()/numberLexeme()/hasMember(), which read its members from the text without
 * making nodes, must say exactly what the text says. The oracle is independent of the reader:
 * JSON.parse of each node's own source slice.
 */
import { describe, expect, it } from 'vitest';
import {
  hasMember,
  member,
  pointerOf,
  SCAN_MEMBERS,
  toPlain,
  type JsonObject,
  type JsonValue,
} from './ast';
import { COMPOUND, numberLexeme, parseJson, scalarMember, stringMemberSpan } from './parse';

/** Every node of the tree, each checked against its source slice; returns how many. */
function checkAgainstText(text: string, node: JsonValue): number {
  expect(JSON.parse(text.slice(node.start, node.end))).toEqual(toPlain(node));
  if (node.type === 'number') expect(node.raw).toBe(text.slice(node.start, node.end));
  let count = 1;
  if (node.type === 'object') {
    for (const value of node.memberValues) {
      expect(value.parent).toBe(node);
      // The name's literal starts at nameStart and reads as the member's key.
      const name = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(value.nameStart))?.[0];
      expect(name && JSON.parse(name)).toBe(value.key);
      expect(member(node, value.key as string)).toBeDefined();
      count += checkAgainstText(text, value);
    }
  } else if (node.type === 'array') {
    node.items.forEach((item, index) => {
      expect(item.parent).toBe(node);
      expect(item.key).toBe(index);
      expect(item.nameStart).toBe(-1);
      count += checkAgainstText(text, item);
    });
  }
  return count;
}

const rootObject = (text: string) => {
  const root = parseJson(text).root;
  if (root.type !== 'object') throw new Error('expected an object');
  return root;
};

describe('members read from the text', () => {
  it('make the member nodes the text holds, with offsets, lexemes and parents', () => {
    const text =
      '[{"seq": 1, "id": "a\\u00e9\\"b", "ok": true, "no": false, "nil": null, "n": -0, "x": 1.50e+2},' +
      ' {"seq": 2, "id": "a\\u00e9\\"b", "ok": true, "no": false, "nil": null, "n": -0, "x": 1.50e+2},' +
      ' {"seq":3,"id":"ab","ok":1,"other":"y"}, {"nested": {"k": "v"}, "s": "t", "m": [1, "2"]}]';
    const root = parseJson(text).root;
    expect(checkAgainstText(text, root)).toBe(29);
  });

  it('keep the nodes they make: the same node each time, as member(), members and byName give it', () => {
    const step = rootObject('{"seq": 1, "receipt_id": "r", "status": "ok"}');
    const values = step.memberValues;
    expect(step.memberValues).toBe(values);
    expect(member(step, 'receipt_id')).toBe(values[1]);
    expect(step.byName.get('status')).toBe(values[2]);
    expect(step.members.map((m) => m.value)).toEqual(values);
    expect(pointerOf(values[1]!)).toBe('/receipt_id');
  });

  it('read through scalarMember without making nodes, the last of duplicate names winning', () => {
    const step = rootObject(
      '{"s": "text", "n": 12, "f": 0.5, "t": true, "z": null, "d": "first", "d": "last"}',
    );
    expect(scalarMember(step, 's')).toBe('text');
    expect(scalarMember(step, 'n')).toBe(12);
    expect(scalarMember(step, 'f')).toBe(0.5);
    expect(scalarMember(step, 't')).toBe(true);
    expect(scalarMember(step, 'z')).toBeNull();
    expect(scalarMember(step, 'd')).toBe('last');
    expect(scalarMember(step, 'missing')).toBeUndefined();
    expect(hasMember(step, 'z')).toBe(true);
    expect(hasMember(step, 'missing')).toBe(false);
    // The same answers once the nodes exist.
    expect(step.memberValues).toHaveLength(7);
    expect(scalarMember(step, 'd')).toBe('last');
    expect(scalarMember(step, 'z')).toBeNull();
    expect(scalarMember(step, 'missing')).toBeUndefined();
    expect(hasMember(step, 'z')).toBe(true);
    expect(hasMember(step, 'missing')).toBe(false);
  });

  it('give COMPOUND for an object or array member', () => {
    const mixed = rootObject('{"o": {}, "a": [], "s": "x", "n": 1.0}');
    expect(scalarMember(mixed, 'o')).toBe(COMPOUND);
    expect(hasMember(mixed, 'a')).toBe(true);
    expect(hasMember(mixed, 'b')).toBe(false);
    expect(scalarMember(mixed, 'a')).toBe(COMPOUND);
    expect(scalarMember(mixed, 's')).toBe('x');
    expect(numberLexeme(mixed, 'n')).toBe('1.0');
    expect(numberLexeme(mixed, 's')).toBeUndefined();
  });

  it('give number lexemes as written and values as JSON.parse reads them', () => {
    const lexemes = [
      '0',
      '-0',
      '7',
      '1.0',
      '1e0',
      '-12.5E-3',
      '999999999999999',
      '9999999999999999',
      '-9007199254740993',
      '12345678901234567890',
      '1e400',
      '0.1',
    ];
    const text = '{' + lexemes.map((lexeme, i) => `"n${i}": ${lexeme}`).join(', ') + '}';
    expect(lexemes.length).toBeLessThanOrEqual(SCAN_MEMBERS);
    const object = rootObject(text);
    lexemes.forEach((lexeme, i) => {
      expect(numberLexeme(object, `n${i}`)).toBe(lexeme);
      expect(Object.is(scalarMember(object, `n${i}`), JSON.parse(lexeme))).toBe(true);
    });
    checkAgainstText(text, object);
  });

  it('read names and values written alike and otherwise, escapes included', () => {
    const text =
      '[{"a": "ab", "b": "x\\"y", "c": 1}, {"a": "abc", "b": "x\\"y", "c": 1}, {"a": "ab", "bb": "x", "c": "1"}, {"a\\u0062": "ab"}]';
    const root = parseJson(text).root;
    checkAgainstText(text, root);
    expect(toPlain(root)).toEqual(JSON.parse(text));
  });

  it('stay right in objects of more members than a scan of them reads', () => {
    const wide =
      '{' + Array.from({ length: SCAN_MEMBERS + 3 }, (_, i) => `"k${i}": ${i}`).join(', ') + '}';
    const object = rootObject(wide);
    expect(scalarMember(object, `k${SCAN_MEMBERS + 2}`)).toBe(SCAN_MEMBERS + 2);
    checkAgainstText(wide, object);
  });

  it('read right after later parses (the scan shares its working arrays)', () => {
    // 30,000 objects of 3 members.
    const items = Array.from(
      { length: 30_000 },
      (_, i) => `{"i": ${i}, "s": "v${i % 7}", "b": ${i % 2 === 0}}`,
    );
    const text = `[${items.join(',\n')}]`;
    const first = parseJson(text).root;
    // Other documents parsed before the first one's nodes are made.
    for (let i = 0; i < 5; i++) parseJson(text);
    parseJson('{"x": 1, "y": 2}');
    if (first.type !== 'array') throw new Error('expected an array');
    for (const index of [0, 1, 8191, 8192, 9000, 17_000, 29_999]) {
      const item = first.items[index]!;
      expect(checkAgainstText(text, item)).toBe(4);
      expect(toPlain(item)).toEqual({ i: index, s: `v${index % 7}`, b: index % 2 === 0 });
    }
  });
});

describe('stringMemberSpan', () => {
  it('gives where a string member is spelled, the last of duplicates, in the whole text', () => {
    const text = '{"a": 1, "t": "first", "t": "2026-09-29T10:57:40Z", "o": {}}';
    const root = parseJson(text).root as JsonObject;
    const span = stringMemberSpan(root, 't');
    expect(span && span.text.slice(span.start, span.end)).toBe('2026-09-29T10:57:40Z');
    expect(stringMemberSpan(root, 'a')).toBeUndefined();
    expect(stringMemberSpan(root, 'o')).toBeUndefined();
    expect(stringMemberSpan(root, 'missing')).toBeUndefined();
  });

  it('gives nothing when the text has escapes (the literal does not spell the value)', () => {
    const root = parseJson('{"t": "a", "u": "\\u0062"}').root as JsonObject;
    expect(stringMemberSpan(root, 't')).toBeUndefined();
    expect(scalarMember(root, 't')).toBe('a');
  });
});
