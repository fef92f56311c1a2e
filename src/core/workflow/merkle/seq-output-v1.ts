/**
 * `seq-output-v1` (draft -26, current for new closes): each leaf binds the step's sequence
 * number and its output hash, but the exact leaf bytes are not in anything we could read
 * (spec §3.3). So this construction is searched, not computed: a small, fixed set of
 * plausible leaf encodings is tried, and the root is confirmed only when one reproduces it
 * exactly. No match is `unavailable`, never a failure.
 *
 * Hash sources, in order: the step's own `output_hash` when a collector adds one, then
 * `receipt_hash` (the hash of what the component did, its output included). `hex` is the bare
 * lowercase hex text, `raw` its 32 bytes, `seq` the integer in decimal without sign or
 * fraction (`1.0` is written 1).
 *
 *   text-colon     SHA-256(UTF-8("<seq>:<hex>"))          only with output_hash: over
 *                  receipt_hash this is the old web page's construction, never accepted
 *   u64be-raw      SHA-256(seq as 8-byte big-endian ‖ raw)
 *   u32be-raw      SHA-256(seq as 4-byte big-endian ‖ raw)
 *   text-raw       SHA-256(UTF-8("<seq>") ‖ raw)
 *   sorted-json    SHA-256(UTF-8('{"output_hash":"<hex>","seq":<seq>}'))  key-sorted compact JSON
 *
 * Parents and odd levels follow Section 8.1 (tree.ts) for every candidate. At most nine
 * trees are built, stopping at the first match.
 */
import { bytesEqual, hexToBytes } from '../../encoding/hex';
import type { MerkleInput } from './input';
import { legacySeqReceiptHashRoot } from './receipt-id-v0';
import { buildTree, NODE_BYTES, type MerkleHashing, type MerkleTree } from './tree';

type HashSource = 'output_hash' | 'receipt_hash';

interface LeafEncoding {
  id: string;
  /** Human description for the report. */
  describe: (source: HashSource) => string;
  sources: readonly HashSource[];
  /** Bytes of leaf i before hashing. */
  encode: (seq: number, hex: string, raw: Uint8Array) => Uint8Array | string;
}

const LEAF_ENCODINGS: readonly LeafEncoding[] = [
  {
    id: 'text-colon',
    describe: (s) => `SHA-256(UTF-8("<seq>:<${s} hex>"))`,
    sources: ['output_hash'],
    encode: (seq, hex) => `${seq}:${hex}`,
  },
  {
    id: 'u64be-raw',
    describe: (s) => `SHA-256(seq as 8-byte big-endian ‖ raw ${s})`,
    sources: ['output_hash', 'receipt_hash'],
    encode: (seq, _hex, raw) => prefixed(seq, 8, raw),
  },
  {
    id: 'u32be-raw',
    describe: (s) => `SHA-256(seq as 4-byte big-endian ‖ raw ${s})`,
    sources: ['output_hash', 'receipt_hash'],
    encode: (seq, _hex, raw) => prefixed(seq, 4, raw),
  },
  {
    id: 'text-raw',
    describe: (s) => `SHA-256(UTF-8("<seq>") ‖ raw ${s})`,
    sources: ['output_hash', 'receipt_hash'],
    encode: (seq, _hex, raw) => {
      const digits = new TextEncoder().encode(String(seq));
      const out = new Uint8Array(digits.length + raw.length);
      out.set(digits, 0);
      out.set(raw, digits.length);
      return out;
    },
  },
  {
    id: 'sorted-json',
    describe: (s) => `SHA-256(UTF-8('{"output_hash":"<${s} hex>","seq":<seq>}'))`,
    sources: ['output_hash', 'receipt_hash'],
    encode: (seq, hex) => `{"output_hash":"${hex}","seq":${seq}}`,
  },
];

function prefixed(seq: number, width: 4 | 8, raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(width + raw.length);
  const view = new DataView(out.buffer);
  if (width === 8) view.setBigUint64(0, BigInt(seq));
  else view.setUint32(0, seq);
  out.set(raw, width);
  return out;
}

/** Every candidate this verifier tries, described for the report and the docs. */
export function seqOutputCandidates(): { id: string; description: string }[] {
  return LEAF_ENCODINGS.flatMap((e) =>
    e.sources.map((s) => ({ id: `${e.id}/${s}`, description: e.describe(s) })),
  );
}

export type SeqOutputOutcome =
  | {
      status: 'reproduced';
      tree: MerkleTree;
      candidate: string;
      description: string;
      tried: string[];
    }
  | { status: 'unavailable'; reason: string; tried: string[] };

export function searchSeqOutputV1(
  input: MerkleInput,
  storedRoot: Uint8Array | undefined,
  hashing: MerkleHashing,
): SeqOutputOutcome {
  const tried: string[] = [];
  if (!storedRoot) {
    return {
      status: 'unavailable',
      reason: 'there is no well-formed merkle_root to compare',
      tried,
    };
  }
  for (const encoding of LEAF_ENCODINGS) {
    for (const source of encoding.sources) {
      const leaves = candidateLeaves(input, encoding, source, hashing);
      if (!leaves) continue;
      const candidate = `${encoding.id}/${source}`;
      tried.push(candidate);
      const tree = buildTree(leaves, hashing);
      if (!bytesEqual(tree.root, storedRoot)) continue;
      // Belt and braces: whatever the candidate, a root that equals the legacy web-page
      // construction is never accepted (only possible when output_hash = receipt_hash).
      const legacy = legacySeqReceiptHashRoot(input, hashing);
      if (legacy && bytesEqual(legacy, storedRoot)) continue;
      return {
        status: 'reproduced',
        tree,
        candidate,
        description: encoding.describe(source),
        tried,
      };
    }
  }
  return {
    status: 'unavailable',
    reason:
      tried.length === 0
        ? 'not every step carries an integral seq and a well-formed hash, so no candidate could be built'
        : 'none of the candidate leaf encodings reproduces the stored root',
    tried,
  };
}

function candidateLeaves(
  input: MerkleInput,
  encoding: LeafEncoding,
  source: HashSource,
  hashing: MerkleHashing,
): Uint8Array | undefined {
  const hashes = source === 'output_hash' ? input.outputHashes : input.receiptHashes;
  const leaves = new Uint8Array(input.count * NODE_BYTES);
  for (let i = 0; i < input.count; i++) {
    const seq = input.seqs[i];
    const hex = hashes[i];
    if (seq === undefined || hex === undefined || seq < 0 || seq > 0xffffffff) return undefined;
    const raw = hexToBytes(hex);
    if (!raw) return undefined;
    const encoded = encoding.encode(seq, hex, raw);
    if (typeof encoded === 'string') hashing.sha256TextInto(encoded, leaves, i * NODE_BYTES);
    else hashing.sha256Into(encoded, 0, encoded.length, leaves, i * NODE_BYTES);
  }
  return leaves;
}
