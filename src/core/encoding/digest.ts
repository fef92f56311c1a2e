/**
 * The one place that knows how AER-1 documents write a SHA-256 digest:
 *
 * - `prefixed`:   `sha256:<64 lowercase hex>`, a receipt's output_hash and evidence_sha256, a log
 *                 anchor's leaf_hash;
 * - `bare`:       `<64 lowercase hex>`, workflow output_hash, merkle_root and receipt_hash, chain
 *                 prev_digest and final_entry_digest;
 * - `hyphenated`: `sha256-<64 lowercase hex>`, evidence_references[].canonical_sha256;
 * - `bare-or-prefixed`: either of the first two (a Nostr envelope's digests, a step output_hash).
 *
 * Only lowercase hex is a digest in any form: `SHA256:` or uppercase digits are not.
 */
import { hexToBytes, isLowerHexRange } from './hex';

export type DigestForm = 'prefixed' | 'bare' | 'hyphenated' | 'bare-or-prefixed';

export const SHA256_PREFIX = 'sha256:';

/** The prefixes each form allows before the 64 lowercase hex digits ('' for none). */
const FORMS: Record<DigestForm, readonly string[]> = {
  prefixed: [SHA256_PREFIX],
  bare: [''],
  hyphenated: ['sha256-'],
  'bare-or-prefixed': ['', SHA256_PREFIX],
};

const DIGEST_HEX_LENGTH = 64;

/** The bare lowercase hex of a digest written in `form`, or undefined when it is not one. */
export function parseDigest(text: string, form: DigestForm): string | undefined {
  for (const prefix of FORMS[form]) {
    const from = prefix.length;
    if (
      text.length === from + DIGEST_HEX_LENGTH &&
      text.startsWith(prefix) &&
      isLowerHexRange(text, from, text.length)
    )
      return from === 0 ? text : text.slice(from);
  }
  return undefined;
}

export function isDigest(text: string, form: DigestForm): boolean {
  return parseDigest(text, form) !== undefined;
}

/** The 32 digest bytes of a digest written in `form`, or undefined. */
export function parseDigestBytes(text: string, form: DigestForm): Uint8Array | undefined {
  const hex = parseDigest(text, form);
  return hex === undefined ? undefined : hexToBytes(hex);
}

/** `sha256:<hex>` for bare hex (how a receipt writes its output_hash). */
export function prefixedDigest(hex: string): string {
  return SHA256_PREFIX + hex;
}

/** The text after a leading `sha256:`, or the whole text when there is none. */
export function withoutPrefix(text: string): string {
  return text.startsWith(SHA256_PREFIX) ? text.slice(SHA256_PREFIX.length) : text;
}

/**
 * A digest read leniently, to tell "the right digest written the wrong way" from "another
 * digest": an optional `sha256:` prefix in any case is dropped and the rest lowercased. Never
 * use it to accept a digest; the form rules decide that.
 */
export function lenientDigestHex(text: string): string {
  return text.replace(/^sha256:/i, '').toLowerCase();
}
