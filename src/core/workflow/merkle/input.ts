/**
 * What the Merkle constructions read from the steps, as columns (one array per field) so a
 * 100,000-step workflow does not allocate an object per step for them.
 */
export interface MerkleInput {
  count: number;
  /** Step `receipt_id` when it is a string, else undefined. */
  receiptIds: (string | undefined)[];
  /** Step `seq` when its lexeme writes an integer (exactIntegerText, 'integral'), else undefined. */
  seqs: (number | undefined)[];
  /** Step `receipt_hash` when it is bare 64 lowercase hex, else undefined. */
  receiptHashes: (string | undefined)[];
  /**
   * Step `output_hash` (some collectors add one) as bare 64 lowercase hex, a `sha256:` prefix
   * removed; undefined when absent or malformed.
   */
  outputHashes: (string | undefined)[];
  /** Set by receiptIdDigests() (receipt-id-v0.ts) when it has made them, for its next caller. */
  receiptIdDigests?: Uint8Array;
}
