/**
 * Strict standard base64 (RFC 4648 §4): alphabet A–Z a–z 0–9 + /, '=' padding only at the end,
 * length a multiple of 4, no whitespace, and canonical (re-encoding the bytes gives the same
 * text, i.e. the unused low bits of the last symbol are zero). atob() and Node's Buffer are
 * lenient on all of these: short texts are decoded by Buffer on Node and kept only when they
 * round-trip, the rest by hand.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
/** The same table over 256 codes, for the fast path (codes above 255 are rejected apart). */
const DECODE256 = new Int32Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE256[ALPHABET.charCodeAt(i)] = i;

export type Base64Problem =
  'not-a-multiple-of-4' | 'invalid-character' | 'misplaced-padding' | 'non-canonical-padding-bits';

export type Base64Result =
  { ok: true; bytes: Uint8Array } | { ok: false; problem: Base64Problem; index: number };

/**
 * Decodes four symbols at a time and returns only when the text is valid; anything unusual
 * goes to the symbol-by-symbol decoder below, which names the problem and its index: valid
 * payloads, the common case, are decoded several times faster than by that decoder alone.
 */
export function decodeBase64Strict(text: string): Base64Result {
  const bytes = decodeWithNodeBuffer(text) ?? decodeValidBase64(text);
  return bytes ? { ok: true, bytes } : decodeBase64Carefully(text);
}

interface NodeBufferLike {
  from(text: string, encoding: 'base64'): Uint8Array & { toString(encoding: 'base64'): string };
}

/** Node's Buffer, where the core runs on Node (looked up, not imported: the core stays portable). */
const NODE_BUFFER = (globalThis as { Buffer?: NodeBufferLike }).Buffer;

/**
 * Short texts only: Node gives their bytes room in a shared pool below this size, where a
 * Uint8Array of their own costs more than decoding them; a longer text gets a buffer of its
 * own either way, and re-encoding it would hold a second copy of it.
 */
const NODE_BUFFER_MAX_TEXT = 4096;

/**
 * Node's native decoder, for short texts: it is lenient, so its bytes count only when encoding
 * them again gives the text back, which is what canonical means here. Undefined otherwise (no
 * Node, a long text, or text that is not canonical base64, which the decoders below explain).
 */
export function decodeWithNodeBuffer(text: string): Uint8Array | undefined {
  if (!NODE_BUFFER || text.length > NODE_BUFFER_MAX_TEXT) return undefined;
  const bytes = NODE_BUFFER.from(text, 'base64');
  if (bytes.toString('base64') !== text) return undefined;
  // A plain Uint8Array over the same memory: the core hands out the same type on every platform.
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Four symbols at a time; undefined unless the text is strict, canonical base64. */
export function decodeValidBase64(text: string): Uint8Array | undefined {
  const n = text.length;
  if (n % 4 !== 0) return undefined;
  let padding = 0;
  if (n > 0 && text.charCodeAt(n - 1) === 0x3d) padding = text.charCodeAt(n - 2) === 0x3d ? 2 : 1;
  const out = new Uint8Array((n / 4) * 3 - padding);
  const full = padding === 0 ? n : n - 4;
  const table = DECODE256;
  let o = 0;
  for (let i = 0; i < full; i += 4) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    const c = text.charCodeAt(i + 2);
    const d = text.charCodeAt(i + 3);
    if ((a | b | c | d) > 255) return undefined;
    const v = (table[a]! << 18) | (table[b]! << 12) | (table[c]! << 6) | table[d]!;
    if (v < 0) return undefined;
    out[o++] = v >> 16;
    out[o++] = (v >> 8) & 0xff;
    out[o++] = v & 0xff;
  }
  if (padding > 0) {
    const a = text.charCodeAt(full);
    const b = text.charCodeAt(full + 1);
    const c = padding === 1 ? text.charCodeAt(full + 2) : 0x41; // 'A' decodes to 0
    if ((a | b | c) > 255) return undefined;
    const va = table[a]!;
    const vb = table[b]!;
    const vc = table[c]!;
    if (va < 0 || vb < 0 || vc < 0) return undefined;
    const v = (va << 18) | (vb << 12) | (vc << 6);
    // Canonical: the unused low bits of the last symbol are zero.
    if ((v & (padding === 1 ? 0xff : 0xffff)) !== 0) return undefined;
    out[o] = v >> 16;
    if (padding === 1) out[o + 1] = (v >> 8) & 0xff;
  }
  return out;
}

/** Symbol by symbol, naming the first problem (and decoding valid text the same way). */
export function decodeBase64Carefully(text: string): Base64Result {
  // Foreign characters first, so raw JSON or a line break is named as such, not as a length.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x3d && (code >= 128 || (DECODE[code] as number) < 0)) {
      return { ok: false, problem: 'invalid-character', index: i };
    }
  }
  if (text.length % 4 !== 0)
    return { ok: false, problem: 'not-a-multiple-of-4', index: text.length };
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  const dataLength = text.length - padding;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < dataLength; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? (DECODE[code] as number) : -1;
    if (v < 0) {
      return {
        ok: false,
        problem: code === 0x3d ? 'misplaced-padding' : 'invalid-character',
        index: i,
      };
    }
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  if (bits > 0 && (buffer & ((1 << bits) - 1)) !== 0) {
    return { ok: false, problem: 'non-canonical-padding-bits', index: dataLength - 1 };
  }
  return { ok: true, bytes: out };
}

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out +=
      ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=';
  }
  return out;
}

export function describeBase64Problem(problem: Base64Problem, index: number): string {
  switch (problem) {
    case 'not-a-multiple-of-4':
      return `length ${index} is not a multiple of 4 (padding stripped?)`;
    case 'invalid-character':
      return `character at index ${index} is not in the standard base64 alphabet`;
    case 'misplaced-padding':
      return `'=' at index ${index} is not at the end`;
    case 'non-canonical-padding-bits':
      return `unused bits of the last symbol (index ${index}) are not zero, so re-encoding differs`;
  }
}
