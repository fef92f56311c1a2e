/** The members of a job timeline entry (spec §4.1, §4.2), as data: detection reads them too. */

/** §4.1 members every entry carries (close is optional), in the order failures are listed. */
export const ENTRY_MEMBERS = [
  'id',
  'job_id',
  'tool',
  'provenance_class',
  'seq',
  'canonical_bytes',
  'prev_digest',
] as const;

/**
 * Every member an entry defines: §4.1's, the optional close, and output_hash, the §4.2 digest
 * input's name for the SHA-256 of its bytes, which an entry may store beside them.
 */
export const ENTRY_OWN_MEMBERS: readonly string[] = [...ENTRY_MEMBERS, 'close', 'output_hash'];
