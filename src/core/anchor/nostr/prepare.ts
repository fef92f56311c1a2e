/**
 * Before verifying: load secp256k1 when, and only when, a document may carry a Nostr event. The
 * decision is made on what detection found (the document's kind, its parsed text), never skips
 * an event (see textMayCarryNostrEvent), and a signature reached without the verifier loaded is
 * a loud internal error (SchnorrVerifierNotLoaded), never a pass or "unavailable".
 */
import type { DetectedDocument } from '../../detect';
import { loadSchnorrVerifier, schnorrVerifierLoaded, textMayCarryNostrEvent } from './event';

export function mayCarryNostrEvent(doc: DetectedDocument): boolean {
  if (doc.kind === 'nostr-event') return true;
  return doc.root !== undefined && textMayCarryNostrEvent(doc.source.text);
}

export async function loadNostrVerifierFor(docs: Iterable<DetectedDocument>): Promise<void> {
  if (schnorrVerifierLoaded()) return;
  for (const doc of new Set(docs)) if (mayCarryNostrEvent(doc)) return loadSchnorrVerifier();
}
