/**
 * Replays a parsed proof from its start digest through every branch and lists each attestation
 * with the value reached. Sizes were bounded by the parser, so replay is bounded work.
 */
import type { Hashing } from '../../hash/sha256';
import type { OtsAttestation } from './attestations';
import { applyOp, type OtsOp } from './ops';
import type { OtsProof, OtsTimestamp } from './parse';

export interface ReplayedAttestation {
  attestation: OtsAttestation;
  /** Byte offset of the attestation in the proof file. */
  offset: number;
  /** The message at the attestation; undefined when an operation on the path is not computed here. */
  value?: Uint8Array;
  /** Why `value` is missing. */
  problem?: string;
  /** The operations from the start digest to the attestation. */
  path: OtsOp[];
}

export function replayOts(proof: OtsProof, hashing: Hashing): ReplayedAttestation[] {
  const out: ReplayedAttestation[] = [];
  const walk = (
    timestamp: OtsTimestamp,
    message: Uint8Array | undefined,
    problem: string | undefined,
    path: OtsOp[],
  ): void => {
    for (const { attestation, offset } of timestamp.attestations) {
      const entry: ReplayedAttestation = { attestation, offset, path };
      if (message) entry.value = message;
      if (problem) entry.problem = problem;
      out.push(entry);
    }
    for (const { op, next } of timestamp.branches) {
      let nextMessage: Uint8Array | undefined;
      let nextProblem = problem;
      if (message) {
        const result = applyOp(op, message, hashing);
        if (result.ok) nextMessage = result.value;
        else nextProblem = result.reason;
      }
      walk(next, nextMessage, nextProblem, [...path, op]);
    }
  };
  walk(proof.timestamp, proof.startDigest, undefined, []);
  return out;
}
