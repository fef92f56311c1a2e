/** Strict UTF-8: overlong forms, surrogates and bytes past U+10FFFF are errors; a BOM is kept. */
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

export function decodeUtf8Strict(
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; offset: number } {
  try {
    return { ok: true, text: strictDecoder.decode(bytes) };
  } catch {
    return { ok: false, offset: firstInvalidUtf8Offset(bytes) };
  }
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * A lone surrogate: a UTF-16 half without its partner. It is no Unicode character and has no
 * UTF-8 encoding (TextEncoder and hash-wasm write U+FFFD in its place, other bytes than the text
 * shown), so text holding one cannot be hashed as what it is. Pattern source, for use without
 * the u flag, where a lone half is a code unit the pattern can see.
 */
export const LONE_SURROGATE_SOURCE =
  '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);
/** String.prototype.isWellFormed (ES2024, Node 20): the engine's own scan, where there is one. */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean })
  .isWellFormed;

/**
 * Whether `text` has an exact UTF-8 encoding, the one test every place that hashes text read
 * from JSON makes first (a JSON string may hold a lone surrogate, written `\ud800`).
 */
export function isUtf8Encodable(text: string): boolean {
  return isWellFormed ? isWellFormed.call(text) : !LONE_SURROGATE.test(text);
}

/** Where the first lone surrogate of `text` is, for a message: its UTF-16 index and code unit. */
export function firstLoneSurrogate(text: string): { index: number; label: string } | undefined {
  const index = text.search(LONE_SURROGATE);
  if (index === -1) return undefined;
  return {
    index,
    label: `U+${text.charCodeAt(index).toString(16).toUpperCase()}`,
  };
}

/** Any UTF-16 code unit above U+007F (surrogates included). */
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The length in UTF-8 of `text[start, end)`, counted without encoding it: a lone surrogate
 * counts as the three bytes of U+FFFD, which TextEncoder writes for it.
 */
export function utf8Length(text: string, start = 0, end = text.length): number {
  // A whole text that is ASCII is one byte a character: the engine's scan for a character that
  // is not runs several times faster than the loop below (megabytes of a share link's text).
  if (start === 0 && end === text.length && !NON_ASCII.test(text)) return end;
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
