/**
 * The Nostr anchor type (spec §5.1): a receipt's `anchor` member naming an event (event_id,
 * pubkey), the Nostr event as a document of its own (NIP-01), and an event supplied beside a
 * record. Its checks (nostr-checks.ts) load only for an input that may meet one of those, and
 * secp256k1 only for an input that may carry an event.
 */
import { stringMember } from '../../json/ast';
import { objectWithMembers, type KindDescriptor } from '../../kinds/kind';
import { ANCHOR_LIMITS } from '../../limits';
import { KIND_LABELS } from '../../model/kinds';
import { onDemand } from '../../on-demand';
import type { AnchorDescriptor } from '../anchor-type';
import { anchorDocumentVerifier } from '../document-report';
import { loadSchnorrVerifier, schnorrVerifierLoaded } from './event';
import { mayCarryNostrEvent, mayMeetNostrAnchor } from './prepare';
import { NOSTR_RULES } from './rules';

const NOSTR_CHECKS = onDemand(
  'the Nostr anchor checks',
  'loadCodeFor',
  () => import('./nostr-checks'),
);

const NIP01_MEMBERS = ['id', 'pubkey', 'created_at', 'kind', 'tags', 'content', 'sig'];

export const NOSTR_EVENT_KIND: KindDescriptor = {
  kind: 'nostr-event',
  label: KIND_LABELS['nostr-event'],
  accepts: 'a Nostr event',
  recogniseJson: [objectWithMembers(70, NIP01_MEMBERS, 'object with the NIP-01 event members')],
  role: 'material',
  joins: (doc) => {
    const id = doc.root?.type === 'object' ? stringMember(doc.root, 'id') : undefined;
    return id !== undefined ? [`event:${id}`] : [];
  },
  verify: anchorDocumentVerifier(
    (doc, ctx, list, details) =>
      details.anchors.push(NOSTR_CHECKS.get().checkEventDocument(doc, ctx, list)),
    [ANCHOR_LIMITS.nostr],
    ['issuer_authenticity'],
  ),
  vectors: 'anchor',
  details: 'anchors',
};

export const NOSTR_ANCHOR: AnchorDescriptor = {
  name: 'nostr',
  kinds: { 'nostr-event': NOSTR_EVENT_KIND },
  member: {
    rank: 2,
    recognise: (anchor) => anchor.byName.has('event_id') || anchor.byName.has('pubkey'),
    before: (anchor, receipt, values) =>
      NOSTR_CHECKS.get().checkMemberAnchor(anchor, receipt, values),
  },
  supplied: {
    rank: 2,
    kind: 'nostr-event',
    check: (doc, against, ctx, list) =>
      NOSTR_CHECKS.get().checkSuppliedNostrEvent(doc, against, ctx, list),
  },
  // Only when a signature was checked does the report say what one shows.
  limit: {
    text: ANCHOR_LIMITS.nostr,
    appliesTo: (entry) => entry.steps.some((s) => s.label === 'signature'),
  },
  code: [
    { ...NOSTR_CHECKS, mayNeed: mayMeetNostrAnchor },
    { loaded: schnorrVerifierLoaded, load: loadSchnorrVerifier, mayNeed: mayCarryNostrEvent },
  ],
  rules: [NOSTR_RULES],
  vectors: 'anchor',
};
