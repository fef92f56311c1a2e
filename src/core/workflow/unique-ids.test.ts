import { describe, expect, it } from 'vitest';
import { repeatsAnId } from './steps';

function columnsOf(ids: (string | undefined)[]) {
  return { count: ids.length, receiptIds: ids };
}

/** The plain reference: a Set of the ids present. */
function repeatsBySet(ids: (string | undefined)[]): boolean {
  const present = ids.filter((id): id is string => id !== undefined);
  return new Set(present).size !== present.length;
}

describe('repeatsAnId (the MM-1 duplicate test of checkUniqueReceiptIds)', () => {
  it('finds no repeat among distinct ids, and one wherever it is', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
    expect(repeatsAnId(columnsOf(ids))).toBe(false);
    for (const [a, b] of [
      [0, 1],
      [0, 999],
      [500, 501],
      [998, 999],
    ] as const) {
      const copy = [...ids];
      copy[b] = copy[a]!;
      expect(repeatsAnId(columnsOf(copy))).toBe(true);
    }
  });

  it('skips steps without a string receipt_id', () => {
    expect(repeatsAnId(columnsOf([undefined, 'a', undefined, 'b']))).toBe(false);
    expect(repeatsAnId(columnsOf([undefined, undefined]))).toBe(false);
    expect(repeatsAnId(columnsOf([undefined, 'a', undefined, 'a']))).toBe(true);
    expect(repeatsAnId(columnsOf([]))).toBe(false);
  });

  it('tells apart ids whose hashes are equal', () => {
    // "step-334036" and "step-1028020" have the same 32-bit FNV-1a hash (0x7f0a041d; found by
    // a brute-force search), so only the string comparison can tell them apart.
    expect(repeatsAnId(columnsOf(['step-334036', 'step-1028020']))).toBe(false);
    expect(repeatsAnId(columnsOf(['step-334036', 'step-1028020', 'step-334036']))).toBe(true);
    expect(repeatsAnId(columnsOf(['step-1028020', 'step-334036', 'step-1028020']))).toBe(true);
  });

  it('agrees with a Set on ids full of near-misses: case, surrogates, empty strings', () => {
    const alphabet = ['', 'a', 'A', '\ud800', '\udc00', '\ud83d\ude00', 'é', 'e\u0301'];
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let round = 0; round < 300; round++) {
      const ids = Array.from({ length: 1 + (next() % 12) }, () =>
        next() % 9 === 0
          ? undefined
          : Array.from({ length: next() % 3 }, () => alphabet[next() % alphabet.length]).join(''),
      );
      expect(repeatsAnId(columnsOf(ids)), JSON.stringify(ids)).toBe(repeatsBySet(ids));
    }
  });
});
