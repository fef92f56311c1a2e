/**
 * The one place that hashes. hash-wasm compiles its WebAssembly once (embedded, no fetch);
 * after `loadHashing()` every digest is synchronous, which keeps 100,000-leaf Merkle trees free
 * of per-leaf promise overhead.
 *
 * Large payloads go to the platform's native SHA-256 instead. Measured on the 2-core bench
 * machine (x86-64 with SHA extensions, Node 20.20, `npx tsx bench/hashing.ts` through
 * `npm run bench`, 2026-12-01), one 64 MiB payload:
 *
 * | implementation                         | MB/s | share of native |
 * |----------------------------------------|------|-----------------|
 * | node:crypto (OpenSSL, native)          | 1668 | 100 %           |
 * | WebCrypto `crypto.subtle.digest` (Node) |  755 |  45 %           |
 * | hash-wasm                              |  311 |  19 %           |
 *
 * and per call, by size (µs, best of 5): 64 B wasm 0.82 / native 1.27; 256 B 1.51 / 1.35;
 * 1 KiB 3.80 / 1.66; 4 KiB 19.4 / 4.9; 64 KiB 235 / 39; 1 MiB 3193 / 585. So hash-wasm stays
 * for what is small (Merkle leaves and nodes: 32–64 bytes, ~1.7× faster than a native call),
 * and from NATIVE_THRESHOLD up the synchronous native hash is used where the platform has one.
 *
 * Where that is: Node (the CLI, worker threads) has node:crypto, reached through
 * `process.getBuiltinModule` (Node ≥ 20.16) at run time — no import, so the core stays free of
 * Node built-ins and bundles unchanged for the browser. Browsers and Workers have only the
 * asynchronous WebCrypto; the receipt rules are synchronous (kinds' `verify`, called from
 * verify.ts), so there `sha256()` stays on hash-wasm, and the pipeline's asynchronous pre-pass
 * (../large-payloads.ts) digests the large payloads with `asyncOnlyNativeSha256()` before the
 * rules run and hands them the digests (`prehashed`, ./prehashed.ts).
 */
import { createSHA256, type IHasher } from 'hash-wasm';
import { onDemand } from '../on-demand';
import { bytesToHex } from '../encoding/hex';
import type { Base64Result } from '../encoding/base64';
import { isUtf8Encodable } from '../encoding/utf8';

export interface Hashing {
  sha256(data: Uint8Array | string): Uint8Array;
  sha256Hex(data: Uint8Array | string): string;
  /** SHA-256 of the concatenation of several parts, without copying them together. */
  sha256Concat(...parts: Uint8Array[]): Uint8Array;
  /**
   * Payloads the large-payload pre-pass decoded and digested for this run (./prehashed.ts):
   * present only on the Hashing of a run that had some. `sha256()` already answers from it.
   */
  prehashed?: { decode(text: string): Base64Result };
  ripemd160(data: Uint8Array): Uint8Array;
  sha1(data: Uint8Array): Uint8Array;
}

/** From this many bytes up the native hash is used (native is faster from about 256 B). */
export const NATIVE_THRESHOLD = 1024;

type NativeSha256 = (data: Uint8Array) => Uint8Array;
export type AsyncSha256 = (data: Uint8Array) => Promise<Uint8Array>;

interface NodeCryptoLike {
  createHash(algorithm: 'sha256'): {
    update(data: Uint8Array): { digest(): Uint8Array };
  };
}

/** node:crypto's SHA-256 when running on Node (≥ 20.16), found without importing it. */
function findNativeSha256(): NativeSha256 | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof proc?.getBuiltinModule !== 'function') return undefined;
  const crypto = proc.getBuiltinModule('node:crypto') as NodeCryptoLike | undefined;
  if (typeof crypto?.createHash !== 'function') return undefined;
  return (data) => {
    const digest = crypto.createHash('sha256').update(data).digest();
    return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
  };
}

/** WebCrypto's SHA-256 (`crypto.subtle.digest`) where the platform has it. */
export function webCryptoSha256(): AsyncSha256 | undefined {
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!subtle) return undefined;
  return async (data) =>
    new Uint8Array(await subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/**
 * The platform's native SHA-256 when it is only asynchronous: WebCrypto in browsers and Workers
 * (in a secure context). Undefined on Node, whose synchronous `sha256()` is native already.
 */
export function asyncOnlyNativeSha256(): AsyncSha256 | undefined {
  // (Looked up once: the JSON Lines path asks for every record.)
  asyncOnly ??= { digest: findNativeSha256() ? undefined : webCryptoSha256() };
  return asyncOnly.digest;
}

let asyncOnly: { digest: AsyncSha256 | undefined } | undefined;

let loading: Promise<Hashing> | undefined;

export function loadHashing(): Promise<Hashing> {
  loading ??= (async () => {
    const sha256 = await createSHA256();
    const native = findNativeSha256();
    const once = (h: IHasher, data: Uint8Array | string): Uint8Array => {
      h.init();
      h.update(data);
      return h.digest('binary');
    };
    const sha256Sync = (data: Uint8Array | string): Uint8Array => {
      // A string is hashed as its UTF-8 bytes; one with a lone surrogate has none (hash-wasm
      // would hash U+FFFD instead). Every caller refuses such text with its own reason first,
      // so reaching this is a bug, and it must not pass as a digest of the text shown.
      if (typeof data === 'string' && !isUtf8Encodable(data))
        throw new Error('text with a lone surrogate has no UTF-8 bytes to hash');
      return native && typeof data !== 'string' && data.length >= NATIVE_THRESHOLD
        ? native(data)
        : once(sha256, data);
    };
    return {
      sha256: sha256Sync,
      sha256Hex: (data) => bytesToHex(sha256Sync(data)),
      sha256Concat: (...parts) => {
        sha256.init();
        for (const p of parts) sha256.update(p);
        return sha256.digest('binary');
      },
      ripemd160: (data) => legacyHashes().ripemd160(data),
      sha1: (data) => legacyHashes().sha1(data),
    };
  })();
  return loading;
}

/**
 * SHA-256 (lowercase hex) of a whole input as it arrived, for the record of what was verified
 * (the app's exported and printed report): the platform's native hash where it is only
 * asynchronous (WebCrypto, in the browser's Worker), else the synchronous one.
 */
export async function sha256HexOfInput(data: Uint8Array): Promise<string> {
  const native = data.length >= NATIVE_THRESHOLD ? asyncOnlyNativeSha256() : undefined;
  if (native) return bytesToHex(await native(data));
  return (await loadHashing()).sha256Hex(data);
}

/** SHA-256 of bytes that arrive in parts (a file read as a stream), never held together. */
export interface Sha256Stream {
  update(part: Uint8Array): void;
  hex(): string;
}

export async function createSha256Stream(): Promise<Sha256Stream> {
  // Its own hasher: the shared one above is re-initialised by every synchronous digest.
  const hasher = await createSHA256();
  hasher.init();
  return {
    update: (part) => void hasher.update(part),
    hex: () => hasher.digest('hex'),
  };
}

/**
 * SHA-1 and RIPEMD-160 only hash an OTS proof's few short messages: @noble/hashes in plain
 * JavaScript instead of two more hash-wasm WebAssembly modules (about 10 kB gzipped in the
 * Worker every first verdict waited for). They load only when an input may carry an OTS proof
 * (../anchor/ots/prepare.ts), as secp256k1 does for Nostr events: the first verdict of a receipt
 * without one does not download them. Hashing stays synchronous; reaching `sha1()` or
 * `ripemd160()` before `loadLegacyHashes()` is a loud internal error, never a verdict.
 * Measured 2026-12-01 (`npx vite build`, bench/page-weight.ts): loading them here took the
 * Worker's first chunk from 66.5 to 63.6 kB gzipped (legacy.js with _md.js, _u64.js and utils.js
 * of @noble/hashes, which nothing else there uses) and the first verdict from 202.6 to 199.6 kB;
 * they come as a chunk of 1.4 kB gzipped with the first OTS proof.
 */
interface LegacyHashes {
  sha1(data: Uint8Array): Uint8Array;
  ripemd160(data: Uint8Array): Uint8Array;
}

const LEGACY = /* @__PURE__ */ onDemand<LegacyHashes>(
  'an OpenTimestamps SHA-1 or RIPEMD-160 operation',
  'loadLegacyHashes',
  async () => {
    const { ripemd160, sha1 } = await import('@noble/hashes/legacy.js');
    return { ripemd160: (data) => ripemd160(data), sha1: (data) => sha1(data) };
  },
);

/** Loads SHA-1 and RIPEMD-160 (once); every later call of them is synchronous. */
export const loadLegacyHashes = LEGACY.load;
export const legacyHashesLoaded = LEGACY.loaded;

function legacyHashes(): LegacyHashes {
  return LEGACY.get();
}
