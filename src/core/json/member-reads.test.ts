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
  type JsonArray,
  type JsonObject,
  type JsonValue,
} from './ast';
import { arrayItem, COMPOUND, NamedMembers, numberLexeme, parseJson, scalarMember } from './parse';

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
    // 30,000 objects of 3 members: a tape that outgrows the scan's scratch tape.
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

  it('read right after later parses, when its tape fitted the scratch tape (copied out)', () => {
    // 241 objects and arrays.
    const items = Array.from({ length: 80 }, (_, i) => `{"i": ${i}, "a": [${i}, {"k": ${i}}]}`);
    const text = `[${items.join(',')}]`;
    const first = parseJson(text).root;
    parseJson(`[${items.slice(0, 40).reverse().join(',')}]`);
    parseJson('{"x": [1], "y": {"z": 2}}');
    if (first.type !== 'array') throw new Error('expected an array');
    for (const index of [0, 1, 40, 79]) {
      const item = first.items[index]!;
      expect(checkAgainstText(text, item)).toBe(6);
      expect(toPlain(item)).toEqual({ i: index, a: [index, { k: index }] });
    }
  });
});

describe('NamedMembers', () => {
  const NAMES = ['seq', 'id', 'tool', 'time', 'o', 'missing'];

  /** What the reader says of each name, beside what member() says of the same object. */
  function readings(object: JsonObject) {
    const members = new NamedMembers(NAMES).read(object);
    return NAMES.map((name, k) => {
      const node = member(object, name);
      expect(members.has(k)).toBe(node !== undefined);
      expect(members.scalar(k)).toBe(scalarMember(object, name));
      expect(members.numberLexeme(k)).toBe(node?.type === 'number' ? node.raw : undefined);
      expect(members.isNonEmptyString(k)).toBe(node?.type === 'string' && node.value.length > 0);
      const span = members.stringSpan(k);
      return span && span.text.slice(span.start, span.end);
    });
  }

  it('reads each name once, the last of duplicates, as member() and scalarMember() do', () => {
    const text =
      '[{"seq": 1.0, "id": "first", "tool": "", "id": "last", "time": "2026-09-29T10:57:40Z", "o": {"seq": 2}, "x": 3},' +
      ' {"tool": "t", "seq": "1", "o": [], "time": 5}]';
    const root = parseJson(text).root as JsonArray;
    const [first, second] = [root.items[0] as JsonObject, root.items[1] as JsonObject];
    expect(readings(first)).toEqual([
      undefined,
      'last',
      '',
      '2026-09-29T10:57:40Z',
      undefined,
      undefined,
    ]);
    expect(new NamedMembers(NAMES).read(first).scalar(4)).toBe(COMPOUND);
    expect(readings(second)).toEqual(['1', undefined, 't', undefined, undefined, undefined]);
    // The same answers once the member nodes are made (no span then: the nodes are read).
    expect(first.memberValues).toHaveLength(7);
    expect(readings(first)).toEqual(NAMES.map(() => undefined));
  });

  it('reads names written with escapes, and gives no span when the text has escapes', () => {
    const object = rootObject('{"s\\u0065q": 7, "id": "a\\"b", "tool": "\\n", "time": "t"}');
    expect(readings(object)).toEqual(NAMES.map(() => undefined));
    const members = new NamedMembers(NAMES).read(object);
    expect(members.scalar(0)).toBe(7);
    expect(members.scalar(1)).toBe('a"b');
    expect(members.isNonEmptyString(2)).toBe(true);
  });

  it('gives one string for a value spelled alike in object after object', () => {
    const root = parseJson(
      '[{"tool": "web_search"}, {"tool": "web_search"}, {"tool": "web_searches"}, {"tool": 1}, {"tool": "web_search"}]',
    ).root as JsonArray;
    const members = new NamedMembers(NAMES);
    const tools = root.items.map((item) => members.read(item as JsonObject).sharedString(2));
    expect(tools).toEqual(['web_search', 'web_search', 'web_searches', undefined, 'web_search']);
    const escaped = rootObject('{"tool": "a\\u0062"}');
    expect(members.read(escaped).sharedString(2)).toBe('ab');
  });

  it('reads the object items of an array as read() reads their nodes, and no other item', () => {
    const text =
      '[{"seq": 1, "id": "a", "time": "t"}, 2, {}, [{"seq": 9}], "x", {"tool": "b", "seq": 1.0}, null]';
    const answers = (members: NamedMembers) =>
      NAMES.map((_, k) => [members.has(k), members.scalar(k), members.numberLexeme(k)]);
    for (const made of [false, true]) {
      const root = parseJson(text).root as JsonArray;
      // Once the item nodes are made, the items are read through them.
      if (made) expect(root.items).toHaveLength(7);
      const byItem = new NamedMembers(NAMES);
      const byNode = new NamedMembers(NAMES);
      // Backwards too: the array's reading goes back to its start.
      for (const i of [0, 1, 2, 3, 4, 5, 6, 5, 0]) {
        const item = arrayItem(root, i);
        expect(byItem.readItem(root, i)).toBe(item?.type === 'object');
        if (item?.type === 'object') expect(answers(byItem)).toEqual(answers(byNode.read(item)));
      }
      expect(byItem.readItem(root, 7)).toBe(false);
    }
  });

  it('reads objects made elsewhere through their nodes', () => {
    const made = {
      ...rootObject('{}'),
      memberValues: rootObject('{"seq": 3, "id": "x"}').memberValues,
    } as JsonObject;
    const members = new NamedMembers(NAMES).read(made);
    expect(members.scalar(0)).toBe(3);
    expect(members.numberLexeme(0)).toBe('3');
    expect(members.scalar(1)).toBe('x');
    expect(members.stringSpan(1)).toBeUndefined();
    expect(members.has(5)).toBe(false);
  });
});
