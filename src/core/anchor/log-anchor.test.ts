import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex';
import type { Check, Report } from '../model/report';
import type { ReceiptDetails } from '../receipt/details';
import { verify, type InputDocument } from '../verify';
import { otsHeader, pendingAttestation, proofBytes } from '../../../test/support/ots-write';
import { MINIMAL_RECEIPT } from '../../../test/generators/make-nostr-fixture';

const NOW = Date.parse('2026-10-01T00:00:00Z');
const CALENDAR = 'https://alice.btc.calendar.opentimestamps.org';
const OUTPUT_DIGEST = hexToBytes(MINIMAL_RECEIPT.output_hash.slice(7)) as Uint8Array;

type Json = Record<string, unknown>;

function logReceipt(anchor: unknown = {}, receipt: Json = {}): Json {
  return {
    ...MINIMAL_RECEIPT,
    anchor:
      anchor && typeof anchor === 'object' && !Array.isArray(anchor)
        ? {
            log: CALENDAR,
            leaf_hash: MINIMAL_RECEIPT.output_hash,
            anchored_at: '2026-09-27T09:00:03Z',
            proof: {},
            ...anchor,
          }
        : anchor,
    ...receipt,
  };
}

async function run(receipt: Json, supplied: InputDocument[] = []) {
  const report: Report = await verify(
    { name: 'receipt.json', text: JSON.stringify(receipt) },
    supplied,
    { now: NOW },
  );
  const rule = (id: string): Check | undefined => report.checks.find((c) => c.rule === id);
  return { report, rule };
}

/** A pending-only OpenTimestamps proof of the receipt's output hash. */
const pendingProof = proofBytes(otsHeader(OUTPUT_DIGEST), pendingAttestation(CALENDAR));

describe('log anchor (disinterested tier, spec §5.2)', () => {
  it('a well-formed log anchor passes every rule; its empty proof object cannot be checked here', async () => {
    const { report, rule } = await run(logReceipt());
    for (const id of [
      'anchor.log.members',
      'anchor.log.log',
      'anchor.log.leaf_hash.format',
      'anchor.log.leaf_hash.match',
      'anchor.log.anchored_at',
      'anchor.log.id_v4',
      'anchor.log.proof',
    ])
      expect(rule(id)?.status, id).toBe('pass');
    expect(rule('anchor.log.proof.contents')).toMatchObject({
      status: 'unavailable',
      message: 'anchor.proof carries no proof this verifier can check',
    });
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(report.verdict).toBe('verified');
    expect((report.details as ReceiptDetails).anchors?.anchors[0]).toMatchObject({
      kind: 'log',
      bindsRecord: true,
      witnessTime: '2026-09-27T09:00:03Z',
    });
  });

  it.each([
    ['not an object', logReceipt('calendar'), 'anchor.object', 'anchor is not an object'],
    [
      'extra member',
      logReceipt({ note: 1 }),
      'anchor.log.members',
      'anchor has members other than log/leaf_hash/anchored_at/proof',
    ],
    [
      'empty log',
      logReceipt({ log: '' }),
      'anchor.log.log',
      'anchor.log is not a non-empty string',
    ],
    [
      'uppercase leaf_hash',
      logReceipt({ leaf_hash: MINIMAL_RECEIPT.output_hash.toUpperCase() }),
      'anchor.log.leaf_hash.format',
      'anchor.leaf_hash is not sha256: + lowercase hex digest',
    ],
    [
      'leaf_hash of other bytes',
      logReceipt({ leaf_hash: `sha256:${'0'.repeat(64)}` }),
      'anchor.log.leaf_hash.match',
      'anchor.leaf_hash does not match canonical_bytes',
    ],
    [
      'impossible anchored_at',
      logReceipt({ anchored_at: '2026-02-30T00:00:00Z' }),
      'anchor.log.anchored_at.calendar',
      'anchor.anchored_at is not a valid calendar date/time',
    ],
    [
      'missing anchored_at',
      logReceipt({ anchored_at: undefined }),
      'anchor.log.anchored_at',
      'anchor.anchored_at is not RFC 3339',
    ],
    ['proof array', logReceipt({ proof: [] }), 'anchor.log.proof', 'anchor.proof is not an object'],
    [
      'id not v4',
      logReceipt({}, { id: 'b6c63ac5-f324-1fa7-ad58-c4bf83faa86a' }),
      'anchor.log.id_v4',
      'id is not a UUID v4 (strict profile)',
    ],
  ])('%s fails with the reference message', async (_name, receipt, ruleId, message) => {
    const { report, rule } = await run(receipt);
    expect(rule(ruleId)).toMatchObject({
      status: 'fail',
      dimension: 'anchor_verification',
      message,
    });
    expect(report.verdict).toBe('failed');
  });

  it("a missing member breaks the exact-members rule, as the kit's anchored-missing-proof does", async () => {
    const { report, rule } = await run(logReceipt({ proof: undefined }));
    expect(rule('anchor.log.members')).toMatchObject({
      status: 'fail',
      message: 'anchor has members other than log/leaf_hash/anchored_at/proof',
      expected: 'exactly log, leaf_hash, anchored_at, proof',
      found: 'no proof',
      path: '/anchor',
    });
    expect(rule('anchor.log.proof')?.message).toBe('anchor.proof is not an object');
    expect(report.verdict).toBe('failed');
    const both = await run(logReceipt({ proof: undefined, note: 1 }));
    expect(both.rule('anchor.log.members')).toMatchObject({
      found: 'also note; no proof',
      path: '/anchor/note',
    });
  });

  it('an OpenTimestamps proof embedded in anchor.proof (base64 or hex) is verified', async () => {
    for (const encoded of [
      Buffer.from(pendingProof).toString('base64'),
      bytesToHex(pendingProof),
    ]) {
      const { report, rule } = await run(logReceipt({ proof: { ots: encoded } }));
      expect(rule('anchor.ots.start_digest')).toMatchObject({
        status: 'pass',
        message: 'start digest equals the receipt output_hash',
        path: '/anchor/proof/ots',
      });
      expect(rule('anchor.ots.pending')?.status).toBe('unavailable');
      expect(rule('anchor.log.proof.contents')).toBeUndefined();
      expect(report.dimensions.anchor_verification.summary).toMatch(/pending/);
    }
  });

  it('a supplied .ots proof of the leaf hash covers the unreadable proof object', async () => {
    const { rule } = await run(logReceipt(), [{ name: 'receipt.ots', bytes: pendingProof }]);
    expect(rule('anchor.log.proof.contents')).toMatchObject({
      status: 'info',
      message: 'anchor.proof was not read; the supplied proof receipt.ots covers this receipt',
    });
    expect(rule('anchor.ots.start_digest')).toMatchObject({
      status: 'pass',
      subject: 'receipt.ots',
    });
  });

  it('a receipt without anchor or supplied proofs: not_checked', async () => {
    const { report } = await run({ ...MINIMAL_RECEIPT });
    expect(report.dimensions.anchor_verification).toEqual({
      status: 'not_checked',
      summary: 'no anchor present',
    });
  });

  it('an anchor of no known profile is unavailable, not failed', async () => {
    const { report } = await run({ ...MINIMAL_RECEIPT, anchor: { kind: 'mystery' } });
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
  });
});
