/**
 * `receipt-id-v0` (spec §3.3; the only rule in -05 … -24, "legacy" in -26; the collectors call
 * it `section-8.1-binary-merkle-v1`): leaf_i = SHA-256(UTF-8(receipt_id_i)), no prefix byte,
 * no seq; parents and odd levels as in tree.ts.
 */
import type { Hashing } from '../../hash/sha256';
import type { MerkleInput } from './input';
import { isUtf8Encodable } from '../../encoding/utf8';
import { buildTree, NODE_BYTES, type MerkleTree } from './tree';

export type LeavesResult = { ok: true; leaves: Uint8Array } | { ok: false; reason: string };

const encoder = new TextEncoder();

export function receiptIdLeaves(
  input: MerkleInput,
  hashing: Pick<Hashing, 'sha256'>,
): LeavesResult {
  const leaves = new Uint8Array(input.count * NODE_BYTES);
  // One reused buffer for the UTF-8 bytes: hash-wasm would otherwise allocate a fresh
  // TextEncoder result per leaf. Ids too long for it are hashed as strings (hash-wasm
  // encodes those as UTF-8 itself).
  const scratch = new Uint8Array(1024);
  // A view of its first n bytes for each length n met, made once: ids mostly share a length
  // (a UUID is 36), and a fresh view per leaf was 100,000 objects for 100,000 steps.
  const views: Uint8Array[] = [];
  for (let i = 0; i < input.count; i++) {
    const id = input.receiptIds[i];
    if (id === undefined) return { ok: false, reason: `step ${i + 1} has no string receipt_id` };
    const { read, written } = encoder.encodeInto(id, scratch);
    // Only an all-ASCII id read whole (read === written === length) is surely free of surrogates.
    if ((read !== id.length || written !== id.length) && !isUtf8Encodable(id)) {
      return {
        ok: false,
        reason: `step ${i + 1} receipt_id contains an unpaired surrogate and has no UTF-8 encoding`,
      };
    }
    const digest =
      read === id.length
        ? hashing.sha256((views[written] ??= scratch.subarray(0, written)))
        : hashing.sha256(id);
    leaves.set(digest, i * NODE_BYTES);
  }
  return { ok: true, leaves };
}

export function receiptIdTree(
  input: MerkleInput,
  hashing: Pick<Hashing, 'sha256'>,
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
  hashing: Pick<Hashing, 'sha256'>,
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
  hashing: Pick<Hashing, 'sha256'>,
): Uint8Array {
  const leaves = new Uint8Array(preimages.length * NODE_BYTES);
  preimages.forEach((preimage, i) => leaves.set(hashing.sha256(preimage), i * NODE_BYTES));
  return buildTree(leaves, hashing).root;
}
