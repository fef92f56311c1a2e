import { sha256 as wasmSha256 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../encoding/hex';
import { asyncOnlyNativeSha256, loadHashing, NATIVE_THRESHOLD, webCryptoSha256 } from './sha256';

function payload(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 2654435761) >>> 24;
  return bytes;
}

describe('sha256 on either side of the native threshold', () => {
  it('gives the known digest of the empty input and of "abc"', async () => {
    const h = await loadHashing();
    expect(h.sha256Hex(new Uint8Array(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(h.sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  for (const length of [NATIVE_THRESHOLD - 1, NATIVE_THRESHOLD, 3 * 1024 * 1024 + 7]) {
    it(`agrees with hash-wasm on ${length} bytes (sync and WebCrypto)`, async () => {
      const h = await loadHashing();
      const data = payload(length);
      const expected = await wasmSha256(data);
      expect(h.sha256Hex(data)).toBe(expected);
      expect(bytesToHex(h.sha256(data))).toBe(expected);
      expect(bytesToHex(await webCryptoSha256()!(data))).toBe(expected);
    });
  }

  it('hashes a view into a larger buffer, not the whole buffer', async () => {
    const h = await loadHashing();
    const big = payload(4 * NATIVE_THRESHOLD);
    const view = big.subarray(100, 100 + 2 * NATIVE_THRESHOLD);
    expect(h.sha256Hex(view)).toBe(await wasmSha256(view.slice()));
  });
});

describe('the asynchronous native SHA-256 of the large-payload pre-pass', () => {
  it('is none on Node, whose synchronous sha256() is native already', () => {
    expect(asyncOnlyNativeSha256()).toBeUndefined();
    expect(webCryptoSha256()).toBeDefined();
  });
});

describe('the digest of an input as verified', () => {
  // node:crypto is the independent reference here (the core itself never imports it).
  const reference = async (data: Uint8Array) =>
    (await import('node:crypto')).createHash('sha256').update(data).digest('hex');

  it('hashes a whole input, small or large, and a streamed one in any parts, alike', async () => {
    const { createSha256Stream, sha256HexOfInput } = await import('./sha256');
    for (const size of [0, 5, NATIVE_THRESHOLD, 3 * 1024 * 1024 + 7]) {
      const data = new Uint8Array(size).map((_, i) => (i * 31 + 7) & 0xff);
      const want = await reference(data);
      expect(await sha256HexOfInput(data), `${size} bytes`).toBe(want);
      const stream = await createSha256Stream();
      for (let at = 0; at < size; at += 65_537) stream.update(data.subarray(at, at + 65_537));
      expect(stream.hex(), `${size} bytes in parts`).toBe(want);
    }
  });
});

describe('text is hashed as its UTF-8 bytes, or not at all', () => {
  it('refuses text with a lone surrogate rather than hash U+FFFD in its place', async () => {
    const hashing = await loadHashing();
    expect(() => hashing.sha256('a\ud800')).toThrow(/lone surrogate/);
    expect(() => hashing.sha256Hex('\udc00b')).toThrow(/lone surrogate/);
    expect(hashing.sha256Hex('\ud83d\ude00')).toBe(
      hashing.sha256Hex(new TextEncoder().encode('\ud83d\ude00')),
    );
  });
});

describe('digests written in place (Merkle leaves and nodes)', () => {
  const reference = async (data: Uint8Array | string) =>
    (await import('node:crypto')).createHash('sha256').update(data).digest('hex');

  it('hash a range of bytes into a range of the output, whatever its length', async () => {
    const hashing = await loadHashing();
    for (const length of [0, 1, 55, 56, 64, 128, 129, 4096, 16 * 1024, 16 * 1024 + 1, 70_000]) {
      const data = payload(length + 10);
      const out = new Uint8Array(32 + 64);
      hashing.sha256Into(data, 3, 3 + length, out, 32);
      expect(bytesToHex(out.subarray(32, 64)), `${length} bytes`).toBe(
        await reference(data.subarray(3, 3 + length)),
      );
      expect(
        out.subarray(0, 32).every((b) => b === 0) && out.subarray(64).every((b) => b === 0),
      ).toBe(true);
    }
  });

  it('hash text as its UTF-8 bytes, ASCII or not, and refuse a lone surrogate', async () => {
    const hashing = await loadHashing();
    const out = new Uint8Array(32);
    for (const text of ['', 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a', 'é€😀', 'x'.repeat(20_000)]) {
      hashing.sha256TextInto(text, out, 0);
      expect(bytesToHex(out), JSON.stringify(text.slice(0, 20))).toBe(await reference(text));
    }
    expect(() => hashing.sha256TextInto('a\ud800', out, 0)).toThrow(/lone surrogate/);
  });

  it('leave the hasher it shares its module with as it was', async () => {
    const hashing = await loadHashing();
    const out = new Uint8Array(32);
    hashing.sha256TextInto('first', out, 0);
    expect(bytesToHex(hashing.sha256Concat(payload(10), payload(20)))).toBe(
      await reference(new Uint8Array([...payload(10), ...payload(20)])),
    );
  });
});
