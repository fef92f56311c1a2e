/** The ASCII codes of each byte's two lowercase hex digits: byte b at 2b and 2b + 1. */
const HEX_CODES = new Uint8Array(512);
for (let b = 0; b < 256; b++) {
  const digits = b.toString(16).padStart(2, '0');
  HEX_CODES[2 * b] = digits.charCodeAt(0);
  HEX_CODES[2 * b + 1] = digits.charCodeAt(1);
}
/** The digits of a 32-byte digest, the usual case, written here and decoded at once. */
const DIGEST_DIGITS = new Uint8Array(64);
const ASCII = new TextDecoder();

/**
 * Lowercase hex. Written as ASCII codes and decoded once, rather than by appending 32 two-digit
 * strings: that made a rope of 26 pieces per digest, about 1 kB of garbage and a flattening
 * for each receipt's output_hash and each timeline entry.
 */
export function bytesToHex(bytes: Uint8Array): string {
  const n = bytes.length;
  const digits = n === 32 ? DIGEST_DIGITS : new Uint8Array(2 * n);
  for (let i = 0; i < n; i++) {
    const at = 2 * (bytes[i] as number);
    digits[2 * i] = HEX_CODES[at] as number;
    digits[2 * i + 1] = HEX_CODES[at + 1] as number;
  }
  return ASCII.decode(digits);
}

/** Parses hex of any case; undefined when it is not whole bytes of hex digits. */
export function hexToBytes(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** 1 for each lowercase hex digit's character code. */
const LOWER_HEX_DIGIT = new Uint8Array(128);
for (const digit of '0123456789abcdef') LOWER_HEX_DIGIT[digit.charCodeAt(0)] = 1;

/**
 * Whether `text[from, to)` is lowercase hex digits only. A loop over a table, not a regular
 * expression: V8 runs it several times faster on strings this short, and every digest, id and
 * workflow step's hash is tested.
 */
export function isLowerHexRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || LOWER_HEX_DIGIT[code] === 0) return false;
  }
  return true;
}

/** `length` lowercase hex digits and nothing else: a Nostr key, id or signature, or a bare digest (see digest.ts for digests). */
export function isLowerHex(text: string, length: number): boolean {
  return text.length === length && isLowerHexRange(text, 0, length);
}

/** The chunks of a stream as one array (their lengths add up to `total`). */
export function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
