/**
 * What the asynchronous large-payload pre-pass (../large-payloads.ts) hands the synchronous
 * rules: payloads it already decoded from base64, and the SHA-256 it computed of them (or of a
 * supplied file's bytes) with the platform's native, asynchronous WebCrypto.
 *
 * Decoded once: a rule decoding `canonical_bytes` through `decodeBase64Prehashed` takes the
 * pre-pass's bytes (the same Uint8Array it digested), so `hashing.sha256(bytes)` finds the
 * digest by identity. The bytes are handed over once and dropped from here, so a 64 MiB payload
 * lives only as long as the rule (and its report) keep it.
 */
import { decodeBase64Strict, type Base64Result } from '../encoding/base64';
import { bytesToHex } from '../encoding/hex';
import type { Hashing } from './sha256';

/**
 * Payloads of at least this many bytes are digested natively ahead of the rules where that
 * digest is asynchronous (the measurement behind it is in ../large-payloads.ts). Here, not
 * there, so that the pipeline can tell whether to load that module at all (verify.ts).
 */
export const LARGE_PAYLOAD_BYTES = 16 * 1024;

/**
 * Whether a document is big enough to hold a large payload or be a large file: its text's
 * UTF-8 is at most three bytes per UTF-16 unit; a document that is not text has its bytes.
 * (Reading `bytes` of a text document would encode it.)
 */
export function mayHoldLargePayload(doc: { source: { text: string }; bytes: Uint8Array }): boolean {
  const units = doc.source.text.length;
  return units > 0 ? units * 3 >= LARGE_PAYLOAD_BYTES : doc.bytes.length >= LARGE_PAYLOAD_BYTES;
}

export class PrehashedPayloads {
  /** Base64 text -> its decoded bytes, until a rule takes them. */
  private readonly decoded = new Map<string, Uint8Array>();
  /** Base64 text -> SHA-256 of its decoded bytes (for a text decoded again, e.g. twice verified). */
  private readonly digestByText = new Map<string, Uint8Array>();
  /** Bytes (by identity) -> their SHA-256. */
  private readonly digestByBytes = new WeakMap<Uint8Array, Uint8Array>();

  constructor(
    /** Only bytes at least this long are looked up: small hashes never pay for the lookup. */
    readonly minBytes: number,
  ) {}

  /** Records the decoded bytes of `text` (kept for one `decode`) with their digest. */
  addDecoded(text: string, bytes: Uint8Array, digest: Uint8Array, keepBytes: boolean): void {
    if (keepBytes) this.decoded.set(text, bytes);
    this.digestByText.set(text, digest);
    this.digestByBytes.set(bytes, digest);
  }

  /** Records the digest of bytes that are hashed as they are (a supplied file). */
  addBytes(bytes: Uint8Array, digest: Uint8Array): void {
    this.digestByBytes.set(bytes, digest);
  }

  /** Strict base64 decoding (encoding/base64.ts), served from the pre-pass where it can be. */
  decode(text: string): Base64Result {
    const bytes = this.decoded.get(text);
    if (bytes) {
      this.decoded.delete(text);
      return { ok: true, bytes };
    }
    const result = decodeBase64Strict(text);
    const digest = result.ok ? this.digestByText.get(text) : undefined;
    if (result.ok && digest) this.digestByBytes.set(result.bytes, digest);
    return result;
  }

  digestOf(bytes: Uint8Array): Uint8Array | undefined {
    return bytes.length >= this.minBytes ? this.digestByBytes.get(bytes) : undefined;
  }
}

/** `hashing` whose SHA-256 answers from `prehashed` first (a copy: callers may keep it). */
export function withPrehashed(hashing: Hashing, prehashed: PrehashedPayloads): Hashing {
  const sha256 = (data: Uint8Array | string): Uint8Array =>
    (typeof data !== 'string' && prehashed.digestOf(data)?.slice()) || hashing.sha256(data);
  return {
    ...hashing,
    sha256,
    sha256Hex: (data) => bytesToHex(sha256(data)),
    prehashed,
  };
}

/** Strict base64 decoding of a payload the rules will hash: decoded once with the pre-pass. */
export function decodeBase64Prehashed(text: string, hashing: Hashing): Base64Result {
  return hashing.prehashed ? hashing.prehashed.decode(text) : decodeBase64Strict(text);
}
