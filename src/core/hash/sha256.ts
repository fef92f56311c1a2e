/**
 * The one place that hashes. hash-wasm compiles its WebAssembly once (embedded, no fetch);
 * after `loadHashing()` every digest is synchronous, which keeps 100,000-leaf Merkle trees free
 * of per-leaf promise overhead.
 */
import { createRIPEMD160, createSHA1, createSHA256, type IHasher } from 'hash-wasm';
import { bytesToHex } from '../encoding/hex';

export interface Hashing {
  sha256(data: Uint8Array | string): Uint8Array;
  sha256Hex(data: Uint8Array | string): string;
  /** SHA-256 of the concatenation of several parts, without copying them together. */
  sha256Concat(...parts: Uint8Array[]): Uint8Array;
  ripemd160(data: Uint8Array): Uint8Array;
  sha1(data: Uint8Array): Uint8Array;
}

let loading: Promise<Hashing> | undefined;

export function loadHashing(): Promise<Hashing> {
  loading ??= (async () => {
    const [sha256, ripemd160, sha1] = await Promise.all([
      createSHA256(),
      createRIPEMD160(),
      createSHA1(),
    ]);
    const once = (h: IHasher, data: Uint8Array | string): Uint8Array => {
      h.init();
      h.update(data);
      return h.digest('binary');
    };
    return {
      sha256: (data) => once(sha256, data),
      sha256Hex: (data) => bytesToHex(once(sha256, data)),
      sha256Concat: (...parts) => {
        sha256.init();
        for (const p of parts) sha256.update(p);
        return sha256.digest('binary');
      },
      ripemd160: (data) => once(ripemd160, data),
      sha1: (data) => once(sha1, data),
    };
  })();
  return loading;
}
