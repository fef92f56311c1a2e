import { describe, expect, it } from 'vitest';
import { prng, randomBytes } from '../../../test/support/prng';
import {
  bytesEqual,
  bytesToHex,
  concatBytes,
  hexToBytes,
  isLowerHex,
  isLowerHexRange,
} from './hex';

describe('hex', () => {
  it('round-trips random bytes and agrees with Buffer', () => {
    const random = prng(16);
    for (let length = 0; length < 200; length++) {
      const bytes = randomBytes(random, length);
      const hex = bytesToHex(bytes);
      expect(hex).toBe(Buffer.from(bytes).toString('hex'));
      expect(hex).toMatch(/^[0-9a-f]*$/);
      expect(hexToBytes(hex)).toEqual(bytes);
      expect(hexToBytes(hex.toUpperCase())).toEqual(bytes);
    }
  });

  it('writes every byte value, and a digest made after another leaves the first as it was', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(bytesToHex(all)).toBe(Buffer.from(all).toString('hex'));
    // 32-byte digests share one buffer of digits: each result must still be its own string.
    const first = bytesToHex(new Uint8Array(32).fill(0xab));
    const second = bytesToHex(new Uint8Array(32).fill(0x01));
    expect(first).toBe('ab'.repeat(32));
    expect(second).toBe('01'.repeat(32));
  });

  it('reads any case; rejects odd length and non-hex', () => {
    expect(hexToBytes('00ff7F')).toEqual(new Uint8Array([0x00, 0xff, 0x7f]));
    expect(hexToBytes('')).toEqual(new Uint8Array([]));
    expect(hexToBytes('abc')).toBeUndefined();
    expect(hexToBytes('0g')).toBeUndefined();
    expect(hexToBytes('0x00')).toBeUndefined();
    expect(hexToBytes(' 00')).toBeUndefined();
    expect(hexToBytes('00\n')).toBeUndefined();
  });

  it('64 lowercase hex digits (the prefixed forms are tested in digest.test.ts)', () => {
    const digest = 'c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7';
    expect(isLowerHex(digest, 64)).toBe(true);
    expect(isLowerHex(digest.toUpperCase(), 64)).toBe(false);
    expect(isLowerHex(digest.slice(1), 64)).toBe(false);
    expect(isLowerHex(digest + '\n', 64)).toBe(false);
    expect(isLowerHex(digest, 128)).toBe(false);
    expect(isLowerHex(digest + digest, 128)).toBe(true);
  });

  it('lowercase hex digits only: every character outside 0-9 and a-f is refused', () => {
    const digits = '0123456789abcdef';
    for (let code = 0; code < 0x3000; code++) {
      const char = String.fromCharCode(code);
      expect(isLowerHexRange(`00${char}00`, 0, 5)).toBe(digits.includes(char));
    }
    // Fullwidth digits and letters, and a lone surrogate, look like hex to no one but a font.
    for (const char of ['\uff10', '\uff41', '\ud83d', 'A', 'g', ' '])
      expect(isLowerHexRange(`ab${char}`, 0, 3)).toBe(false);
    // Only the range is read.
    expect(isLowerHexRange('xx00ffxx', 2, 6)).toBe(true);
    expect(isLowerHexRange('xx00ffxx', 1, 6)).toBe(false);
    expect(isLowerHexRange('', 0, 0)).toBe(true);
  });

  it('bytesEqual', () => {
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(bytesEqual(new Uint8Array([1]), new Uint8Array([1, 0]))).toBe(false);
    expect(bytesEqual(new Uint8Array([]), new Uint8Array([]))).toBe(true);
  });
});

describe('concatBytes', () => {
  it('joins chunks in order into one array of the given total length', () => {
    const joined = concatBytes(
      [new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])],
      3,
    );
    expect([...joined]).toEqual([1, 2, 3]);
    expect(concatBytes([], 0)).toEqual(new Uint8Array());
  });
});
