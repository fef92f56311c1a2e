import { beforeAll, describe, expect, it } from 'vitest';
import { loadHashing, type Hashing } from '../../hash/sha256';
import type { MerkleInput } from './input';
import { receiptIdLeaves } from './receipt-id-v0';

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

function inputOf(ids: string[]): MerkleInput {
  const none = ids.map(() => undefined);
  return {
    count: ids.length,
    receiptIds: ids,
    seqs: none,
    receiptHashes: none,
    outputHashes: none,
  };
}

describe('receipt_id with an unpaired surrogate has no UTF-8 encoding', () => {
  it.each([
    ['short', 'abc\ud800'],
    // Past the 1024-byte scratch buffer the encoder stops early; the id must still be caught.
    ['long, where read/written counts coincide', 'a'.repeat(1022) + '\u00e9' + '\ud800'],
    ['long, lone low surrogate', 'b'.repeat(2000) + '\udc00'],
  ])('%s: the root is not computed', (_, id) => {
    const result = receiptIdLeaves(inputOf([id]), hashing);
    expect(result.ok).toBe(false);
  });

  it('a long id with a proper pair still hashes', () => {
    expect(receiptIdLeaves(inputOf(['c'.repeat(1500) + '\ud83d\ude00']), hashing).ok).toBe(true);
  });
});
