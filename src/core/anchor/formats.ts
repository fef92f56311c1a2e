/** Small text forms shared by the anchor checks and the network helpers. */
// Digest forms (sha256:<hex>, bare hex, sha256-<hex>) live in ../encoding/digest.ts.

/** A Nostr relay address. */
export const RELAY_URL = /^wss?:\/\/\S+$/;

/** Unix seconds to RFC 3339 UTC without a fraction ("2015-05-28T15:41:18Z"). */
export function unixToIso(seconds: number): string | undefined {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z');
}
