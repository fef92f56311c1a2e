import { describe, expect, it } from 'vitest';
import {
  describeType,
  escapePointerToken,
  joinPointer,
  member,
  pointerOf,
  toPlain,
  type JsonValue,
} from './ast';
import { integerOf } from './integer-lexeme';
import {
  DEFAULT_MAX_DEPTH,
  isPlainText,
  JsonNestingError,
  JsonSyntaxError,
  parseJson,
  parseJsonSlice,
} from './parse';
import { jsonDocuments } from '../../../test/support/json-documents';
import { prng } from '../../../test/support/prng';
import { SourceText } from './position';

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${JSON.stringify(text)}`);
}

/** Walks a path of member names / indexes down from the root. */
function at(root: JsonValue, ...path: (string | number)[]): JsonValue {
  let node: JsonValue | undefined = root;
  for (const step of path) {
    if (node?.type === 'object' && typeof step === 'string') node = member(node, step);
    else if (node?.type === 'array' && typeof step === 'number') node = node.items[step];
    else node = undefined;
  }
  if (!node) throw new Error(`no value at ${path.join('/')}`);
  return node;
}

describe('parseJson syntax errors', () => {
  it.each([
    // [name, input, message, line, column]
    [
      'trailing comma in object',
      '{"a": 1,}',
      "Unexpected character '}': expected a member name in double quotes",
      1,
      9,
    ],
    [
      'trailing comma in array',
      '[\n  1,\n]',
      "Unexpected character ']': expected a JSON value",
      3,
      1,
    ],
    [
      'single-quoted name',
      "{'a': 1}",
      "Unexpected character ''': expected a member name in double quotes",
      1,
      2,
    ],
    [
      'single-quoted value',
      '{"a": \'b\'}',
      "Unexpected character ''': expected a JSON value",
      1,
      7,
    ],
    [
      'unterminated string (points at its opening quote)',
      '{"a":\n  "abc',
      `Unterminated string: expected '"'`,
      2,
      3,
    ],
    ['unterminated name', '{"ab', `Unterminated string: expected '"'`, 1, 2],
    [
      'bad escape',
      '["ok", "\\x41"]',
      "Invalid escape '\\x': expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
      1,
      9,
    ],
    ['short \\u escape', '"\\u12G4"', 'Invalid \\u escape: expected four hex digits', 1, 2],
    ['\\u escape cut by the end', '"\\u12', 'Invalid \\u escape: expected four hex digits', 1, 2],
    ['raw tab in string', '{"a": "x\ty"}', 'Unescaped control character U+0009 in string', 1, 9],
    [
      'raw newline in string',
      '"line1\nline2"',
      'Unescaped control character U+000A in string',
      1,
      7,
    ],
    ['raw NUL in string', '"\u0000"', 'Unescaped control character U+0000 in string', 1, 2],
    ['leading zero', '[01]', 'Invalid number: leading zeros are not allowed', 1, 2],
    ['negative leading zero', ' -00', 'Invalid number: leading zeros are not allowed', 1, 2],
    ['lone minus', '-', "Invalid number: expected a digit after '-'", 1, 2],
    ['minus then letter', '[-a]', "Invalid number: expected a digit after '-'", 1, 3],
    ['digitless fraction', '1.', 'Invalid number: expected a digit after the decimal point', 1, 3],
    [
      'fraction then exponent',
      '1.e5',
      'Invalid number: expected a digit after the decimal point',
      1,
      3,
    ],
    ['digitless exponent', '1e', 'Invalid number: expected a digit in the exponent', 1, 3],
    [
      'signed digitless exponent',
      '[1E+]',
      'Invalid number: expected a digit in the exponent',
      1,
      5,
    ],
    ['leading plus', '+1', "Unexpected character '+': expected a JSON value", 1, 1],
    ['leading point', '.5', "Unexpected character '.': expected a JSON value", 1, 1],
    ['NaN', '[NaN]', "Unexpected character 'N': expected a JSON value", 1, 2],
    ['Infinity', '-Infinity', "Invalid number: expected a digit after '-'", 1, 2],
    [
      'hex number',
      '0x10',
      "Unexpected character 'x' after the JSON value: expected end of input",
      1,
      2,
    ],
    [
      'trailing garbage',
      '{"a": 1} x',
      "Unexpected character 'x' after the JSON value: expected end of input",
      1,
      10,
    ],
    [
      'second document',
      '{}\n{}',
      "Unexpected character '{' after the JSON value: expected end of input",
      2,
      1,
    ],
    [
      'trailing control character',
      '{}\u0000',
      'Unexpected control character U+0000 after the JSON value: expected end of input',
      1,
      3,
    ],
    ['empty input', '', 'Unexpected end of input: expected a JSON value', 1, 1],
    ['whitespace only', '  \n ', 'Unexpected end of input: expected a JSON value', 2, 2],
    ['truncated literal', '[tru]', "Invalid literal: expected 'true'", 1, 2],
    ['capitalised literal', 'True', "Unexpected character 'T': expected a JSON value", 1, 1],
    ['null cut short', 'nul', "Invalid literal: expected 'null'", 1, 1],
    ['missing colon', '{"a" 1}', "Unexpected character '1': expected ':' after member name", 1, 6],
    [
      'missing comma in array',
      '[1 2]',
      "Unexpected character '2': expected ',' or ']' in array",
      1,
      4,
    ],
    [
      'missing comma in object',
      '{"a": 1 "b": 2}',
      `Unexpected character '"': expected ',' or '}' in object`,
      1,
      9,
    ],
    ['unclosed array', '[1,', 'Unexpected end of input: expected a JSON value', 1, 4],
    [
      'unclosed object after colon',
      '{"a":',
      'Unexpected end of input: expected a JSON value',
      1,
      6,
    ],
    [
      'unclosed object after value',
      '{"a": 1',
      "Unexpected end of input: expected ',' or '}' in object",
      1,
      8,
    ],
    [
      'unquoted name',
      '{a: 1}',
      "Unexpected character 'a': expected a member name in double quotes",
      1,
      2,
    ],
    ['line comment', '// c\n{}', "Unexpected character '/': expected a JSON value", 1, 1],
    [
      'non-breaking space is not whitespace',
      '\u00a0{}',
      "Unexpected character '\u00a0': expected a JSON value",
      1,
      1,
    ],
    [
      'error after CRLF lines',
      '{\r\n  "a": 1,\r\n}',
      "Unexpected character '}': expected a member name in double quotes",
      3,
      1,
    ],
    [
      'column counts UTF-16 units',
      '["😀", x]',
      "Unexpected character 'x': expected a JSON value",
      1,
      8,
    ],
  ] as const)('%s', (_name, input, message, line, column) => {
    const error = syntaxError(input);
    expect(error.message).toBe(`${message} at line ${line}, column ${column}`);
    expect(error.position).toEqual({ line, column });
    expect(new SourceText(input).positionAt(error.offset)).toEqual({ line, column });
    // Whatever we reject, JSON.parse rejects too.
    expect(() => JSON.parse(input) as unknown).toThrow(SyntaxError);
  });
});

describe('parseJson depth limit', () => {
  const nested = (n: number): string => '['.repeat(n) + ']'.repeat(n);

  it(`accepts ${DEFAULT_MAX_DEPTH} levels and rejects one more, pointing at the extra bracket`, () => {
    expect(parseJson(nested(DEFAULT_MAX_DEPTH)).root.type).toBe('array');
    const error = syntaxError(nested(DEFAULT_MAX_DEPTH + 1));
    expect(error).toBeInstanceOf(JsonNestingError);
    expect(error.offset).toBe(DEFAULT_MAX_DEPTH);
    expect(error.message).toBe(
      `Nesting deeper than ${DEFAULT_MAX_DEPTH} levels at line 1, column ${DEFAULT_MAX_DEPTH + 1}`,
    );
  });

  it('counts objects and arrays alike and honours maxDepth', () => {
    expect(() => parseJson('{"a":[{}]}', { maxDepth: 3 })).not.toThrow();
    expect(() => parseJson('{"a":[{"b":[]}]}', { maxDepth: 3 })).toThrow(JsonNestingError);
    // Depth is nesting, not the number of containers: siblings do not add up.
    expect(() => parseJson('[[],[],[],[]]', { maxDepth: 2 })).not.toThrow();
  });

  it('survives a very deep document without a stack overflow', () => {
    expect(() => parseJson(nested(100_000))).toThrow(JsonNestingError);
  });

  it('other syntax errors are not nesting errors', () => {
    expect(syntaxError('[1,]')).not.toBeInstanceOf(JsonNestingError);
  });
});

describe('parseJson duplicate member names', () => {
  it('reports each repeat with its object, name and offset; members keep both, byName the last', () => {
    const text = '{"a": 1, "b": {"c": 1, "c": 2}, "a": 3}';
    const { root, duplicates } = parseJson(text);
    expect(duplicates.map((d) => joinPointer(pointerOf(d.object), d.name))).toEqual(['/b/c', '/a']);
    expect(duplicates.map((d) => d.nameStart)).toEqual([
      text.indexOf('"c"', text.indexOf('"c"') + 1),
      text.lastIndexOf('"a"'),
    ]);
    if (root.type !== 'object') throw new Error('object expected');
    expect(root.members.map((m) => m.name)).toEqual(['a', 'b', 'a']);
    expect(toPlain(at(root, 'a'))).toBe(3);
    expect(toPlain(root)).toEqual(JSON.parse(text));
  });

  it('compares names after unescaping', () => {
    const { duplicates } = parseJson('{"id": 1, "i\\u0064": 2}');
    expect(duplicates.map((d) => d.name)).toEqual(['id']);
  });

  it('escapes the pointer of a repeated name', () => {
    const { duplicates } = parseJson('{"x": {"a/b~": 1, "a/b~": 2}}');
    const [duplicate] = duplicates;
    expect(duplicate && joinPointer(pointerOf(duplicate.object), duplicate.name)).toBe('/x/a~1b~0');
  });

  it('finds duplicates inside arrays and reports a triple twice', () => {
    const { duplicates } = parseJson('[{}, {"k": 1, "k": 2, "k": 3}]');
    expect(duplicates.map((d) => joinPointer(pointerOf(d.object), d.name))).toEqual([
      '/1/k',
      '/1/k',
    ]);
  });

  it('reports no duplicates for distinct names that differ only in case', () => {
    expect(parseJson('{"a": 1, "A": 2}').duplicates).toEqual([]);
  });

  it('finds repeats in large objects too, before and after the name index grows', () => {
    // 40 members m0..m39, then m3 (first seen while the object was small) and m30 (large) again.
    const names = [...Array.from({ length: 40 }, (_, i) => `m${i}`), 'm3', 'm30'];
    const text = `{${names.map((n, i) => `"${n}": ${i}`).join(', ')}}`;
    const { root, duplicates } = parseJson(text);
    expect(duplicates.map((d) => d.name)).toEqual(['m3', 'm30']);
    if (root.type !== 'object') throw new Error('object expected');
    expect(root.members).toHaveLength(42);
    expect(toPlain(at(root, 'm3'))).toBe(40);
    expect(toPlain(root)).toEqual(JSON.parse(text));
  });

  it('keeps byName current when it is read while members are still being added', () => {
    const { root } = parseJson('{"a": {"x": 1}, "b": 2}');
    if (root.type !== 'object') throw new Error('object expected');
    expect([...root.byName.keys()]).toEqual(['a', 'b']);
  });
});

describe('parseJson numbers keep their lexeme', () => {
  it.each([
    ['1', 1, true, true],
    ['1.0', 1, false, true],
    ['1e0', 1, false, true],
    ['-0', -0, true, true],
    ['1E+2', 100, false, true],
    ['0.5e-3', 0.0005, false, false],
    ['1.5', 1.5, false, false],
    ['-12', -12, true, true],
    ['12345678901234567890', 1.2345678901234567e19, true, true],
    ['1e400', Infinity, false, false],
  ] as const)('%s', (raw, value, integerLexeme, integral) => {
    const { root } = parseJson(` ${raw} `);
    expect(root.type).toBe('number');
    if (root.type !== 'number') return;
    expect(root.raw).toBe(raw);
    expect(Object.is(root.value, value)).toBe(true);
    expect(root.start).toBe(1);
    expect(root.end).toBe(1 + raw.length);
    expect(integerOf(root, 'integer-lexeme') !== undefined).toBe(integerLexeme);
    expect(integerOf(root, 'integral') !== undefined).toBe(integral);
    expect(describeType(root)).toBe(`number ${raw}`);
  });

  it('booleans and strings are not integers', () => {
    expect(integerOf(parseJson('true').root, 'integral')).toBeUndefined();
    expect(integerOf(parseJson('"1"').root, 'integer-lexeme')).toBeUndefined();
  });
});

describe('JSON pointers', () => {
  it('escape ~ before / (RFC 6901), so "~1" becomes "~01"', () => {
    const { root } = parseJson('{"a/b": {"m~n": {"~1": [0, {"": true}]}}}');
    expect(pointerOf(at(root, 'a/b', 'm~n', '~1', 0))).toBe('/a~1b/m~0n/~01/0');
    expect(pointerOf(at(root, 'a/b', 'm~n', '~1', 1, ''))).toBe('/a~1b/m~0n/~01/1/');
    expect(pointerOf(root)).toBe('');
    expect(escapePointerToken('~/~')).toBe('~0~1~0');
    expect(joinPointer('/x', 'a/b', 3)).toBe('/x/a~1b/3');
    expect(joinPointer('')).toBe('');
  });

  it("give a root member's pointer escaped, the same string for every document, past the memo's size too", () => {
    const first = parseJson('{"a/b": 1, "~1": 2, "": 3, "id": 4}').root;
    expect(['a/b', '~1', '', 'id'].map((name) => pointerOf(at(first, name)))).toEqual([
      '/a~1b',
      '/~01',
      '/',
      '/id',
    ]);
    const names = Array.from({ length: 1500 }, (_, i) => `n/${i}`);
    const many = parseJson(JSON.stringify(Object.fromEntries(names.map((n) => [n, 0])))).root;
    expect(names.map((name) => pointerOf(at(many, name)))).toEqual(
      names.map((name) => `/${name.replace('/', '~1')}`),
    );
    const second = parseJson('{"id": [{"id": 0}]}').root;
    expect(pointerOf(at(second, 'id'))).toBe('/id');
    expect(pointerOf(at(second, 'id', 0, 'id'))).toBe('/id/0/id');
  });
});

describe('parseJson byte order mark', () => {
  it('tolerates a BOM at the very start only', () => {
    const { root } = parseJson('\ufeff{"a": 1}');
    expect(root.start).toBe(1);
    expect(toPlain(root)).toEqual({ a: 1 });
    expect(syntaxError(' \ufeff{}').message).toMatch(/^Unexpected character '\ufeff'/);
    expect(syntaxError('{}\ufeff').message).toMatch(/after the JSON value/);
    expect(syntaxError('\ufeff').message).toBe(
      'Unexpected end of input: expected a JSON value at line 1, column 2',
    );
  });

  it('refuses a BOM at the start of a text that does not start its file (midFile)', () => {
    expect(() => parseJson('\ufeff{"a": 1}', { midFile: true })).toThrow(
      "Unexpected character '\ufeff': expected a JSON value at line 1, column 1",
    );
    expect(toPlain(parseJson('{"a": 1}', { midFile: true }).root)).toEqual({ a: 1 });
  });

  it('keeps a BOM inside a string', () => {
    expect(toPlain(parseJson('"\ufeffx"').root)).toBe('\ufeffx');
  });
});

describe('parseJson strings', () => {
  it('keeps lone surrogate escapes as they are', () => {
    const node = parseJson('["\\ud800", "\\udc00\\ud800", "\\ud83d\\ude00", "a\\uDFFFb"]').root;
    expect(toPlain(node)).toEqual(['\ud800', '\udc00\ud800', '😀', 'a\udfffb']);
    expect(toPlain(node)).toEqual(
      JSON.parse('["\\ud800", "\\udc00\\ud800", "\\ud83d\\ude00", "a\\uDFFFb"]'),
    );
  });

  it('decodes every short escape and keeps non-ASCII and U+007F literal', () => {
    const text = '"\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041 é € 😀 \u007f"';
    expect(toPlain(parseJson(text).root)).toBe(JSON.parse(text));
  });
});

describe('parseJson positions', () => {
  const text = '{\n  "a": [1, {"b": true}],\n  "c": "x"\n}';
  const parsed = parseJson(text);

  it('records start/end offsets of nested values', () => {
    const b = at(parsed.root, 'a', 1, 'b');
    expect(text.slice(b.start, b.end)).toBe('true');
    const inner = at(parsed.root, 'a', 1);
    expect(text.slice(inner.start, inner.end)).toBe('{"b": true}');
    const array = at(parsed.root, 'a');
    expect(text.slice(array.start, array.end)).toBe('[1, {"b": true}]');
    const c = at(parsed.root, 'c');
    expect(text.slice(c.start, c.end)).toBe('"x"');
    expect([parsed.root.start, parsed.root.end]).toEqual([0, text.length]);
  });

  it('turns offsets into 1-based line and column', () => {
    expect(parsed.source.positionAt(at(parsed.root, 'a', 1, 'b').start)).toEqual({
      line: 2,
      column: 18,
    });
    expect(parsed.source.positionAt(at(parsed.root, 'c').start)).toEqual({ line: 3, column: 8 });
    expect(parsed.source.positionAt(0)).toEqual({ line: 1, column: 1 });
    expect(parsed.source.positionAt(text.length)).toEqual({ line: 4, column: 2 });
  });

  it('records where each member name starts, and parent/key links', () => {
    if (parsed.root.type !== 'object') throw new Error('object expected');
    expect(parsed.root.members.map((m) => text.slice(m.nameStart, m.nameStart + 3))).toEqual([
      '"a"',
      '"c"',
    ]);
    const b = at(parsed.root, 'a', 1, 'b');
    expect(b.key).toBe('b');
    expect(b.parent?.key).toBe(1);
    expect(b.parent?.parent?.key).toBe('a');
    expect(parsed.root.parent).toBeUndefined();
  });

  it('parses a slice with positions in the whole text (JSON Lines)', () => {
    const whole = '{"a": 1}\n  {"b": [2]}\n';
    const source = new SourceText(whole);
    const second = parseJsonSlice(source, 9, 21);
    const two = at(second.root, 'b', 0);
    expect(two.start).toBe(whole.indexOf('2'));
    expect(source.positionAt(two.start)).toEqual({ line: 2, column: 10 });
    expect(toPlain(second.root)).toEqual({ b: [2] });
    // The slice ends where the line ends: the next line is not read.
    expect(() => parseJsonSlice(source, 0, 5)).toThrow(/Unexpected end of input/);
    let error: unknown;
    try {
      parseJsonSlice(new SourceText('{"a":1}\n[1,\n'), 8, 11);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(JsonSyntaxError);
    expect((error as JsonSyntaxError).position).toEqual({ line: 2, column: 4 });
  });
});

describe('toPlain', () => {
  it('makes "__proto__" an own property, as JSON.parse does', () => {
    const text = '{"__proto__": {"polluted": true}, "a": 1}';
    const plain = toPlain(parseJson(text).root) as Record<string, unknown>;
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect(Object.keys(plain)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(plain, '__proto__')?.value).toEqual({ polluted: true });
    expect(JSON.stringify(plain)).toBe(JSON.stringify(JSON.parse(text)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('describes types for messages', () => {
    expect(describeType(undefined)).toBe('nothing');
    expect(describeType(parseJson('"ab"').root)).toBe('string "ab"');
    expect(describeType(parseJson(JSON.stringify('x'.repeat(50))).root)).toBe(
      `string "${'x'.repeat(40)}…"`,
    );
    expect(describeType(parseJson('null').root)).toBe('null');
    expect(describeType(parseJson('[]').root)).toBe('array');
  });
});

// ---- Property tests against JSON.parse (seeded, no extra dependencies) --------------------------

/**
 * Expects the reader to accept `text` exactly when JSON.parse does, with the same value, and
 * to reject it with a JsonSyntaxError otherwise. Returns whether it was accepted.
 */
function agreesWithJsonParse(text: string): boolean {
  let native: unknown;
  let nativeOk = true;
  try {
    native = JSON.parse(text);
  } catch {
    nativeOk = false;
  }
  let ours: JsonValue | undefined;
  try {
    ours = parseJson(text).root;
  } catch (error) {
    expect(error, text).toBeInstanceOf(JsonSyntaxError);
  }
  expect(ours !== undefined, JSON.stringify(text)).toBe(nativeOk);
  if (ours) expect(toPlain(ours), text).toEqual(native);
  return ours !== undefined;
}

describe('parseJson agrees with JSON.parse', () => {
  it('toPlain(parse(x)) equals JSON.parse(x) on random documents', () => {
    const { document } = jsonDocuments(0x5eed);
    for (let i = 0; i < 3000; i++) {
      const text = document();
      const expected: unknown = JSON.parse(text);
      const parsed = parseJson(text);
      expect(toPlain(parsed.root), text).toEqual(expected);
      // Same serialisation, which also checks member order and -0 vs 0 as JSON.stringify sees them.
      expect(JSON.stringify(toPlain(parsed.root)), text).toBe(JSON.stringify(expected));
    }
  });

  it('accepts exactly what JSON.parse accepts on randomly damaged documents', () => {
    const { document, mutate } = jsonDocuments(0xbad5eed);
    let rejected = 0;
    for (let i = 0; i < 5000; i++) {
      let text = document();
      for (let k = 0; k < 1 + (i % 3); k++) text = mutate(text);
      if (!agreesWithJsonParse(text)) rejected++;
    }
    expect(rejected).toBeGreaterThan(1000);
  });
});

describe('parseJson reuses names and short values of the previous sibling', () => {
  // The parser takes a sibling's strings when the text spells them out exactly (readsAs):
  // these inputs are where a careless reuse would accept, misread or misplace something.
  it('does not reuse a name or value written with escapes against raw text', () => {
    for (const text of [
      String.raw`[{"a\"b": 1}, {"a"b": 1}]`,
      String.raw`[{"a\\q": 1}, {"a\q": 1}]`,
      '[{"a\\nb": 1}, {"a\nb": 1}]',
      String.raw`["a\"b", "a"b"]`,
      '["a\\tb", "a\tb"]',
      String.raw`[{"k": "a\"b"}, {"k": "a"b"}]`,
    ]) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(() => parseJson(text), text).toThrow(JsonSyntaxError);
    }
  });

  it("reads a longer or different name or value instead of the sibling's", () => {
    const text = '[{"ab": "xy", "c": 1}, {"abc": "xyz", "c": 2}, {"ab": "x", "d": 3}]';
    expect(toPlain(parseJson(text).root)).toEqual(JSON.parse(text));
  });

  it('keeps positions, pointers and duplicates exact for reused names', () => {
    const text = '[{"a": "v", "b": 2},\n {"a": "v", "a": "w"}]';
    const { root, duplicates } = parseJson(text);
    if (root.type !== 'array') throw new Error('expected an array');
    const second = root.items[1]!;
    if (second.type !== 'object') throw new Error('expected an object');
    const [first, repeated] = second.memberValues;
    expect(first!.nameStart).toBe(text.indexOf('"a"', 20));
    expect([first!.start, first!.end]).toEqual([
      text.indexOf('"v"', 20),
      text.indexOf('"v"', 20) + 3,
    ]);
    expect(pointerOf(repeated!)).toBe('/1/a');
    expect(duplicates.map((d) => [d.name, d.nameStart])).toEqual([['a', text.lastIndexOf('"a"')]]);
    expect(parseJson(text).source.positionAt(repeated!.start)).toEqual({ line: 2, column: 18 });
  });

  it('agrees with JSON.parse on arrays of damaged look-alike objects', () => {
    const { document, mutate } = jsonDocuments(0x51b1);
    let rejected = 0;
    for (let i = 0; i < 2000; i++) {
      const item = document();
      // Siblings: the same object again, then damaged copies (a changed character in a name
      // or value is exactly where a reused string must not be taken).
      let damaged = item;
      for (let k = 0; k < 1 + (i % 2); k++) damaged = mutate(damaged);
      const text = `[${item},${item},${damaged}]`;
      if (!agreesWithJsonParse(text)) rejected++;
    }
    expect(rejected).toBeGreaterThan(300);
  });
});

describe('line index gathered while parsing', () => {
  const texts = [
    '{\n  "a": 1,\r\n  "b": [\n    true,\n    "x"\n  ]\n}\n',
    '\ufeff\n\n[1,\n2]',
    '"one line"',
    '{"a":\n\n\n"b"}\n\n',
  ];
  for (const text of texts) {
    it(`gives the same line and column as a fresh index for ${JSON.stringify(text)}`, () => {
      const parsed = parseJson(text);
      const fresh = new SourceText(text);
      for (let offset = 0; offset <= text.length; offset++)
        expect(parsed.source.positionAt(offset)).toEqual(fresh.positionAt(offset));
    });
  }

  it('finds the line of every offset asked in any order (the last line found is tried first)', () => {
    const text = '{"a":1}\n\n{"b":\r\n2}\nx\n';
    const expected = (offset: number) => {
      const before = text.slice(0, offset);
      return {
        line: before.split('\n').length,
        column: offset - (before.lastIndexOf('\n') + 1) + 1,
      };
    };
    const source = new SourceText(text);
    const random = prng(7);
    for (let i = 0; i < 500; i++) {
      const offset = Math.floor(random() * (text.length + 1));
      expect(source.positionAt(offset), String(offset)).toEqual(expected(offset));
      expect(source.rangeAt(offset, offset + 1)).toMatchObject(expected(offset));
    }
  });

  it('a slice parse leaves the whole text its own index', () => {
    const text = '{"a":1}\n{"b":\n2}\n';
    const source = new SourceText(text);
    parseJsonSlice(source, 0, 7);
    expect(source.positionAt(15)).toEqual({ line: 3, column: 2 });
  });
});

describe('isPlainText', () => {
  const plain = (text: string): boolean => isPlainText(parseJson(text).root);
  it('holds for printable ASCII strings and names, with the harmless escapes', () => {
    expect(plain('{"id": "abc", "n": [1, "x y", {"k~/": "\\n\\t\\"\\\\\\/"}]}')).toBe(true);
    expect(plain('42')).toBe(true);
  });
  it('fails for anything a hidden character could be in', () => {
    expect(plain('{"id": "caf\u00e9"}')).toBe(false);
    expect(plain('{"\u202e": 1}')).toBe(false);
    expect(plain('["\\u0041"]')).toBe(false);
    expect(plain('["\\b"]')).toBe(false);
    expect(plain('["\\f"]')).toBe(false);
    expect(plain('["\u007f"]')).toBe(false);
    expect(plain('["\ud83d\ude00"]')).toBe(false);
  });
  it('holds inside a plain document, and is unknown for nodes the parser did not make', () => {
    const root = parseJson('{"a": {"b": "c"}}').root;
    const inner = root.type === 'object' ? member(root, 'a') : undefined;
    expect(inner && isPlainText(inner)).toBe(true);
    const handMade: JsonValue = {
      type: 'string',
      value: 'x',
      start: 0,
      end: 3,
      nameStart: -1,
      parent: undefined,
      key: undefined,
    };
    expect(isPlainText(handMade)).toBe(false);
  });
  it('holds for every number, true, false and null, which hold no string', () => {
    for (const text of ['42', '-0.5e3', 'true', 'false', 'null']) expect(plain(text)).toBe(true);
    const root = parseJson('{"a": "caf\u00e9", "n": 1, "b": null}').root;
    expect(isPlainText(root)).toBe(false);
    expect(root.type === 'object' && isPlainText(member(root, 'n')!)).toBe(true);
    expect(root.type === 'object' && isPlainText(member(root, 'b')!)).toBe(true);
    expect(root.type === 'object' && isPlainText(member(root, 'a')!)).toBe(false);
    expect(plain('"abc"')).toBe(true);
    expect(plain('"caf\u00e9"')).toBe(false);
  });
});
