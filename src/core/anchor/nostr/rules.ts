/**
 * Nostr anchor rules (spec §5.1): the anchor member's own fields, its envelope, and the event
 * (NIP-01 id, BIP-340 signature, and whether it binds the record). An event checked only as
 * information (it binds nothing of this record) reports its id and signature as info.
 */
import { defineRules } from '../../rules/rule';

export const NOSTR_ANCHOR_SCHEMA = 'zambo-receipt-anchor/1';
export const EVENT_NOT_SUPPLIED =
  'event not supplied; fetch it from a relay or supply the event JSON';

export const NOSTR_RULES = defineRules({
  eventIdMember: {
    id: 'anchor.nostr.event_id',
    dimension: 'anchor_verification',
    section: '§5.1',
    fail: 'anchor.event_id is not 64 lowercase hex characters',
  },
  pubkeyMember: {
    id: 'anchor.nostr.pubkey',
    dimension: 'anchor_verification',
    section: '§5.1',
    fail: 'anchor.pubkey is not 64 lowercase hex characters',
  },
  relays: {
    id: 'anchor.nostr.relays',
    dimension: 'anchor_verification',
    section: '§5.1',
    warning: 'anchor.relays is not a list of ws:// or wss:// URLs',
  },
  publishedAt: {
    id: 'anchor.nostr.published_at',
    dimension: 'anchor_verification',
    section: '§5.1',
    fail: 'anchor.published_at is not RFC 3339',
  },
  schemaVersion: {
    id: 'anchor.nostr.schema_version',
    dimension: 'anchor_verification',
    section: '§5.1',
    warning: `anchor.schema_version is not ${NOSTR_ANCHOR_SCHEMA}`,
  },
  envelope: {
    id: 'anchor.nostr.envelope',
    dimension: 'anchor_verification',
    section: '§5.1',
    info: 'the anchor carries no envelope',
    fail: 'anchor.envelope is not an object',
  },
  envelopeBytes: {
    id: 'anchor.nostr.envelope_bytes',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'anchor.envelope_bytes equals the key-sorted compact JSON of anchor.envelope',
    // <problem>: not a string, duplicate names in the envelope, a different text, or text
    // with a lone surrogate (no UTF-8 bytes to hash).
    fail: '<problem>',
  },
  envelopeReceiptUuid: {
    id: 'anchor.nostr.envelope.receipt_uuid',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'envelope.receipt_uuid equals the receipt id',
    fail: 'envelope.receipt_uuid does not match the receipt id',
    unavailable: 'envelope.receipt_uuid not compared: the receipt id is not a string',
  },
  envelopeOutputSha256: {
    id: 'anchor.nostr.envelope.output_sha256',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'envelope.output_sha256 equals output_hash',
    fail: 'envelope.output_sha256 does not match output_hash',
    unavailable: 'envelope.output_sha256 not compared: the receipt output_hash is not well formed',
  },
  envelopeAnchoredAt: {
    id: 'anchor.nostr.envelope.anchored_at',
    dimension: 'anchor_verification',
    section: '§5.1',
    fail: 'envelope.anchored_at is not RFC 3339',
  },
  envelopeEvidenceSha256: {
    id: 'anchor.nostr.envelope.evidence_sha256',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'envelope.evidence_sha256 equals the receipt evidence_sha256',
    // <problem>: "is not a lowercase hex SHA-256 digest" or "does not match the receipt ...".
    fail: 'envelope.evidence_sha256 <problem>',
  },
  envelopeEvidence: {
    id: 'anchor.nostr.envelope.evidence',
    dimension: 'evidence_linkage',
    section: '§5.1',
    pass: 'supplied file <file> matches envelope.evidence_sha256',
    not_checked: 'envelope.evidence_sha256 present; supply the evidence file to check it',
  },
  envelopeEvidenceByteLength: {
    id: 'anchor.nostr.envelope.evidence_byte_length',
    dimension: 'evidence_linkage',
    section: '§5.1',
    pass: 'envelope.evidence_byte_length equals the supplied evidence length',
    fail: 'envelope.evidence_byte_length does not match the supplied evidence',
  },
  event: {
    id: 'anchor.nostr.event',
    dimension: 'anchor_verification',
    section: '§5.1',
    unavailable: EVENT_NOT_SUPPLIED,
  },
  eventShape: {
    id: 'anchor.nostr.event.shape',
    dimension: 'schema_validity',
    section: '§5.1',
    pass: 'the event has the NIP-01 members with their types',
    // <problem>: the NIP-01 member that is missing or mistyped, as the event reader says it.
    fail: '<problem>',
  },
  eventId: {
    id: 'anchor.nostr.event.id',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'event id equals the NIP-01 hash of its content',
    fail: 'event id does not match the NIP-01 hash of its content',
    info: 'event id <agreement> the NIP-01 hash of its content',
  },
  eventSignature: {
    id: 'anchor.nostr.event.signature',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'event signature is a valid BIP-340 signature by pubkey <pubkey>',
    fail: 'event signature does not verify',
    info: 'event signature <finding>',
  },
  eventCreatedAt: {
    id: 'anchor.nostr.event.created_at',
    dimension: 'anchor_verification',
    section: '§5.1',
    info: 'event created_at <time>',
  },
  eventMatchesAnchor: {
    id: 'anchor.nostr.event.matches_anchor',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'event id equals anchor.event_id',
    fail: 'event id does not match anchor.event_id',
  },
  eventPubkey: {
    id: 'anchor.nostr.event.pubkey',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'event pubkey equals anchor.pubkey',
    fail: 'event pubkey does not match anchor.pubkey',
  },
  eventBinding: {
    id: 'anchor.nostr.event.binding',
    dimension: 'anchor_verification',
    section: '§5.1',
    pass: 'the event binds this record: its <where> carries <target>',
    fail: 'the event does not bind this record',
    info: 'the event does not bind this record',
    not_checked: 'the event was not compared with a record: supply the receipt it anchors',
  },
  eventBindingStrength: {
    id: 'anchor.nostr.event.binding_strength',
    dimension: 'anchor_verification',
    section: '§5.1',
    warning: 'the event names <target> but carries no digest of the record',
  },
  eventContradiction: {
    id: 'anchor.nostr.event.contradiction',
    dimension: 'anchor_verification',
    section: '§5.1',
    fail: 'the event witnesses another record: <contradiction>',
  },
});
