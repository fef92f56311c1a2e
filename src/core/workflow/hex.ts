/**
 * Char-code versions of two regex tests that run once per step (100,000 times for a large
 * workflow): a loop over char codes is several times faster than the equivalent RegExp.
 * Same meaning as LOWER_HEX_64 and LOWERCASE_UUID; hex.test.ts checks they agree.
 */

function isLowerHexCode(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66);
}

/** `^[0-9a-f]{64}$` */
export function isLowerHex64(text: string): boolean {
  if (text.length !== 64) return false;
  for (let i = 0; i < 64; i++) if (!isLowerHexCode(text.charCodeAt(i))) return false;
  return true;
}

/** `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$` */
export function isLowercaseUuid(text: string): boolean {
  if (text.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = text.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 0x2d) return false;
    } else if (!isLowerHexCode(c)) return false;
  }
  return true;
}
