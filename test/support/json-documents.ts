/**
 * Random JSON documents and random damage to them, from a seeded PRNG: the JSON reader's
 * property tests (parse.test.ts) hold it to JSON.parse on the same inputs.
 */
import { prng } from './prng';

export function jsonDocuments(seed: number) {
  const random = prng(seed);
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const ws = (): string => (random() < 0.7 ? '' : pick([' ', '\n', '\t', '\r\n', '  ']));
  const digits = (n: number): string => Array.from({ length: n }, () => String(int(10))).join('');

  const number = (): string => {
    let out = random() < 0.3 ? '-' : '';
    out += random() < 0.2 ? '0' : String(1 + int(9)) + digits(int(6));
    if (random() < 0.4) out += '.' + digits(1 + int(5));
    if (random() < 0.3) out += pick(['e', 'E']) + pick(['', '+', '-']) + digits(1 + int(3));
    return out;
  };
  const char = (): string => {
    const r = random();
    if (r < 0.5) return String.fromCharCode(0x20 + int(0x5f)).replace(/["\\]/, 'q');
    if (r < 0.6) return pick(['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t']);
    if (r < 0.75) return '\\u' + int(0x10000).toString(16).padStart(4, '0');
    if (r < 0.85) return pick(['é', '€', '😀', '\u007f', '\u2028', 'ß', '中']);
    return pick(['__proto__', 'constructor', 'toString', '0', '10', '-1', '~', '/']);
  };
  const string = (): string => '"' + Array.from({ length: int(8) }, char).join('') + '"';
  const value = (depth: number): string => {
    const r = random();
    if (depth > 4 || r < 0.35) {
      return pick([number, string, () => pick(['true', 'false', 'null'])])();
    }
    const count = int(5);
    if (r < 0.65) {
      const items = Array.from({ length: count }, () => ws() + value(depth + 1) + ws());
      return '[' + (items.length ? items.join(',') : ws()) + ']';
    }
    const members = Array.from(
      { length: count },
      () =>
        ws() + (random() < 0.1 ? '"dup"' : string()) + ws() + ':' + ws() + value(depth + 1) + ws(),
    );
    return '{' + (members.length ? members.join(',') : ws()) + '}';
  };
  const mutate = (text: string): string => {
    const i = int(text.length + 1);
    const r = random();
    if (r < 0.4) return text.slice(0, i) + text.slice(i + 1);
    if (r < 0.8) {
      const insert = pick([
        ',',
        ':',
        '"',
        '\\',
        '{',
        '}',
        '[',
        ']',
        '0',
        '-',
        '.',
        'e',
        ' ',
        '\u0001',
        'x',
        "'",
        '\ud800',
      ]);
      return text.slice(0, i) + insert + text.slice(i);
    }
    return text.slice(0, i);
  };
  return { document: () => ws() + value(0) + ws(), mutate };
}
