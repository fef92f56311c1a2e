/**
 * Whether the proof checks (./verifier.ts) and SHA-1 and RIPEMD-160 (hash/sha256.ts) must be
 * loaded before verifying (load-code.ts): when, and only when, a document may carry an
 * OpenTimestamps proof, the only thing they are used for. As for Nostr events
 * (../nostr/prepare.ts), the decision is made on what detection found, never skips a proof, and
 * a proof or an operation reached without them loaded is a loud internal error
 * (CodeNotLoaded, on-demand.ts), never a pass or "unavailable".
 */
import type { DetectedDocument } from '../../model/document';

/**
 * The first 15 bytes of the proof magic (./magic.ts) as JSON text can carry them: strict base64
 * of a string that starts with the magic starts with these 20 characters, and hex (of any case,
 * as hexToBytes reads it) with these 30 digits.
 */
const BASE64_MAGIC = 'AE9wZW5UaW1lc3RhbXBz';
const HEX_MAGIC = /004f70656e54696d657374616d7073/i;

/**
 * Whether a JSON text may hold an .ots proof in a string (a log anchor's proof members, base64 or
 * hex), decided so it can never miss one: the string starts with the magic's base64 or hex,
 * which JSON can spell only literally (none of those characters has a short escape) or with a
 * \u escape. A few plain string searches, so a 30 MB workflow costs a few milliseconds.
 */
export function textMayCarryOtsProof(text: string): boolean {
  return text.includes('\\u') || text.includes(BASE64_MAGIC) || HEX_MAGIC.test(text);
}

export function mayCarryOtsProof(doc: DetectedDocument): boolean {
  if (doc.kind === 'ots-proof') return true;
  return doc.root !== undefined && textMayCarryOtsProof(doc.source.text);
}
