/**
 * Merkle constructions keyed by `merkle_version` (spec §3.3). A construction is either exact
 * (recomputed and compared: pass or fail) or searched (a match is a pass naming the candidate;
 * no match is unavailable, never a failure). Adding a construction means adding an entry here.
 */
import type { MerkleInput } from './input';
import { receiptIdTree } from './receipt-id-v0';
import { searchSeqOutputV1 } from './seq-output-v1';
import type { MerkleHashing, MerkleTree } from './tree';

export type MerkleOutcome =
  /** Exact construction computed: the caller compares the root with the stored one. */
  | { status: 'computed'; tree: MerkleTree }
  /** Searched construction: a candidate reproduced the stored root exactly. */
  | {
      status: 'reproduced';
      tree: MerkleTree;
      candidate: string;
      description: string;
      tried: string[];
    }
  /** Nothing could be confirmed or refuted. */
  | { status: 'unavailable'; reason: string; tried?: string[] };

export interface MerkleConstruction {
  id: string;
  /** Other names producers use for the same construction. */
  aliases: readonly string[];
  exact: boolean;
  summary: string;
  evaluate(
    input: MerkleInput,
    storedRoot: Uint8Array | undefined,
    hashing: MerkleHashing,
  ): MerkleOutcome;
}

export const DEFAULT_MERKLE_VERSION = 'receipt-id-v0';

export const MERKLE_CONSTRUCTIONS: readonly MerkleConstruction[] = [
  {
    id: 'receipt-id-v0',
    aliases: ['section-8.1-binary-merkle-v1'],
    exact: true,
    summary:
      'leaf = SHA-256(UTF-8(receipt_id)), parent = SHA-256(left ‖ right), odd levels duplicate their last node',
    evaluate: (input, _stored, hashing) => {
      const built = receiptIdTree(input, hashing);
      return built.ok
        ? { status: 'computed', tree: built.tree }
        : { status: 'unavailable', reason: built.reason };
    },
  },
  {
    id: 'seq-output-v1',
    aliases: [],
    exact: false,
    summary:
      'leaf binds seq and the output hash; the exact leaf bytes are unpublished, so candidate encodings are tried',
    evaluate: (input, stored, hashing) => searchSeqOutputV1(input, stored, hashing),
  },
];

export type ResolvedConstruction =
  | { known: true; construction: MerkleConstruction; declared: string | undefined }
  | { known: false; declared: string };

/** `merkle_version` absent → receipt-id-v0; a known id or alias → it; anything else → unknown. */
export function resolveConstruction(declared: string | undefined): ResolvedConstruction {
  const name = declared ?? DEFAULT_MERKLE_VERSION;
  const construction = MERKLE_CONSTRUCTIONS.find((c) => c.id === name || c.aliases.includes(name));
  return construction ? { known: true, construction, declared } : { known: false, declared: name };
}
