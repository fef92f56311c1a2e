import { createHash } from 'node:crypto';
import { createVerifyContext } from '../verify';
import { describe, expect, it } from 'vitest';
import { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { OTS_MAGIC } from '../anchor/ots/magic';
import { detectDocument } from '../detect';
import { type InputDocument } from '../model/document';
import { loadHashing } from '../hash/sha256';
import { parseJson } from '../json/parse';
import { checkReceiptEvidence } from './evidence';

const EVIDENCE = '{"request":{"pair":"BTC/USD"}}';
const REFERENCED = 'referenced bytes';
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

const NOSTR_EVENT = JSON.stringify({
  id: 'a'.repeat(64),
  pubkey: 'b'.repeat(64),
  created_at: 1790000000,
  kind: 1,
  tags: [],
  content: 'anchor',
  sig: 'c'.repeat(128),
});

async function evidenceChecks(receipt: object, supplied: InputDocument[]) {
  const hashing = await loadHashing();
  const ctx: VerifyContext = createVerifyContext(hashing, supplied.map(detectDocument), 0);
  const { root, source } = parseJson(JSON.stringify(receipt));
  if (root.type !== 'object') throw new Error('object expected');
  const list = new CheckList(source);
  checkReceiptEvidence(root, ctx, list);
  return list.checks;
}

function statusOf(checks: { rule: string; status: string }[], rule: string): string[] {
  return checks.filter((c) => c.rule === rule).map((c) => c.status);
}

const WITH_SHA = { evidence_sha256: `sha256:${sha(EVIDENCE)}` };
const WITH_BOTH = {
  ...WITH_SHA,
  evidence_references: [{ type: 'capture', canonical_sha256: `sha256-${sha(REFERENCED)}` }],
};

describe('checkReceiptEvidence: which supplied files count as evidence', () => {
  it('an anchor proof or event supplied alone leaves evidence_sha256 unavailable', async () => {
    for (const supplied of [
      [{ name: 'proof.ots', bytes: new Uint8Array([...OTS_MAGIC, 0x01]) }],
      [{ name: 'event.json', text: NOSTR_EVENT }],
      [{ name: 'header.txt', text: '00'.repeat(80) }],
    ]) {
      const checks = await evidenceChecks(WITH_SHA, supplied);
      expect(statusOf(checks, 'receipt.evidence_sha256.match'), supplied[0]?.name).toEqual([
        'unavailable',
      ]);
    }
  });

  it('the file of an evidence reference is not taken for the evidence_sha256 file', async () => {
    const checks = await evidenceChecks(WITH_BOTH, [{ name: 'ref.bin', text: REFERENCED }]);
    expect(statusOf(checks, 'receipt.evidence_references.match')).toEqual(['pass']);
    expect(statusOf(checks, 'receipt.evidence_sha256.match')).toEqual(['unavailable']);
  });

  it('a file meant as evidence that does not match fails, naming only the candidates', async () => {
    const checks = await evidenceChecks(WITH_BOTH, [
      { name: 'ref.bin', text: REFERENCED },
      { name: 'proof.ots', bytes: new Uint8Array([...OTS_MAGIC, 0x01]) },
      { name: 'evidence.json', text: EVIDENCE + ' ' },
    ]);
    const [failure] = checks.filter((c) => c.rule === 'receipt.evidence_sha256.match');
    expect(failure).toMatchObject({
      status: 'fail',
      message: 'no supplied file matches evidence_sha256',
      path: '/evidence_sha256',
      detail: 'Supplied: evidence.json',
    });
  });

  it('finds the matching file among several', async () => {
    const checks = await evidenceChecks({ ...WITH_SHA, evidence_byte_length: EVIDENCE.length }, [
      { name: 'event.json', text: NOSTR_EVENT },
      { name: 'other.txt', text: 'unrelated' },
      { name: 'evidence.json', text: EVIDENCE },
    ]);
    expect(checks.find((c) => c.rule === 'receipt.evidence_sha256.match')).toMatchObject({
      status: 'pass',
      message: 'supplied file evidence.json matches evidence_sha256',
    });
    expect(statusOf(checks, 'receipt.evidence_byte_length')).toEqual(['pass']);
  });

  it('no evidence digests at all: one not_checked check', async () => {
    const checks = await evidenceChecks({}, [{ name: 'evidence.json', text: EVIDENCE }]);
    expect(checks.map((c) => [c.rule, c.status])).toEqual([
      ['receipt.evidence.none', 'not_checked'],
    ]);
  });

  it('a malformed reference fails its format and is never matched', async () => {
    const checks = await evidenceChecks(
      { evidence_references: [{ canonical_sha256: `sha256:${sha(REFERENCED)}` }, 'not an object'] },
      [{ name: 'ref.bin', text: REFERENCED }],
    );
    expect(checks.map((c) => [c.rule, c.status, c.path])).toEqual([
      ['receipt.evidence_references.format', 'fail', '/evidence_references/0/canonical_sha256'],
      ['receipt.evidence_references.format', 'fail', '/evidence_references/1'],
    ]);
  });
});
