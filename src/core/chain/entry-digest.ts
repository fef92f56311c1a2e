/**
 * The entry digest of a job timeline (spec §4.2, -07 onward):
 *   digest_i = hex(SHA-256(UTF-8(J(P_i))))
 * where P_i has exactly eight members and J is key-sorted compact JSON with Python's
 * ensure_ascii escaping. Also the historical -06 digest (§4.4), kept apart so it can never be
 * mistaken for the current construction.
 */
import { sortedCompactJson } from '../encoding/sorted-json';
import type { Hashing } from '../hash/sha256';

/** prev_digest of entry 0. */
export const GENESIS_PREV_DIGEST = '0'.repeat(64);

/** The eight members of P_i, already reduced to the types the construction writes. */
export interface EntryDigestFields {
  /** The entry's `close`, false when absent. */
  close: boolean;
  id: string;
  jobId: string;
  /** Bare lowercase hex SHA-256 of the decoded canonical_bytes (no `sha256:` prefix). */
  outputHash: string;
  prevDigest: string;
  provenanceClass: string;
  /** Written as an integer; a bigint keeps integers past 2^53 exact, as Python's int does. */
  seq: bigint | number;
  tool: string;
}

/**
 * J(P_i): the exact digest input. Always ASCII (ensure_ascii escapes every non-ASCII code
 * unit, lone surrogates included), so UTF-8 encoding it is the identity on its characters.
 */
export function entryDigestInput(fields: EntryDigestFields): string {
  return sortedCompactJson(
    {
      close: fields.close,
      id: fields.id,
      job_id: fields.jobId,
      output_hash: fields.outputHash,
      prev_digest: fields.prevDigest,
      provenance_class: fields.provenanceClass,
      seq: fields.seq,
      tool: fields.tool,
    },
    'ascii',
  );
}

export function entryDigest(hashing: Hashing, fields: EntryDigestFields): string {
  // hash-wasm hashes a string as its UTF-8 bytes; the input is ASCII, so nothing can go astray.
  return hashing.sha256Hex(entryDigestInput(fields));
}

/** Bare lowercase hex SHA-256 of the decoded canonical_bytes: P_i's output_hash. */
export function entryOutputHash(hashing: Hashing, canonicalBytes: Uint8Array): string {
  return hashing.sha256Hex(canonicalBytes);
}

/** The -06 digest: SHA-256 of the decoded bytes alone. Historical only (§4.4). */
export function historical06Digest(hashing: Hashing, canonicalBytes: Uint8Array): string {
  return hashing.sha256Hex(canonicalBytes);
}
