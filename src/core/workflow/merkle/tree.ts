/**
 * The binary Merkle tree of draft Section 8.1: parent = SHA-256(left ‖ right) over raw 32-byte
 * values, an odd level duplicates its last value, one leaf is its own root, zero leaves give
 * SHA-256(""). Levels are flat Uint8Arrays (32 bytes per node) so 100,000 leaves cost two
 * allocations per level, not one object per node, and cross a Worker boundary as they are.
 */
import { bytesEqual } from '../../encoding/hex';
import type { Hashing } from '../../hash/sha256';

export const NODE_BYTES = 32;

export interface MerkleTree {
  leafCount: number;
  /** levels[0] holds the leaves; each later level its parents; the last holds the root alone. */
  levels: Uint8Array[];
  root: Uint8Array;
}

/** Which side of the running hash a sibling sits on. */
export type SiblingSide = 'left' | 'right';

export interface AuditStep {
  sibling: Uint8Array;
  side: SiblingSide;
}

/** What building a tree hashes with (every node written in place, no digest made per node). */
export type MerkleHashing = Pick<Hashing, 'sha256' | 'sha256Into' | 'sha256TextInto'>;

/** Builds every level above `leaves` (a flat array of `leafCount` 32-byte digests). */
export function buildTree(leaves: Uint8Array, hashing: MerkleHashing): MerkleTree {
  if (leaves.length % NODE_BYTES !== 0) throw new RangeError('leaves are not whole 32-byte nodes');
  const leafCount = leaves.length / NODE_BYTES;
  if (leafCount === 0) {
    return { leafCount, levels: [leaves], root: hashing.sha256(new Uint8Array(0)) };
  }
  const levels = [leaves];
  // Reused for the one odd pair per level (last ‖ last); every other pair is already
  // contiguous in the level array and is hashed through a view, without copying.
  const pair = new Uint8Array(2 * NODE_BYTES);
  let level = leaves;
  let count = leafCount;
  while (count > 1) {
    const parents = (count + 1) >> 1;
    const next = new Uint8Array(parents * NODE_BYTES);
    const fullPairs = count >> 1;
    for (let p = 0; p < fullPairs; p++) {
      const at = p * 2 * NODE_BYTES;
      hashing.sha256Into(level, at, at + 2 * NODE_BYTES, next, p * NODE_BYTES);
    }
    if (count % 2 === 1) {
      const last = level.subarray((count - 1) * NODE_BYTES, count * NODE_BYTES);
      pair.set(last, 0);
      pair.set(last, NODE_BYTES);
      hashing.sha256Into(pair, 0, 2 * NODE_BYTES, next, fullPairs * NODE_BYTES);
    }
    levels.push(next);
    level = next;
    count = parents;
  }
  return { leafCount, levels, root: level.slice(0, NODE_BYTES) };
}

/** Node `index` of a level, as a view (no copy). */
export function nodeAt(level: Uint8Array, index: number): Uint8Array {
  return level.subarray(index * NODE_BYTES, (index + 1) * NODE_BYTES);
}

/** Number of nodes in a level array. */
export function nodeCount(level: Uint8Array): number {
  return level.length / NODE_BYTES;
}

/**
 * Audit path of leaf `index`, read from the stored levels (nothing is hashed). A last node
 * without a right neighbour is paired with itself, as the odd-level rule does.
 */
export function auditPath(
  tree: Pick<MerkleTree, 'levels' | 'leafCount'>,
  index: number,
): AuditStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= tree.leafCount) {
    throw new RangeError(`leaf index ${index} is outside 0..${tree.leafCount - 1}`);
  }
  const path: AuditStep[] = [];
  let position = index;
  for (let l = 0; l < tree.levels.length - 1; l++) {
    const level = tree.levels[l] as Uint8Array;
    const count = nodeCount(level);
    if (position % 2 === 0) {
      const sibling = position + 1 < count ? position + 1 : position;
      path.push({ sibling: nodeAt(level, sibling).slice(), side: 'right' });
    } else {
      path.push({ sibling: nodeAt(level, position - 1).slice(), side: 'left' });
    }
    position >>= 1;
  }
  return path;
}

/** Recomputes the root from a leaf and its audit path; true when it equals `root`. */
export function verifyAuditPath(
  leaf: Uint8Array,
  path: readonly AuditStep[],
  root: Uint8Array,
  hashing: Pick<Hashing, 'sha256Concat'>,
): boolean {
  let current = leaf;
  for (const step of path) {
    current =
      step.side === 'left'
        ? hashing.sha256Concat(step.sibling, current)
        : hashing.sha256Concat(current, step.sibling);
  }
  return bytesEqual(current, root);
}
