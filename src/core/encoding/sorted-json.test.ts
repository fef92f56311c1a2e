/**
 * Proof that the digest encoder J (spec §4.2) is Python's
 * json.dumps(obj, sort_keys=True, separators=(",", ":")) byte for byte:
 * - table tests whose expected outputs were produced by CPython 3.11's json.dumps (pasted, not
 *   recomputed here), over every control character and the strings ports get wrong;
 * - a seeded property test against two independent encoders written below (one walking code
 *   points with explicit surrogate arithmetic, one post-processing JSON.stringify), plus
 *   round-trip and ASCII-only properties.
 */
import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortedCompactJson, writeJsonString } from './sorted-json';
import { prng } from '../../../test/support/prng';

/** [label, input, json.dumps(input)] from CPython 3.11 (ensure_ascii=True). */
const PYTHON_CASES: [string, string, string][] = [
  ['quote', '"', '"\\""'],
  ['backslash', '\\', '"\\\\"'],
  ['slash is not escaped', '/a/b/', '"/a/b/"'],
  ['short escapes', '\b\t\n\f\r', '"\\b\\t\\n\\f\\r"'],
  ['vertical tab has no short escape', '\u000b', '"\\u000b"'],
  [
    'every control character',
    '\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f',
    '"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f"',
  ],
  ['space and tilde stay literal', ' ~', '" ~"'],
  ['DEL U+007F', '\u007f', '"\\u007f"'],
  ['U+0080', '\u0080', '"\\u0080"'],
  ['latin-1 e acute', 'caf\u00e9', '"caf\\u00e9"'],
  ['line separator U+2028', 'a\u2028b\u2029c', '"a\\u2028b\\u2029c"'],
  ['euro sign', '\u20ac', '"\\u20ac"'],
  ['BOM U+FEFF', '\ufeff', '"\\ufeff"'],
  ['emoji: surrogate pair, lowercase hex', '\ud83d\ude00', '"\\ud83d\\ude00"'],
  ['U+10000', '\ud800\udc00', '"\\ud800\\udc00"'],
  ['U+10FFFF', '\udbff\udfff', '"\\udbff\\udfff"'],
  ['lone high surrogate', 'a\ud800b', '"a\\ud800b"'],
  ['lone low surrogate', 'a\udc00b', '"a\\udc00b"'],
  ['low then high: two lone surrogates', '\udc00\ud800', '"\\udc00\\ud800"'],
  ['high surrogate at the end', 'x\udbff', '"x\\udbff"'],
  ['mixed', 'tool "x"\\/\u00e9\ud83d\ude80\n', '"tool \\"x\\"\\\\/\\u00e9\\ud83d\\ude80\\n"'],
  ['empty', '', '""'],
];

/** json.dumps(chr(c)) for c = 0x00..0x1f, from CPython 3.11. */
const PYTHON_CONTROL: string[] = [
  '"\\u0000"',
  '"\\u0001"',
  '"\\u0002"',
  '"\\u0003"',
  '"\\u0004"',
  '"\\u0005"',
  '"\\u0006"',
  '"\\u0007"',
  '"\\b"',
  '"\\t"',
  '"\\n"',
  '"\\u000b"',
  '"\\f"',
  '"\\r"',
  '"\\u000e"',
  '"\\u000f"',
  '"\\u0010"',
  '"\\u0011"',
  '"\\u0012"',
  '"\\u0013"',
  '"\\u0014"',
  '"\\u0015"',
  '"\\u0016"',
  '"\\u0017"',
  '"\\u0018"',
  '"\\u0019"',
  '"\\u001a"',
  '"\\u001b"',
  '"\\u001c"',
  '"\\u001d"',
  '"\\u001e"',
  '"\\u001f"',
];

describe('writeJsonString ascii mode (Python ensure_ascii=True)', () => {
  it.each(PYTHON_CASES)('%s', (_label, input, python) => {
    expect(writeJsonString(input, 'ascii')).toBe(python);
  });

  it.each(PYTHON_CONTROL.map((python, code) => [code, python] as const))(
    'control character 0x%s',
    (code, python) => {
      expect(writeJsonString(String.fromCharCode(code), 'ascii')).toBe(python);
    },
  );

  it('keeps lone surrogates UTF-8-encodable: the output is pure ASCII', () => {
    const out = writeJsonString('\ud800 and \udfff and \udc00\ud800', 'ascii');
    expect(out).toBe('"\\ud800 and \\udfff and \\udc00\\ud800"');
    expect(/^[\x20-\x7e]*$/.test(out)).toBe(true);
    // UTF-8 of the ASCII text is one byte per character: nothing was replaced by U+FFFD.
    expect(new TextEncoder().encode(out).length).toBe(out.length);
  });

  it('differs from JSON.stringify exactly where the spec says ports go wrong', () => {
    expect(JSON.stringify('\u007f\u00e9')).toBe('"\u007f\u00e9"');
    expect(writeJsonString('\u007f\u00e9', 'ascii')).toBe('"\\u007f\\u00e9"');
  });
});

describe('writeJsonString utf8 mode (Python ensure_ascii=False)', () => {
  it('escapes only quote, backslash and controls below U+0020', () => {
    expect(writeJsonString('"\\/\u007f\u00e9\u2028\ud83d\ude00\n\u0001', 'utf8')).toBe(
      '"\\"\\\\/\u007f\u00e9\u2028\ud83d\ude00\\n\\u0001"',
    );
  });
});

describe('sortedCompactJson', () => {
  it('sorts keys by code point like Python, not by UTF-16 unit', () => {
    const keys = ['', 'a', 'b', '\u00e9', '\ud800', '\ud800\udc00', '\ue000', '\uffff', 'B', 'aa'];
    const value = Object.fromEntries(keys.map((k, i) => [k, i]));
    // CPython: json.dumps(d, sort_keys=True, separators=(",", ":"))
    expect(sortedCompactJson(value, 'ascii')).toBe(
      '{"":0,"B":8,"a":1,"aa":9,"b":2,"\\u00e9":3,"\\ud800":4,"\\ue000":6,"\\uffff":7,"\\ud800\\udc00":5}',
    );
  });

  it('writes nested values, booleans, null and bigints exactly as Python does', () => {
    const value = {
      z: [1, true, false, null, { b: '\u20ac', a: [] }],
      a: { y: 1, x: '/' },
      m: 12345678901234567890n,
    };
    expect(sortedCompactJson(value, 'ascii')).toBe(
      '{"a":{"x":"/","y":1},"m":12345678901234567890,"z":[1,true,false,null,{"a":[],"b":"\\u20ac"}]}',
    );
    expect(sortedCompactJson(value, 'utf8')).toBe(
      '{"a":{"x":"/","y":1},"m":12345678901234567890,"z":[1,true,false,null,{"a":[],"b":"\u20ac"}]}',
    );
  });

  it('refuses numbers it cannot write exactly', () => {
    expect(() => sortedCompactJson(1.5, 'ascii')).toThrow(RangeError);
    expect(() => sortedCompactJson(2 ** 60, 'ascii')).toThrow(RangeError);
    expect(sortedCompactJson(2n ** 60n, 'ascii')).toBe('1152921504606846976');
  });

  it('compareCodePoints orders a lone surrogate below U+E000 and an astral pair above U+FFFF', () => {
    expect(compareCodePoints('\ud800', '\ue000')).toBeLessThan(0);
    expect(compareCodePoints('\ud800\udc00', '\uffff')).toBeGreaterThan(0);
    expect(compareCodePoints('\ud800', '\ud800\udc00')).toBeLessThan(0);
    expect(compareCodePoints('\ud800\udc00', '\ud800\ue000')).toBeGreaterThan(0);
    expect(compareCodePoints('\ud800\ue000', '\ud800\udc00')).toBeLessThan(0);
    expect(compareCodePoints('x\ud800\udc01', 'x\ud800\udc00')).toBeGreaterThan(0);
    expect(compareCodePoints('\ud800a', '\ud800\udc00')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'ab')).toBe(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
  });
});

// ---- property test: two independent encoders ------------------------------------------------

/** Oracle 1: walks code points (not code units) and splits astral ones arithmetically. */
function codePointEncoder(value: string, ascii: boolean): string {
  const hex4 = (n: number): string => '\\u' + n.toString(16).padStart(4, '0');
  const short: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\b': '\\b',
    '\t': '\\t',
    '\n': '\\n',
    '\f': '\\f',
    '\r': '\\r',
  };
  let out = '"';
  let i = 0;
  while (i < value.length) {
    const cp = value.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    i += cp > 0xffff ? 2 : 1;
    if (short[ch] !== undefined) out += short[ch];
    else if (cp < 0x20) out += hex4(cp);
    else if (!ascii || (cp >= 0x20 && cp <= 0x7e)) out += ch;
    else if (cp <= 0xffff) out += hex4(cp);
    else {
      const v = cp - 0x10000;
      out += hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
    }
  }
  return out + '"';
}

/**
 * Oracle 2: JSON.stringify already writes the short escapes, lowercase \u00xx for other
 * controls and \udxxx for lone surrogates; ensure_ascii then escapes every remaining unit
 * from U+007F up.
 */
function stringifyEncoder(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

/** One random code unit sequence, weighted toward the places encoders disagree. */
function randomString(random: () => number): string {
  const pick = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  const length = Math.floor(random() * 24);
  let s = '';
  for (let k = 0; k < length; k++) {
    const r = random();
    if (r < 0.2) s += String.fromCharCode(pick(0x20, 0x7e));
    else if (r < 0.35) s += String.fromCharCode(pick(0x00, 0x1f));
    else if (r < 0.45) s += '"\\/\u007f'[pick(0, 3)];
    else if (r < 0.55) s += String.fromCharCode(pick(0x80, 0x7ff));
    else if (r < 0.65) s += String.fromCharCode(pick(0x800, 0xd7ff));
    else if (r < 0.7) s += String.fromCharCode(pick(0xe000, 0xffff));
    else if (r < 0.8)
      s += String.fromCharCode(pick(0xd800, 0xdbff)); // lone (or pairing) high
    else if (r < 0.88)
      s += String.fromCharCode(pick(0xdc00, 0xdfff)); // lone (or pairing) low
    else s += String.fromCodePoint(pick(0x10000, 0x10ffff));
  }
  return s;
}

describe('writeJsonString property test (seeded)', () => {
  const ITERATIONS = 20_000;

  it(`agrees with both independent encoders on ${ITERATIONS} random strings`, () => {
    const random = prng(0xae71);
    for (let n = 0; n < ITERATIONS; n++) {
      const s = randomString(random);
      const ascii = writeJsonString(s, 'ascii');
      if (ascii !== codePointEncoder(s, true) || ascii !== stringifyEncoder(s)) {
        expect({ input: [...s].map((c) => c.codePointAt(0)), ascii }).toEqual({
          input: [...s].map((c) => c.codePointAt(0)),
          ascii: codePointEncoder(s, true),
        });
      }
      expect(/^"[\x20-\x7e]*"$/.test(ascii)).toBe(true);
      expect(JSON.parse(ascii)).toBe(s);
      const utf8 = writeJsonString(s, 'utf8');
      if (utf8 !== codePointEncoder(s, false)) expect(utf8).toBe(codePointEncoder(s, false));
      expect(JSON.parse(utf8)).toBe(s);
    }
  });

  it('sorts random keys the way a code point comparison does', () => {
    const random = prng(7);
    // A tiny alphabet of surrogates and their neighbours makes long shared prefixes common.
    const tricky = ['\ud800', '\udbff', '\udc00', '\udfff', '\ue000', '\uffff', 'a', '\ud7ff'];
    const trickyString = (): string =>
      Array.from(
        { length: Math.floor(random() * 6) },
        () => tricky[Math.floor(random() * tricky.length)] as string,
      ).join('');
    for (let n = 0; n < 5_000; n++) {
      const keys = Array.from({ length: 6 }, () =>
        n % 2 === 0 ? randomString(random) : trickyString(),
      );
      const byCodePoints = [...new Set(keys)].sort((a, b) => {
        const x = [...a].map((c) => c.codePointAt(0) as number);
        const y = [...b].map((c) => c.codePointAt(0) as number);
        for (let i = 0; i < Math.min(x.length, y.length); i++) {
          if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
        }
        return x.length - y.length;
      });
      expect([...new Set(keys)].sort(compareCodePoints)).toEqual(byCodePoints);
    }
  });
});
