/** Small text forms shared by the anchor checks and the network helpers. */
import { hexToBytes } from '../encoding/hex';

/** A SHA-256 digest written bare or with the receipt's "sha256:" prefix, lowercase. */
const DIGEST = /^(?:sha256:)?([0-9a-f]{64})$/;

/** The bare hex of a digest written either way, or undefined. */
export function digestHex(text: string): string | undefined {
  return DIGEST.exec(text)?.[1];
}

export function digestBytes(text: string): Uint8Array | undefined {
  const hex = digestHex(text);
  return hex ? hexToBytes(hex) : undefined;
}

/** A Nostr relay address. */
export const RELAY_URL = /^wss?:\/\/\S+$/;

/** Unix seconds to RFC 3339 UTC without a fraction ("2015-05-28T15:41:18Z"). */
export function unixToIso(seconds: number): string | undefined {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z');
}
