/**
 * Rules about a receipt's anchor member as a whole (spec §5), whatever its type or of none this
 * verifier knows; and about a Bitcoin block header (§5.3), whose checks the Worker always carries
 * (the OpenTimestamps proof checks load on demand, their rules with them: ots/rules.ts). Each
 * anchor type's own rules live beside its checks: log-anchor.ts, nostr/rules.ts, ots/rules.ts.
 */
import { defineRules } from '../rules/rule';

export const ANCHOR_RULES = defineRules({
  object: {
    id: 'anchor.object',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    reference: '§5',
    fail: 'anchor is not an object',
  },
  profile: {
    id: 'anchor.profile',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    reference: '§5',
    unavailable:
      'the anchor has neither log/leaf_hash (log tier) nor event_id/pubkey (Nostr): its profile is not known to this verifier',
  },
  none: {
    id: 'anchor.none',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    reference: '§5',
    not_checked: 'no anchor present',
  },
});

/** A Bitcoin block header verified on its own, or supplied for a proof's attestation (§5.3). */
export const BLOCK_HEADER_RULES = defineRules({
  headerFormat: {
    id: 'anchor.bitcoin.header.format',
    dimension: 'schema_validity',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    // Its failure is reported inline (ots/ots-type.ts): detection routes only 160 hex digits
    // here, so no vector can reach it through verify().
    pass: 'an 80-byte Bitcoin block header',
  },
  headerProofOfWork: {
    id: 'anchor.bitcoin.header.pow',
    dimension: 'byte_integrity',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    pass: 'block header proof of work is valid',
    fail: 'block header proof of work is invalid',
  },
  headerProofs: {
    id: 'anchor.bitcoin.header.proofs',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    not_checked: 'no OpenTimestamps proof supplied to compare with this header',
  },
});
