import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../encoding/hex';
import { loadHashing, type Hashing } from '../../hash/sha256';
import { receiptIdTree } from './receipt-id-v0';
import { auditPath, buildTree, NODE_BYTES, verifyAuditPath } from './tree';

/** Independent Section 8.1 implementation on Node's crypto, for expected values. */
function nodeSha(...parts: (Buffer | string)[]): Buffer {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}
function nodeRoot(ids: string[]): string {
  if (ids.length === 0) return nodeSha('').toString('hex');
  let level = ids.map((id) => nodeSha(Buffer.from(id, 'utf8')));
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push(level[level.length - 1]!);
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(nodeSha(level[i]!, level[i + 1]!));
    level = next;
  }
  return level[0]!.toString('hex');
}

const EXAMPLE_IDS = [
  'e80168eb-a6a1-4ec9-8478-ac108f9397ff',
  '514fe841-bbdd-4804-9ef4-6828842d8763',
  'a090bdad-f2cf-48c9-bc89-e9e17700fb15',
  'bf88a036-416b-456a-8e82-8c0991811d68',
  'ae795bf0-27f8-4cf2-8aef-3f8142b77217',
];

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

function rootOfIds(ids: string[]): string {
  const built = receiptIdTree(
    {
      count: ids.length,
      receiptIds: ids,
      seqs: ids.map((_, i) => i + 1),
      receiptHashes: [],
      outputHashes: [],
    },
    hashing,
  );
  if (!built.ok) throw new Error(built.reason);
  return bytesToHex(built.tree.root);
}

describe('receipt-id-v0 roots of spec §3.4', () => {
  it.each([
    [
      'all five ids',
      EXAMPLE_IDS,
      '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37',
    ],
    [
      'first three ids',
      EXAMPLE_IDS.slice(0, 3),
      '4860e25bbc8dba2382887cb08ccaf6cd88434bbda5aeda45c6a8373bb15f63e4',
    ],
    [
      'five ids reversed',
      [...EXAMPLE_IDS].reverse(),
      '362530ecc354e40c5787139705ca6d85af1354a4b6af83ee9c3a16cb66b8a66c',
    ],
    [
      'id 1 alone',
      EXAMPLE_IDS.slice(0, 1),
      '609eb71e8855515d3d1988f17c714429b4433cfbd8a837f22182652d22ae1f51',
    ],
    [
      'five ids plus id 5 again (same root: why MM-1 exists)',
      [...EXAMPLE_IDS, EXAMPLE_IDS[4]!],
      '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37',
    ],
    ['no ids', [], 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ])('%s', (_label, ids, root) => {
    expect(rootOfIds(ids)).toBe(root);
  });

  it('one leaf: the root is that leaf digest', () => {
    expect(rootOfIds(['x'])).toBe(nodeSha('x').toString('hex'));
  });
});

describe('receipt-id-v0 against an independent implementation', () => {
  it.each([1, 2, 3, 7, 1000])('%i leaves', (n) => {
    const ids = Array.from({ length: n }, (_, i) => `receipt-${i}-ü`);
    expect(rootOfIds(ids)).toBe(nodeRoot(ids));
  });

  it('every size from 1 to 40', () => {
    for (let n = 1; n <= 40; n++) {
      const ids = Array.from({ length: n }, (_, i) => `r${i}`);
      expect(rootOfIds(ids), `n=${n}`).toBe(nodeRoot(ids));
    }
  });
});

describe('audit paths', () => {
  const ids = Array.from({ length: 7 }, (_, i) => `step-${i + 1}`);
  const leavesOf = (list: string[]): Uint8Array => {
    const leaves = new Uint8Array(list.length * NODE_BYTES);
    list.forEach((id, i) => leaves.set(nodeSha(id), i * NODE_BYTES));
    return leaves;
  };

  it('verify for every leaf of a 7-leaf tree', () => {
    const tree = buildTree(leavesOf(ids), hashing);
    expect(bytesToHex(tree.root)).toBe(nodeRoot(ids));
    expect(tree.levels.map((l) => l.length / NODE_BYTES)).toEqual([7, 4, 2, 1]);
    for (let i = 0; i < 7; i++) {
      const path = auditPath(tree, i);
      expect(path).toHaveLength(3);
      expect(verifyAuditPath(nodeSha(ids[i]!), path, tree.root, hashing)).toBe(true);
    }
  });

  it('the last leaf of an odd level is paired with itself', () => {
    const tree = buildTree(leavesOf(ids), hashing);
    const path = auditPath(tree, 6);
    expect(path[0]!.side).toBe('right');
    expect(bytesToHex(path[0]!.sibling)).toBe(nodeSha('step-7').toString('hex'));
  });

  it('fail for a wrong leaf, a wrong position and a wrong root', () => {
    const tree = buildTree(leavesOf(ids), hashing);
    const path = auditPath(tree, 2);
    expect(verifyAuditPath(nodeSha('step-9'), path, tree.root, hashing)).toBe(false);
    expect(verifyAuditPath(nodeSha(ids[3]!), path, tree.root, hashing)).toBe(false);
    const wrongRoot = tree.root.slice();
    wrongRoot[0]! ^= 1;
    expect(verifyAuditPath(nodeSha(ids[2]!), path, wrongRoot, hashing)).toBe(false);
  });

  it('verify for every leaf of trees of 1 to 33 leaves', () => {
    for (let n = 1; n <= 33; n++) {
      const list = Array.from({ length: n }, (_, i) => `s${i}`);
      const tree = buildTree(leavesOf(list), hashing);
      for (let i = 0; i < n; i++) {
        expect(verifyAuditPath(nodeSha(list[i]!), auditPath(tree, i), tree.root, hashing)).toBe(
          true,
        );
      }
    }
  });

  it('single leaf: empty path', () => {
    const tree = buildTree(leavesOf(['only']), hashing);
    expect(auditPath(tree, 0)).toEqual([]);
    expect(verifyAuditPath(nodeSha('only'), [], tree.root, hashing)).toBe(true);
  });

  it('rejects an index outside the tree', () => {
    const tree = buildTree(leavesOf(ids), hashing);
    expect(() => auditPath(tree, 7)).toThrow(RangeError);
    expect(() => auditPath(tree, -1)).toThrow(RangeError);
  });
});

describe('at scale', () => {
  // Speed is measured by `npm run bench`, not asserted in unit tests.
  it('builds the 18 levels of a 100,000-leaf tree', () => {
    const n = 100_000;
    const ids = Array.from({ length: n }, (_, i) => `id-${i}`);
    const built = receiptIdTree(
      { count: n, receiptIds: ids, seqs: [], receiptHashes: [], outputHashes: [] },
      hashing,
    );
    expect(built.ok && built.tree.levels.length).toBe(18);
    expect(built.ok && built.tree.levels[17]?.length).toBe(32);
  });
});
