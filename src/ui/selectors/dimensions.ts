import type { Dimension } from '../../core';

/** People-facing names and meanings of the six dimensions of spec §6. */
export const DIMENSION_INFO: Record<Dimension, { title: string; covers: string }> = {
  byte_integrity: {
    title: 'Byte integrity',
    covers: 'Digests recomputed from the carried bytes: output_hash, Merkle roots, entry digests.',
  },
  schema_validity: {
    title: 'Schema',
    covers: 'Members present and well-formed for the detected kind.',
  },
  issuer_authenticity: {
    title: 'Issuer',
    covers: 'Cryptographic proof of who issued the record. AER-1 core records are unsigned.',
  },
  evidence_linkage: {
    title: 'Evidence',
    covers: 'Supplied evidence bytes, step receipts or final answer match their digests.',
  },
  anchor_verification: {
    title: 'Anchors',
    covers: 'Anchor proofs are valid and bound to this record.',
  },
  chain_integrity: {
    title: 'Chain',
    covers: 'Ordering rules: seq 1..n, no duplicate receipt ids, chain links.',
  },
};
