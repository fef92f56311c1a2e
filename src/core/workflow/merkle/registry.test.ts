import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../encoding/hex';
import { loadHashing, type Hashing } from '../../hash/sha256';
import type { MerkleInput } from './input';
import { legacySeqReceiptHashRoot } from './receipt-id-v0';
import { resolveConstruction } from './registry';
import { searchSeqOutputV1, seqOutputCandidates } from './seq-output-v1';

const sha = (...parts: (Buffer | string)[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
function rootOfLeaves(leaves: Buffer[]): Buffer {
  let level = leaves;
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push(level[level.length - 1]!);
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha(level[i]!, level[i + 1]!));
    level = next;
  }
  return level[0]!;
}

const HASHES = [
  '11c3a071051a42cbf5cf4da60a7577b1dffeb0419e6dd8a258b19c4c0d0d108e',
  '68e3bcad3f46218672fd7ef7bf32f4a7089937dda2b8ade3cfe1050cec856285',
  '3da48b2d392fb79ed78f7ed0cc8e6c122fc1089947ff6d7f829748d7745840dd',
  '0f024f209392b918909df5478aadd3a9189520d74cfdf78e2ccf51b9f075f926',
  'f52d9c03605047ad0ac347e5e9cbc0e2e197a009d8ee5c7d775f86f360eca963',
];
const OUTPUTS = HASHES.map((h) => sha(h).toString('hex'));

function input(withOutputs: boolean): MerkleInput {
  return {
    count: 5,
    receiptIds: HASHES.map((_, i) => `r${i}`),
    seqs: [1, 2, 3, 4, 5],
    receiptHashes: HASHES,
    outputHashes: withOutputs ? OUTPUTS : [],
  };
}

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

describe('resolveConstruction', () => {
  it('absent means receipt-id-v0', () => {
    const r = resolveConstruction(undefined);
    expect(r.known && r.construction.id).toBe('receipt-id-v0');
  });
  it('knows the collectors alias', () => {
    const r = resolveConstruction('section-8.1-binary-merkle-v1');
    expect(r.known && r.construction.id).toBe('receipt-id-v0');
  });
  it('knows seq-output-v1', () => {
    const r = resolveConstruction('seq-output-v1');
    expect(r.known && r.construction.id).toBe('seq-output-v1');
  });
  it('unknown names stay unknown', () => {
    expect(resolveConstruction('receipt-id-v1').known).toBe(false);
    expect(resolveConstruction('').known).toBe(false);
  });
});

describe('seq-output-v1 candidate search', () => {
  const u64 = (n: number): Buffer => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(n));
    return b;
  };
  const u32 = (n: number): Buffer => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const cases: [string, boolean, (seq: number, hex: string) => Buffer][] = [
    ['text-colon/output_hash', true, (s, h) => sha(`${s}:${h}`)],
    ['u64be-raw/receipt_hash', false, (s, h) => sha(u64(s), Buffer.from(h, 'hex'))],
    ['u32be-raw/receipt_hash', false, (s, h) => sha(u32(s), Buffer.from(h, 'hex'))],
    ['text-raw/receipt_hash', false, (s, h) => sha(String(s), Buffer.from(h, 'hex'))],
    ['sorted-json/receipt_hash', false, (s, h) => sha(`{"output_hash":"${h}","seq":${s}}`)],
    ['u64be-raw/output_hash', true, (s, h) => sha(u64(s), Buffer.from(h, 'hex'))],
  ];
  it.each(cases)('reproduces a root built as %s', (candidate, useOutputs, leaf) => {
    const source = useOutputs ? OUTPUTS : HASHES;
    const root = rootOfLeaves(source.map((h, i) => leaf(i + 1, h)));
    const outcome = searchSeqOutputV1(input(useOutputs), new Uint8Array(root), hashing);
    expect(outcome.status).toBe('reproduced');
    if (outcome.status === 'reproduced') expect(outcome.candidate).toBe(candidate);
  });

  it('is unavailable (never a failure) when nothing reproduces the root', () => {
    const outcome = searchSeqOutputV1(input(true), new Uint8Array(32), hashing);
    expect(outcome.status).toBe('unavailable');
    expect(outcome.tried).toEqual(seqOutputCandidates().map((c) => c.id));
  });

  it('never accepts the legacy "<seq>:<receipt_hash>" construction', () => {
    const legacy = rootOfLeaves(HASHES.map((h, i) => sha(`${i + 1}:${h}`)));
    expect(legacy.toString('hex')).toBe(
      'a4b2fcb4684cec481e4ece889ed15c7d9e47e58d9ba4fb02ea354c0cb2ca44c4',
    );
    expect(searchSeqOutputV1(input(false), new Uint8Array(legacy), hashing).status).toBe(
      'unavailable',
    );
    // Even when a collector's output_hash equals receipt_hash, text-colon would rebuild the
    // legacy root; it is refused.
    const same: MerkleInput = { ...input(false), outputHashes: HASHES };
    expect(searchSeqOutputV1(same, new Uint8Array(legacy), hashing).status).toBe('unavailable');
    expect(legacySeqReceiptHashRoot(input(false), hashing)).toEqual(new Uint8Array(legacy));
  });

  it('is unavailable without a stored root', () => {
    expect(searchSeqOutputV1(input(false), undefined, hashing).status).toBe('unavailable');
  });

  it('candidate list is documented and small', () => {
    expect(seqOutputCandidates().length).toBeLessThanOrEqual(9);
    expect(hexToBytes(HASHES[0]!)).toHaveLength(32);
  });
});
