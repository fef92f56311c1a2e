import { beforeAll, describe, expect, it } from 'vitest';
import { loadHashing, type Hashing } from '../hash/sha256';
import { receiptIdDigests } from './merkle/receipt-id-v0';
import { repeatsAnId } from './steps';

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

/** repeatsAnId() on these ids, keyed by their digests as checkUniqueReceiptIds keys them. */
function repeats(ids: (string | undefined)[]): boolean {
  const columns = { count: ids.length, receiptIds: ids };
  return repeatsAnId(columns, receiptIdDigests(columns, hashing));
}

/** The plain reference: a Set of the ids present. */
function repeatsBySet(ids: (string | undefined)[]): boolean {
  const present = ids.filter((id): id is string => id !== undefined);
  return new Set(present).size !== present.length;
}

describe('repeatsAnId (the MM-1 duplicate test of checkUniqueReceiptIds)', () => {
  it('finds no repeat among distinct ids, and one wherever it is', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
    expect(repeats(ids)).toBe(false);
    for (const [a, b] of [
      [0, 1],
      [0, 999],
      [500, 501],
      [998, 999],
    ] as const) {
      const copy = [...ids];
      copy[b] = copy[a]!;
      expect(repeats(copy)).toBe(true);
    }
  });

  it('skips steps without a string receipt_id', () => {
    expect(repeats([undefined, 'a', undefined, 'b'])).toBe(false);
    expect(repeats([undefined, undefined])).toBe(false);
    expect(repeats([undefined, 'a', undefined, 'a'])).toBe(true);
    expect(repeats([])).toBe(false);
  });

  it('tells apart ids whose digests are equal', () => {
    // An id with a lone surrogate is keyed by its UTF-16 code units (it has no UTF-8): the
    // units of "\ud800\u0080" are the bytes 00 d8 80 00, the UTF-8 of "\u0000\u0600\u0000".
    const [a, b] = ['\u0000\u0600\u0000', '\ud800\u0080'];
    const columns = { count: 2, receiptIds: [a, b] };
    const digests = receiptIdDigests(columns, hashing);
    expect(digests.subarray(0, 32)).toEqual(digests.subarray(32, 64));
    expect(repeats([a, b])).toBe(false);
    expect(repeats([a, b, a])).toBe(true);
    expect(repeats([b, a, b])).toBe(true);
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
      expect(repeats(ids), JSON.stringify(ids)).toBe(repeatsBySet(ids));
    }
  });
});
