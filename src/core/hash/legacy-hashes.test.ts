import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../encoding/hex';
import { loadHashing, loadLegacyHashes } from './sha256';

/** FIPS 180 and the RIPEMD-160 authors' test vectors: the hashes OTS proofs may use. */
describe('SHA-1 and RIPEMD-160 (OTS operations)', () => {
  const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
  it('match their published test vectors', async () => {
    const hashing = await loadHashing();
    await loadLegacyHashes();
    expect(bytesToHex(hashing.sha1(ascii('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(bytesToHex(hashing.sha1(ascii('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(bytesToHex(hashing.ripemd160(ascii('abc')))).toBe(
      '8eb208f7e05d987a9b044a8e98c6b087f15a0bfc',
    );
    expect(bytesToHex(hashing.ripemd160(ascii('message digest')))).toBe(
      '5d0689ef49d2fae572b881b123a85ffa21595f36',
    );
  });
});
