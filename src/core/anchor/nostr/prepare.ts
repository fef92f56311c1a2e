/**
 * Whether secp256k1 must be loaded before verifying (load-code.ts): when, and only when, a
 * document may carry a Nostr event. The decision is made on what detection found (the
 * document's kind, its parsed text), never skips an event (see textMayCarryNostrEvent), and a
 * signature reached without the verifier loaded is a loud internal error
 * (CodeNotLoaded, on-demand.ts), never a pass or "unavailable".
 */
import type { DetectedDocument } from '../../model/document';
import { textMayCarryNostrEvent } from './event';

export function mayCarryNostrEvent(doc: DetectedDocument): boolean {
  if (doc.kind === 'nostr-event') return true;
  return doc.root !== undefined && textMayCarryNostrEvent(doc.source.text);
}
