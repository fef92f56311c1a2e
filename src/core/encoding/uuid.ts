/**
 * UUIDs as AER-1 documents write them: lowercase hex digits in the 8-4-4-4-12 layout with nothing
 * around them (§2.1), and the strict profile's version 4 with the RFC 4122 variant (§2.2).
 */
import { isLowerHexRange } from './hex';

/** Where the hyphens of a UUID stand. */
const HYPHENS = [8, 13, 18, 23] as const;
const UUID_LENGTH = 36;
const HYPHEN = 0x2d;

/** §2.1: a lowercase UUID of any version, nothing around it. */
export function isLowercaseUuid(text: string): boolean {
  if (text.length !== UUID_LENGTH) return false;
  let from = 0;
  for (const at of HYPHENS) {
    if (text.charCodeAt(at) !== HYPHEN || !isLowerHexRange(text, from, at)) return false;
    from = at + 1;
  }
  return isLowerHexRange(text, from, UUID_LENGTH);
}

/** Whether a lowercase UUID's version digit is 4 and its variant digit one of 8, 9, a, b. */
export function hasVersion4Digits(uuid: string): boolean {
  return uuid.charAt(14) === '4' && '89ab'.includes(uuid.charAt(19));
}

/** §2.2 strict profile: a lowercase UUID of version 4 and the RFC 4122 variant. */
export function isUuidV4(text: string): boolean {
  return isLowercaseUuid(text) && hasVersion4Digits(text);
}
