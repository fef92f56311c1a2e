import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHashing, type Hashing } from './hash/sha256';
import { ingest } from './ingest';

const receipt = JSON.parse(readFileSync('src/ui/samples/valid-receipt.json', 'utf8')) as Record<
  string,
  unknown
>;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const doc = (name: string, value: unknown) => ({ name, text: JSON.stringify(value) });

const workflow = {
  type: 'verifiable-workflow-receipt',
  steps: [
    { seq: 1, receipt_id: 'aaaaaaaa-0000-4000-8000-000000000001' },
    { seq: 2, receipt_id: 'aaaaaaaa-0000-4000-8000-000000000002' },
  ],
  merkle_root: '0'.repeat(64),
  output_hash: sha('final answer'),
};
const step = (n: number) =>
  doc(`step${n}.json`, { ...receipt, id: `aaaaaaaa-0000-4000-8000-00000000000${n}` });
const timeline = [
  { id: 'e0', job_id: 'job-1', prev_digest: '0'.repeat(64), canonical_bytes: 'e30=' },
];

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

describe('ingestion groups what arrived together', () => {
  it('puts step receipts and the final answer with their workflow', () => {
    const { groups, unplaced } = ingest(
      [
        step(1),
        doc('workflow.json', workflow),
        { name: 'answer.txt', text: 'final answer' },
        step(2),
      ],
      hashing,
    );
    expect(unplaced).toEqual([]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.main.name).toBe('workflow.json');
    expect(groups[0]?.supplied.map((d) => d.name).sort()).toEqual([
      'answer.txt',
      'step1.json',
      'step2.json',
    ]);
  });

  it('keeps independent receipts in groups of their own', () => {
    const { groups } = ingest(
      [doc('a.json', receipt), doc('b.json', { ...receipt, id: 'x' })],
      hashing,
    );
    expect(groups.map((g) => [g.main.name, g.supplied.length])).toEqual([
      ['a.json', 0],
      ['b.json', 0],
    ]);
  });

  it('reports the records in the order they came, a workflow after a receipt before it included', () => {
    const { groups } = ingest(
      [
        doc('lone.json', { ...receipt, id: 'bbbbbbbb-0000-4000-8000-000000000009' }),
        step(1),
        doc('timeline.json', timeline),
        doc('workflow.json', workflow),
        step(2),
      ],
      hashing,
    );
    expect(groups.map((g) => g.main.name)).toEqual(['lone.json', 'timeline.json', 'workflow.json']);
  });

  it('matches a commitment to its timeline by job_id, and evidence to its receipt by digest', () => {
    const withEvidence = { ...receipt, evidence_sha256: `sha256:${sha('the evidence')}` };
    const { groups, unplaced } = ingest(
      [
        doc('timeline.json', timeline),
        doc('receipt.json', withEvidence),
        doc('commitment.json', {
          job_id: 'job-1',
          final_entry_digest: '0'.repeat(64),
          entry_count: 1,
          published_at: '2026-10-01T00:00:00Z',
        }),
        { name: 'evidence.bin', text: 'the evidence' },
      ],
      hashing,
    );
    expect(unplaced).toEqual([]);
    const byMain = Object.fromEntries(
      groups.map((g) => [g.main.name, g.supplied.map((d) => d.name)]),
    );
    expect(byMain).toEqual({
      'timeline.json': ['commitment.json'],
      'receipt.json': ['evidence.bin'],
    });
  });

  it('attaches material to the only record even when ids differ, so the mismatch is reported', () => {
    const { groups } = ingest(
      [
        doc('timeline.json', timeline),
        doc('commitment.json', { job_id: 'other', final_entry_digest: 'x', entry_count: 1 }),
      ],
      hashing,
    );
    expect(groups[0]?.supplied.map((d) => d.name)).toEqual(['commitment.json']);
  });

  it('lists what it cannot place, with the reason', () => {
    const { groups, unplaced } = ingest(
      [doc('a.json', receipt), doc('b.json', receipt), { name: 'notes.txt', text: 'hello' }],
      hashing,
    );
    expect(groups).toHaveLength(2);
    expect(unplaced).toEqual([
      {
        name: 'notes.txt',
        kind: 'unknown',
        reason: expect.stringContaining('matches none of the 2 records'),
      },
    ]);
  });

  it('gives a broken JSON file its own group so its parse error is shown', () => {
    const { groups } = ingest(
      [doc('a.json', receipt), { name: 'broken.json', text: '{"id": ' }],
      hashing,
    );
    expect(groups.map((g) => g.main.name)).toEqual(['a.json', 'broken.json']);
    expect(groups[1]?.main.parseError?.line).toBe(1);
  });
});

describe('ingestion of documents that came alone', () => {
  it('gives an unrecognised document its own report rather than dropping it', () => {
    const { groups, unplaced } = ingest([{ name: 'x.json', text: '{"hello":"world"}' }], hashing);
    expect(unplaced).toEqual([]);
    expect(groups.map((g) => [g.main.name, g.main.kind])).toEqual([['x.json', 'unknown']]);
  });
  it('verifies anchor material by itself with the other files supplied', () => {
    const header = '00'.repeat(80);
    const { groups } = ingest(
      [
        { name: 'h.txt', text: header },
        { name: 'file.txt', text: 'stamped' },
      ],
      hashing,
    );
    expect(groups.map((g) => [g.main.name, g.supplied.map((d) => d.name)])).toEqual([
      ['h.txt', ['file.txt']],
    ]);
  });
});

describe('step receipts as a batch', () => {
  it('go with the workflow whose steps they are', () => {
    const batch = {
      name: 'steps.json',
      text: JSON.stringify([JSON.parse(step(1).text), JSON.parse(step(2).text)]),
    };
    const { groups } = ingest([doc('workflow.json', workflow), batch], hashing);
    expect(groups.map((g) => [g.main.name, g.supplied.map((d) => d.name)])).toEqual([
      ['workflow.json', ['steps.json']],
      // Any other receipt in the batch still gets verified: the batch keeps its own report.
      ['steps.json', []],
    ]);
  });
});

describe('anchor material without a record', () => {
  it('lets the proof lead and supplies the header and the stamped file to it', () => {
    const ots = {
      name: 'file.txt.ots',
      bytes: new Uint8Array([
        0x00,
        ...new TextEncoder().encode('OpenTimestamps'),
        0x00,
        0x00,
        ...new TextEncoder().encode('Proof'),
        0x00,
        0xbf,
        0x89,
        0xe2,
        0xe8,
        0x84,
        0xe8,
        0x92,
        0x94,
      ]),
    };
    const { groups } = ingest(
      [{ name: 'h.txt', text: '00'.repeat(80) }, ots, { name: 'file.txt', text: 'stamped' }],
      hashing,
    );
    expect(groups.map((g) => [g.main.name, g.supplied.map((d) => d.name)])).toEqual([
      ['file.txt.ots', ['h.txt', 'file.txt']],
    ]);
  });
});

describe('proofs among several records', () => {
  it('go to the record whose output hash they start from, with the header', async () => {
    const { otsHeader, pendingAttestation, proofBytes } =
      await import('../../test/support/ots-write');
    const { hexToBytes } = await import('./encoding/hex');
    const other = { ...receipt, id: 'other' };
    const start = (receipt.output_hash as string).slice(7);
    const proof = {
      name: 'a.ots',
      bytes: proofBytes(
        otsHeader(hexToBytes(start) as Uint8Array),
        pendingAttestation('https://c.example'),
      ),
    };
    const { groups, unplaced } = ingest(
      [
        doc('other.json', other),
        doc('a.json', receipt),
        proof,
        { name: 'header.txt', text: '00'.repeat(80) },
      ],
      hashing,
    );
    expect(unplaced).toEqual([]);
    const byMain = Object.fromEntries(
      groups.map((g) => [g.main.name, g.supplied.map((d) => d.name)]),
    );
    expect(byMain).toEqual({ 'other.json': [], 'a.json': ['a.ots', 'header.txt'] });
  });
});
