/**
 * SHA-256, SHA-1 or RIPEMD-160 of a supplied file, as a proof's file-hash operation or a Nostr
 * envelope reads it. A module of its own because the Nostr checks need it too, while
 * verify-ots.ts is loaded only for documents that may carry a proof (./verifier.ts).
 */
import type { Hashing } from '../../hash/sha256';
import type { FileHashOp } from './parse';

/**
 * Computed once per file and hash operation: the same evidence file
 * is compared with several proofs and with the Nostr envelope.
 */
const fileDigests = new WeakMap<Uint8Array, Map<FileHashOp, Uint8Array>>();

export function fileDigest(op: FileHashOp, bytes: Uint8Array, hashing: Hashing): Uint8Array {
  let byOp = fileDigests.get(bytes);
  if (!byOp) fileDigests.set(bytes, (byOp = new Map()));
  let digest = byOp.get(op);
  if (!digest) {
    digest =
      op === 'sha256'
        ? hashing.sha256(bytes)
        : op === 'sha1'
          ? hashing.sha1(bytes)
          : hashing.ripemd160(bytes);
    byOp.set(op, digest);
  }
  return digest;
}
