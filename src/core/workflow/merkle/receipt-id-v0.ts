/**
 * `receipt-id-v0` (spec §3.3; the only rule in -05 … -24, "legacy" in -26; the collectors call
 * it `section-8.1-binary-merkle-v1`): leaf_i = SHA-256(UTF-8(receipt_id_i)), no prefix byte,
 * no seq; parents and odd levels as in tree.ts.
 */
import type { MerkleInput } from './input';
import { isUtf8Encodable } from '../../encoding/utf8';
import { buildTree, NODE_BYTES, type MerkleHashing, type MerkleTree } from './tree';

export type LeavesResult = { ok: true; leaves: Uint8Array } | { ok: false; reason: string };

export function receiptIdLeaves(input: MerkleInput, hashing: MerkleHashing): LeavesResult {
  for (let i = 0; i < input.count; i++) {
    const id = input.receiptIds[i];
    if (id === undefined) return { ok: false, reason: `step ${i + 1} has no string receipt_id` };
    if (!isUtf8Encodable(id)) {
      return {
        ok: false,
        reason: `step ${i + 1} receipt_id contains an unpaired surrogate and has no UTF-8 encoding`,
      };
    }
  }
  return { ok: true, leaves: receiptIdDigests(input, hashing) };
}

/**
 * SHA-256 of every step's receipt_id, 32 bytes a step: of its UTF-8, which is the step's leaf,
 * or, for an id with no UTF-8 (a lone surrogate), of its UTF-16 code units, which is no leaf;
 * zeros for a step without a string receipt_id. Made once per input, and kept on it: the tree
 * takes its leaves from them, and the duplicate receipt_id rule (MM-1) finds repeats by them.
 */
export function receiptIdDigests(
  input: Pick<MerkleInput, 'count' | 'receiptIds' | 'receiptIdDigests'>,
  hashing: MerkleHashing,
): Uint8Array {
  if (input.receiptIdDigests) return input.receiptIdDigests;
  const digests = new Uint8Array(input.count * NODE_BYTES);
  for (let i = 0; i < input.count; i++) {
    const id = input.receiptIds[i];
    if (id === undefined) continue;
    if (isUtf8Encodable(id)) hashing.sha256TextInto(id, digests, i * NODE_BYTES);
    else {
      const units = new Uint16Array(id.length);
      for (let k = 0; k < id.length; k++) units[k] = id.charCodeAt(k);
      const bytes = new Uint8Array(units.buffer);
      hashing.sha256Into(bytes, 0, bytes.length, digests, i * NODE_BYTES);
    }
  }
  input.receiptIdDigests = digests;
  return digests;
}

export function receiptIdTree(
  input: MerkleInput,
  hashing: MerkleHashing,
): { ok: true; tree: MerkleTree } | { ok: false; reason: string } {
  const leaves = receiptIdLeaves(input, hashing);
  return leaves.ok ? { ok: true, tree: buildTree(leaves.leaves, hashing) } : leaves;
}

/**
 * The old web page's construction, leaves SHA-256("<seq>:<receipt_hash>"). Never accepted as
 * a root; computed only to explain a mismatch ("this root was made the legacy way").
 */
export function legacySeqReceiptHashRoot(
  input: MerkleInput,
  hashing: MerkleHashing,
): Uint8Array | undefined {
  const preimages: string[] = [];
  for (let i = 0; i < input.count; i++) {
    const seq = input.seqs[i];
    const hash = input.receiptHashes[i];
    if (seq === undefined || hash === undefined) return undefined;
    preimages.push(`${seq}:${hash}`);
  }
  return legacyPreimageRoot(preimages, hashing);
}

/**
 * The legacy tree over leaf preimages as given ("<seq>:<receipt_hash>" each): leaf =
 * SHA-256(UTF-8(preimage)), parents as in tree.ts. The caller makes sure each preimage has a
 * UTF-8 encoding (a lone surrogate would be hashed as U+FFFD).
 */
export function legacyPreimageRoot(
  preimages: readonly string[],
  hashing: MerkleHashing,
): Uint8Array {
  const leaves = new Uint8Array(preimages.length * NODE_BYTES);
  preimages.forEach((preimage, i) => hashing.sha256TextInto(preimage, leaves, i * NODE_BYTES));
  return buildTree(leaves, hashing).root;
}
