/**
 * How a vector set is read and compared (issue 26 item 6): the published shapes, a set whose
 * expectation contradicts the format, an expectation that cannot be read, a vector the verifier
 * cannot decide, a vector of the legacy Merkle construction; and that each vector gets exactly
 * the report its document gets alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VectorSetDetails } from './details';
import { verify } from '../verify';

const NOW = Date.parse('2026-11-29T00:00:00Z');
const receipt = JSON.parse(readFileSync('src/ui/samples/valid-receipt.json', 'utf8')) as Record<
  string,
  unknown
>;

async function run(set: unknown) {
  const text = typeof set === 'string' ? set : JSON.stringify(set);
  const report = await verify({ name: 'set.json', text }, [], { now: NOW });
  const details = report.details as VectorSetDetails;
  const row = (name: string) => details.rows.find((r) => r.name === name);
  return { report, details, row };
}

describe('vector sets', () => {
  it('are recognised only with a list of vectors that expect something', async () => {
    expect((await run({ vectors: [{ name: 'a', valid: true, receipt }] })).report.kind).toBe(
      'vector-set',
    );
    expect((await run({ cases: [{ receipt, expected_verdict: 'valid' }] })).report.kind).toBe(
      'vector-set',
    );
    // A list of objects that state no result is not a vector set.
    expect((await run({ vectors: [{ name: 'a', receipt }] })).report.kind).toBe('unknown');
    expect((await run({ vectors: [] })).report.kind).toBe('unknown');
  });

  it('verify each vector exactly as its document alone', async () => {
    const bad = { ...receipt, output_hash: `sha256:${'1'.repeat(64)}` };
    const { details } = await run({ vectors: [{ name: 'bad', valid: false, receipt: bad }] });
    const alone = await verify({ name: 'set.json vector bad', text: JSON.stringify(bad) }, [], {
      now: NOW,
    });
    expect(details.rows[0]?.report).toEqual(alone);
  });

  it('keep lexemes as written (5.0 is not 5)', async () => {
    const timeline = JSON.parse(
      readFileSync('src/core/chain/vectors/commitment-entry-count-5.0.json', 'utf8'),
    ) as { document: { timeline: unknown } };
    const text = `{"vectors":[{"name":"float","expected_verdict":"invalid","timeline":${JSON.stringify(timeline.document.timeline)},"commitment":{"job_id":"job-7a1f","final_entry_digest":"79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0","entry_count":5.0,"published_at":"2026-10-01T18:30:00Z"}}]}`;
    const { row } = await run(text);
    expect(row('float')).toMatchObject({
      agreement: 'agrees',
      ours: 'failed: commitment entry_count is not an integer',
    });
  });

  it('say where the set contradicts the format, in its words', async () => {
    const { report, row } = await run({
      vectors: [
        { name: 'says-invalid', valid: false, receipt },
        { name: 'wrong-failure', valid: false, expected_failure: 'no such text', receipt: {} },
      ],
    });
    expect(row('says-invalid')).toMatchObject({
      agreement: 'disagrees',
      note: 'the set expects invalid; this verifier finds nothing wrong',
    });
    expect(row('wrong-failure')).toMatchObject({
      agreement: 'disagrees',
      note: 'the set expects a failure containing "no such text" (expected_failure); this verifier finds: missing required member: id',
    });
    expect(report.verdict).toBe('failed');
    const check = report.checks.find((c) => c.subject === 'says-invalid');
    expect(check).toMatchObject({
      rule: 'vector-set.vector',
      status: 'fail',
      path: '/vectors/0',
      expected: 'invalid',
      found: 'verified',
    });
  });

  it('never pass a vector whose expectation cannot be read, or that names no document', async () => {
    const { report, row } = await run({
      vectors: [
        { name: 'odd-verdict', expected_verdict: 'maybe', receipt },
        { name: 'no-document', expected_verdict: 'valid' },
        'not an object',
        { name: 'no-expectation', receipt, expected_root: 42 },
      ],
    });
    expect(row('odd-verdict')).toMatchObject({
      agreement: 'disagrees',
      note: 'the set\'s expectation cannot be read: expected_verdict is "maybe", neither "valid" nor "invalid"',
    });
    expect(row('no-document')?.agreement).toBe('undecided');
    expect(row('vector 3')).toMatchObject({
      agreement: 'undecided',
      note: 'the vector is a string, not an object',
    });
    expect(row('no-expectation')).toMatchObject({
      agreement: 'disagrees',
      note: "the set's expectation cannot be read: the vector states no expectation",
    });
    expect(report.verdict).toBe('failed');
  });

  it('leave a vector undecided when its document is only incomplete here', async () => {
    const unknownVersion = {
      steps: [{ seq: 1, receipt_id: 'e80168eb-a6a1-4ec9-8478-ac108f9397ff' }],
      merkle_root: '0'.repeat(64),
      merkle_version: 'future-v9',
    };
    const { report, row } = await run({
      vectors: [{ name: 'future', workflow: unknownVersion, expected_verdict: 'valid' }],
    });
    expect(row('future')?.agreement).toBe('undecided');
    expect(report.verdict).toBe('incomplete');
  });

  /**
   * The kit's merkle-vectors.json ends with a vector of the old web page's construction: leaf
   * preimages "<seq>:<receipt_hash>" and the root they give. Spec §3.3 names that construction
   * (the same tree over leaves SHA-256("<seq>:<receipt_hash>")) and its root for the worked
   * example, and the verifier computes it to say why a workflow root made that way fails. So the
   * vector's statement is decided (it was left undecided, and the set incomplete, before):
   * deciding it accepts nothing, since that root is never a workflow's, and the row says so.
   */
  describe('a vector of the legacy construction', () => {
    const HASHES = [
      '11c3a071051a42cbf5cf4da60a7577b1dffeb0419e6dd8a258b19c4c0d0d108e',
      '68e3bcad3f46218672fd7ef7bf32f4a7089937dda2b8ade3cfe1050cec856285',
      '3da48b2d392fb79ed78f7ed0cc8e6c122fc1089947ff6d7f829748d7745840dd',
      '0f024f209392b918909df5478aadd3a9189520d74cfdf78e2ccf51b9f075f926',
      'f52d9c03605047ad0ac347e5e9cbc0e2e197a009d8ee5c7d775f86f360eca963',
    ];
    const LEGACY_ROOT = 'a4b2fcb4684cec481e4ece889ed15c7d9e47e58d9ba4fb02ea354c0cb2ca44c4';
    const SECTION_8_1_ROOT = '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37';
    const leaves = HASHES.map((h, i) => ({ seq: i + 1, preimage: `${i + 1}:${h}` }));

    it('is decided: its root recomputed over the preimages, never offered as a workflow root', async () => {
      const { report, row } = await run({
        vectors: [
          { name: 'legacy', leaves, expected_root: LEGACY_ROOT, must_not_equal: SECTION_8_1_ROOT },
          { name: 'wrong-root', leaves, expected_root: SECTION_8_1_ROOT },
          { name: 'must-not', leaves, expected_root: LEGACY_ROOT, must_not_equal: LEGACY_ROOT },
        ],
      });
      expect(row('legacy')).toMatchObject({
        agreement: 'agrees',
        expected: `legacy root ${LEGACY_ROOT}; not ${SECTION_8_1_ROOT}`,
        ours: `legacy root ${LEGACY_ROOT} (leaves SHA-256 of "<seq>:<receipt_hash>"; never accepted as a workflow root)`,
      });
      // No document was verified: the row has no report of its own to open.
      expect(row('legacy')?.report).toBeUndefined();
      expect(row('wrong-root')).toMatchObject({
        agreement: 'disagrees',
        note: `the set expects root ${SECTION_8_1_ROOT}; the legacy root over these preimages is ${LEGACY_ROOT}`,
      });
      expect(row('must-not')).toMatchObject({
        agreement: 'disagrees',
        note: `the set says the root must not be ${LEGACY_ROOT}, and it is`,
      });
      expect(report.verdict).toBe('failed');
    });

    it('stays undecided, saying exactly why, when its leaves cannot be hashed as written', async () => {
      const { report, row } = await run({
        vectors: [
          {
            name: 'lone-surrogate',
            leaves: [{ seq: 1, preimage: '1:\ud800' }],
            expected_root: LEGACY_ROOT,
          },
          { name: 'no-preimage', leaves: [{ seq: 1 }], expected_root: LEGACY_ROOT },
          { name: 'no-root', leaves, valid: true },
          { name: 'and-a-verdict', leaves, expected_root: LEGACY_ROOT, valid: true },
        ],
      });
      expect(row('lone-surrogate')).toMatchObject({
        agreement: 'undecided',
        note: 'leaf 1 preimage contains an unpaired surrogate and has no UTF-8 encoding',
      });
      expect(row('no-preimage')).toMatchObject({
        agreement: 'undecided',
        note: 'leaf 1 has no preimage string',
      });
      expect(row('no-root')).toMatchObject({
        agreement: 'undecided',
        note: 'leaves without an expected_root string to compare',
      });
      // The root agrees, but leaves are no document to call valid: that part is not decided.
      expect(row('and-a-verdict')).toMatchObject({
        agreement: 'undecided',
        note: 'the vector gives leaves, not a document to verify',
      });
      expect(report.verdict).toBe('incomplete');
    });
  });

  it('read a document given as text (a JSON Lines batch)', async () => {
    const lines = [receipt, receipt].map((r) => JSON.stringify(r)).join('\n') + '\n';
    const { row } = await run({ cases: [{ id: 'jsonl', input: lines, valid: true }] });
    expect(row('jsonl')).toMatchObject({ agreement: 'agrees', kind: 'batch' });
  });

  it('refuse a set that is also a receipt: its own object has one kind', async () => {
    const { report } = await run({
      vectors: [{ name: 'a', valid: true, receipt }],
      canonical_bytes: receipt.canonical_bytes,
      output_hash: `sha256:${'0'.repeat(64)}`,
    });
    expect(report.kind).toBe('vector-set');
    expect(report.checks.find((c) => c.rule === 'document.kind.ambiguous')?.message).toBe(
      'this object is both a vector set and a per-call receipt',
    );
    expect(report.verdict).toBe('failed');
  });
});
