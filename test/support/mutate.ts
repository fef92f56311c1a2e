/**
 * The fuzz corpus's text edits, shared by the fuzz test (test/fuzz/fuzz.test.ts) and the
 * differential cases (report-cases.ts), so both read the same texts from the same seeds.
 */

/** Characters that matter to a JSON reader, a lone surrogate and a bidi control among them. */
export const ALPHABET = '{}[]":,0123456789.eE+-truefalsnl \\u/abcdefABCDEF\n\t\ud800\u202e';

/** `edits` random replacements, insertions and deletions of single characters. */
export function mutateText(random: () => number, text: string, edits: number): string {
  let out = text;
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (out.length + 1));
    const c = ALPHABET[Math.floor(random() * ALPHABET.length)] as string;
    const op = random();
    out =
      op < 0.4
        ? out.slice(0, at) + c + out.slice(at + 1)
        : op < 0.7
          ? out.slice(0, at) + c + out.slice(at)
          : out.slice(0, at) + out.slice(at + 1);
  }
  return out;
}

/** Case `i` of the reader's corpus: `base` mutated (even cases) or random characters (odd). */
export function fuzzText(random: () => number, base: string, i: number): string {
  return i % 2 === 0
    ? mutateText(random, base, 1 + Math.floor(random() * 8))
    : Array.from({ length: Math.floor(random() * 200) }, () =>
        ALPHABET.charAt(Math.floor(random() * ALPHABET.length)),
      ).join('');
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * One base64 character of the receipt's canonical_bytes replaced by a different one: bytes the
 * receipt commits to, changed, which must never verify. `offset` is its place in the value.
 */
export function changeCommittedCharacter(
  random: () => number,
  receipt: string,
): { text: string; offset: number; from: string; to: string } {
  const start = receipt.indexOf('"canonical_bytes":"') + '"canonical_bytes":"'.length;
  const end = receipt.indexOf('"', start);
  const at = start + Math.floor(random() * (end - start));
  const from = receipt.charAt(at);
  let to = BASE64_ALPHABET.charAt(Math.floor(random() * 64));
  if (to === from) to = to === 'A' ? 'B' : 'A';
  return { text: receipt.slice(0, at) + to + receipt.slice(at + 1), offset: at - start, from, to };
}
