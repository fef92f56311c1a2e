/**
 * Whether secp256k1 must be loaded before verifying (load-code.ts): when, and only when, a
 * document may carry a Nostr event. The decision is made on what detection found (the
 * document's kind, its parsed text), never skips an event (see textMayCarryNostrEvent), and a
 * signature reached without the verifier loaded is a loud internal error
 * (CodeNotLoaded, on-demand.ts), never a pass or "unavailable".
 */
import type { DetectedDocument } from '../../model/document';
import { includesFromTail, textMayCarryNostrEvent } from './event';

export function mayCarryNostrEvent(doc: DetectedDocument): boolean {
  if (doc.kind === 'nostr-event') return true;
  return doc.root !== undefined && textMayCarryNostrEvent(doc.source.text);
}

/**
 * Whether the Nostr anchor checks (nostr-checks.ts) must be loaded: for a document that may carry
 * an event, and for one whose text may hold an anchor member naming one (its event_id or
 * pubkey, which a receipt's anchor must name to be read as a Nostr anchor; a name JSON spells
 * with a \u escape is caught by textMayCarryNostrEvent's own test for one).
 */
export function mayMeetNostrAnchor(doc: DetectedDocument): boolean {
  if (mayCarryNostrEvent(doc)) return true;
  const text = doc.source.text;
  return (
    doc.root !== undefined && (includesFromTail(text, 'event_id', 5) || text.includes('pubkey'))
  );
}
