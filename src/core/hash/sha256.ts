/**
 * The one place that hashes. hash-wasm compiles its WebAssembly once (embedded, no fetch);
 * after `loadHashing()` every digest is synchronous, which keeps 100,000-leaf Merkle trees free
 * of per-leaf promise overhead.
 *
 * Large payloads go to the platform's native SHA-256 instead: hash-wasm is faster for what is
 * small (Merkle leaves and nodes, 32–64 bytes), the native hash from about a kilobyte up
 * (`npx tsx bench/hashing.ts` prints both; the figures are in the commit that set
 * NATIVE_THRESHOLD).
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
   * SHA-256 of `data[start, end)` written into `out` at `at` (32 bytes): a Merkle tree's
   * hundreds of thousands of digests allocate nothing.
   */
  sha256Into(data: Uint8Array, start: number, end: number, out: Uint8Array, at: number): void;
  /** SHA-256 of the UTF-8 of `text` written into `out` at `at` (as sha256Into). */
  sha256TextInto(text: string, out: Uint8Array, at: number): void;
  /**
   * Payloads the large-payload pre-pass decoded and digested for this run (./prehashed.ts):
   * present only on the Hashing of a run that had some. `sha256()` already answers from it.
   */
  prehashed?: { decode(text: string): Base64Result };
  ripemd160(data: Uint8Array): Uint8Array;
  sha1(data: Uint8Array): Uint8Array;
}

/** From this many bytes up the native hash is used. */
export const NATIVE_THRESHOLD = 1024;

type NativeSha256 = (data: Uint8Array) => Uint8Array;
export type AsyncSha256 = (data: Uint8Array) => Promise<Uint8Array>;

interface NodeCryptoLike {
  createHash(algorithm: 'sha256'): {
    update(data: Uint8Array): { digest(): Uint8Array };
  };
}

/**
 * node:crypto's SHA-256 when running on Node (≥ 20.16), found without importing it. Looked up
 * once, when first asked for: loading node:crypto is a few milliseconds of the start of every
 * command-line run, and most hash nothing large enough to ask.
 */
function nativeSha256(): NativeSha256 | undefined {
  nativeLookup ??= { sha256: findNativeSha256() };
  return nativeLookup.sha256;
}

let nativeLookup: { sha256: NativeSha256 | undefined } | undefined;

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
  asyncOnly ??= { digest: nativeSha256() ? undefined : webCryptoSha256() };
  return asyncOnly.digest;
}

let asyncOnly: { digest: AsyncSha256 | undefined } | undefined;

let loading: Promise<Hashing> | undefined;

export function loadHashing(): Promise<Hashing> {
  loading ??= (async () => {
    const { hasher: sha256, direct } = await sha256WebAssembly();
    const once = (h: IHasher, data: Uint8Array | string): Uint8Array => {
      h.init();
      h.update(data);
      return h.digest('binary');
    };
    /** Digests of short data land here first (digestDirect), then are copied or written out. */
    const digest = new Uint8Array(32);
    /** Whether a short digest went straight into `digest` (no hasher call, no array made). */
    const digestDirect = (data: Uint8Array | string): boolean => {
      if (!direct) return false;
      if (typeof data === 'string') return direct.asciiInto(data, digest, 0);
      return data.length < NATIVE_THRESHOLD && direct.bytesInto(data, 0, data.length, digest, 0);
    };
    const sha256Sync = (data: Uint8Array | string): Uint8Array => {
      refuseLoneSurrogates(data);
      if (digestDirect(data)) return digest.slice();
      const large = typeof data !== 'string' && data.length >= NATIVE_THRESHOLD;
      const native = large ? nativeSha256() : undefined;
      return native ? native(data as Uint8Array) : once(sha256, data);
    };
    const into = (data: Uint8Array | string, out: Uint8Array, at: number): void => {
      out.set(once(sha256, data), at);
    };
    return {
      sha256: sha256Sync,
      sha256Hex: (data) => {
        refuseLoneSurrogates(data);
        return bytesToHex(digestDirect(data) ? digest : sha256Sync(data));
      },
      sha256Concat: (...parts) => {
        sha256.init();
        for (const p of parts) sha256.update(p);
        return sha256.digest('binary');
      },
      sha256Into: (data, start, end, out, at) => {
        if (!direct?.bytesInto(data, start, end, out, at)) into(data.subarray(start, end), out, at);
      },
      sha256TextInto: (text, out, at) => {
        if (direct?.asciiInto(text, out, at)) return;
        refuseLoneSurrogates(text);
        into(text, out, at);
      },
      ripemd160: (data) => legacyHashes().ripemd160(data),
      sha1: (data) => legacyHashes().sha1(data),
    };
  })();
  return loading;
}

/**
 * A string is hashed as its UTF-8 bytes; one with a lone surrogate has none (hash-wasm would
 * hash U+FFFD instead). Every caller refuses such text with its own reason first, so reaching
 * this is a bug, and it must not pass as a digest of the text shown.
 */
function refuseLoneSurrogates(data: Uint8Array | string): void {
  if (typeof data === 'string' && !isUtf8Encodable(data))
    throw new Error('text with a lone surrogate has no UTF-8 bytes to hash');
}

/** The exports of hash-wasm's SHA-256 WebAssembly module that a digest needs. */
interface Sha256Exports {
  memory: WebAssembly.Memory;
  Hash_GetBuffer(): number;
  Hash_Calculate(length: number, bits: number, padding: number): void;
}

/** Most bytes hash-wasm's buffer takes at once. */
const WASM_BUFFER = 16 * 1024;

/**
 * hash-wasm's SHA-256 hasher, and its WebAssembly instance called without the hasher: the data
 * is written into the instance's buffer and the digest copied out of it into the caller's
 * array. The hasher's own calls make a view of the data per update and a new array per digest,
 * a cost that a tree of 100,000 leaves pays 200,000 times. hash-wasm does not export the instance, so it is taken as hash-wasm instantiates
 * it, and used only when it gives the hasher's digest of a test message; otherwise (a later
 * hash-wasm made otherwise) every digest goes through the hasher.
 */
async function sha256WebAssembly(): Promise<{ hasher: IHasher; direct?: DirectSha256 }> {
  const instantiate = WebAssembly.instantiate;
  const made: WebAssembly.Instance[] = [];
  const watched = async (...args: Parameters<typeof instantiate>) => {
    const result = (await (instantiate as (...a: unknown[]) => Promise<unknown>).apply(
      WebAssembly,
      args,
    )) as WebAssembly.Instance | WebAssembly.WebAssemblyInstantiatedSource;
    made.push(result instanceof WebAssembly.Instance ? result : result.instance);
    return result;
  };
  WebAssembly.instantiate = watched as typeof instantiate;
  let hasher: IHasher;
  try {
    hasher = await createSHA256();
  } finally {
    WebAssembly.instantiate = instantiate;
  }
  for (const instance of made) {
    const direct = DirectSha256.of(instance);
    if (direct?.agreesWith(hasher)) return { hasher, direct };
  }
  return { hasher };
}

class DirectSha256 {
  private buffer: Uint8Array;
  private digest: Uint8Array;

  private constructor(private readonly exports: Sha256Exports) {
    const offset = exports.Hash_GetBuffer();
    this.buffer = new Uint8Array(exports.memory.buffer, offset, WASM_BUFFER);
    this.digest = new Uint8Array(exports.memory.buffer, offset, 32);
  }

  static of(instance: WebAssembly.Instance): DirectSha256 | undefined {
    const exports = instance.exports as Partial<Sha256Exports>;
    if (
      !(exports.memory instanceof WebAssembly.Memory) ||
      typeof exports.Hash_GetBuffer !== 'function' ||
      typeof exports.Hash_Calculate !== 'function'
    )
      return undefined;
    return new DirectSha256(exports as Sha256Exports);
  }

  /** Whether it digests a test message as the hasher does. */
  agreesWith(hasher: IHasher): boolean {
    const message = new TextEncoder().encode('abc'.repeat(50));
    const out = new Uint8Array(32);
    if (!this.bytesInto(message, 0, message.length, out, 0)) return false;
    return bytesToHex(out) === bytesToHex(hasher.init().update(message).digest('binary'));
  }

  /** SHA-256 of data[start, end) into out at `at`; false when it is too long for the buffer. */
  bytesInto(data: Uint8Array, start: number, end: number, out: Uint8Array, at: number): boolean {
    const length = end - start;
    if (length > WASM_BUFFER) return false;
    const buffer = this.view();
    // Short data byte by byte: a subarray to copy from would be an object per digest.
    if (length <= 128) for (let i = 0; i < length; i++) buffer[i] = data[start + i]!;
    else buffer.set(data.subarray(start, end));
    this.finish(length, out, at);
    return true;
  }

  /** SHA-256 of an all-ASCII string (its UTF-8 is its code units); false for any other. */
  asciiInto(text: string, out: Uint8Array, at: number): boolean {
    const length = text.length;
    if (length > WASM_BUFFER) return false;
    const buffer = this.view();
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) return false;
      buffer[i] = code;
    }
    this.finish(length, out, at);
    return true;
  }

  private view(): Uint8Array {
    // (A module whose memory grew has a new buffer: the views are made again.)
    if (this.buffer.buffer !== this.exports.memory.buffer) {
      const offset = this.exports.Hash_GetBuffer();
      this.buffer = new Uint8Array(this.exports.memory.buffer, offset, WASM_BUFFER);
      this.digest = new Uint8Array(this.exports.memory.buffer, offset, 32);
    }
    return this.buffer;
  }

  private finish(length: number, out: Uint8Array, at: number): void {
    this.exports.Hash_Calculate(length, 256, 0);
    out.set(this.digest, at);
  }
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
 * JavaScript instead of two more hash-wasm WebAssembly modules, which every first verdict's
 * Worker would have had to download. They load only when an input may carry an OTS proof
 * (../anchor/ots/prepare.ts), as secp256k1 does for Nostr events. Hashing stays synchronous;
 * reaching `sha1()` or `ripemd160()` before `loadLegacyHashes()` is a loud internal error,
 * never a verdict.
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
