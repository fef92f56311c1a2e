/**
 * Strict standard base64 (RFC 4648 §4): alphabet A–Z a–z 0–9 + /, '=' padding only at the end,
 * length a multiple of 4, no whitespace, and canonical (re-encoding the bytes gives the same
 * text, i.e. the unused low bits of the last symbol are zero). atob() is lenient on all of
 * these, so we decode by hand.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

export type Base64Problem =
  'not-a-multiple-of-4' | 'invalid-character' | 'misplaced-padding' | 'non-canonical-padding-bits';

export type Base64Result =
  { ok: true; bytes: Uint8Array } | { ok: false; problem: Base64Problem; index: number };

export function decodeBase64Strict(text: string): Base64Result {
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
