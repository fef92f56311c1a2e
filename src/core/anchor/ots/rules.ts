/**
 * OpenTimestamps rules (spec §5.3). A proof that binds nothing of the record is still read and
 * replayed, but its results are shown as information: each such rule's info template is the
 * wording of the outcome it would otherwise have had.
 */
import { defineRules } from '../../rules/rule';

export const OTS_RULES = defineRules({
  parse: {
    id: 'anchor.ots.parse',
    dimension: 'anchor_verification',
    aloneDimension: 'schema_validity',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    pass: 'OpenTimestamps proof read: <summary>',
    info: 'OpenTimestamps proof read: <summary>',
    fail: 'OpenTimestamps proof <source> could not be read: <problem>',
  },
  startDigest: {
    id: 'anchor.ots.start_digest',
    dimension: 'anchor_verification',
    aloneDimension: 'byte_integrity',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    pass: 'start digest equals the <bound>',
    fail: 'start digest does not equal the anchored value',
    // <finding>: the proof timestamps a supplied file rather than this record, or (where an
    // unmatched proof is only information) the start digest equals none of its values.
    info: '<finding>',
    not_checked:
      'start digest <digest> not compared: supply the timestamped file to check what this proof timestamps',
  },
  replay: {
    id: 'anchor.ots.replay',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    pass: 'replayed <operations> from the start digest to <attestations>',
    info: 'replayed <operations> from the start digest to <attestations>',
  },
  pending: {
    id: 'anchor.ots.pending',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    unavailable: 'pending: calendar <uri> has not yet anchored this in Bitcoin',
    info: 'pending: calendar <uri> has not yet anchored this in Bitcoin',
  },
  unknownNotary: {
    id: 'anchor.ots.unknown_notary',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    unavailable: '<attestation>: reported, not verified',
    info: '<attestation>: reported, not verified',
  },
  bitcoin: {
    id: 'anchor.ots.bitcoin',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    origin: 'verifier',
    reference: '§5.3',
    // What a header shows is the work spent on it, not its height or its place in the chain.
    pass: 'the proof commits to the merkle root of header <hash>, whose proof of work is <work>; block <height> at <time> is claimed by the proof',
    // <problem>: "digest does not match merkle root", an invalid proof of work, or a value that
    // is not a 32-byte merkle root.
    fail: '<problem>',
    // <problem>: the header of the block is needed, the path cannot be replayed here, or the
    // matching header's proof of work is trivially cheap (not evidence).
    unavailable: '<problem>',
    info: '<finding>',
  },
});
