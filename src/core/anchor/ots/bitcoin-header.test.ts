import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_EVIDENCE_WORK_BITS } from '../../bounds';
import { bytesToHex } from '../../encoding/hex';
import { loadHashing, type Hashing } from '../../hash/sha256';
import {
  analyseBlockHeader,
  describeWork,
  MAINNET_POW_LIMIT,
  parseBlockHeaderHex,
  targetFromBits,
  workBits,
} from './bitcoin-header';
import { GENESIS_HEADER, HEADER_358391 } from '../../../../test/support/ots-headers';

/** Regtest genesis: same block with bits 0x207fffff, a target anyone can meet. */
const REGTEST_GENESIS_HEADER =
  '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4adae5494dffff7f2002000000';

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

function header(hex: string) {
  const parsed = parseBlockHeaderHex(hex);
  if (!parsed.ok) throw new Error(parsed.problem);
  return analyseBlockHeader(parsed.bytes, hashing);
}

describe('Bitcoin block headers', () => {
  it('block 358391: hash, time, bits, merkle root in internal order, valid proof of work', () => {
    const h = header(HEADER_358391);
    expect(h.hash).toBe('000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319');
    expect(h.time).toBe(1432827678);
    expect(h.timeIso).toBe('2015-05-28T15:41:18Z');
    expect(h.bits).toBe(0x181686f5);
    expect(bytesToHex(h.merkleRoot)).toBe(
      '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a',
    );
    expect(h.proofOfWork.valid).toBe(true);
  });

  it('genesis: hash 000000000019d6…e26f and valid proof of work', () => {
    const h = header(GENESIS_HEADER);
    expect(h.hash).toBe('000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f');
    expect(h.proofOfWork).toMatchObject({ valid: true, difficulty: 1 });
    expect(h.timeIso).toBe('2009-01-03T18:15:05Z');
  });

  it('a changed nonce byte breaks the proof of work', () => {
    const tampered = GENESIS_HEADER.slice(0, 158) + '7d';
    const h = header(tampered);
    expect(h.proofOfWork.valid).toBe(false);
    if (!h.proofOfWork.valid) expect(h.proofOfWork.reason).toMatch(/is above the target/);
  });

  it('a header meeting only a regtest target is not accepted as proof of work', () => {
    const h = header(REGTEST_GENESIS_HEADER);
    expect(h.hash).toBe('0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206');
    expect(h.proofOfWork.valid).toBe(false);
    if (!h.proofOfWork.valid)
      expect(h.proofOfWork.reason).toMatch(/above the Bitcoin mainnet limit/);
  });

  it('targets from compact bits', () => {
    expect(targetFromBits(0x1d00ffff)).toEqual({ ok: true, target: MAINNET_POW_LIMIT });
    expect(targetFromBits(0x181686f5)).toEqual({ ok: true, target: 0x1686f5n << (8n * 21n) });
    expect(targetFromBits(0x03123456)).toEqual({ ok: true, target: 0x123456n });
    expect(targetFromBits(0x02123456)).toEqual({ ok: true, target: 0x1234n });
    expect(targetFromBits(0x1d800000)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/negative/),
    });
    expect(targetFromBits(0x1d000000)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/zero/),
    });
  });

  it('header text: 160 hex digits, optional 0x and surrounding whitespace', () => {
    expect(parseBlockHeaderHex(`  0x${HEADER_358391.toUpperCase()}\n`).ok).toBe(true);
    expect(parseBlockHeaderHex(HEADER_358391.slice(2))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/160 hex digits/),
    });
    expect(parseBlockHeaderHex('zz' + HEADER_358391.slice(2))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/hex digits only/),
    });
  });
});

describe('work carried by a header', () => {
  it('difficulty 1 is about 2^32 hashes: trivially cheap, not evidence', () => {
    expect(workBits(MAINNET_POW_LIMIT)).toBeCloseTo(32, 3);
    expect(describeWork(32)).toBe('about 2^32 hashes (trivially cheap — not evidence)');
    expect(describeWork(MIN_EVIDENCE_WORK_BITS - 0.01)).toMatch(/not evidence/);
  });
  it('real work is named with the year one block cost as much', () => {
    expect(describeWork(67.6)).toBe(
      'about 2^67 hashes (≈ what mining one real block cost in 2014)',
    );
    expect(describeWork(79.5)).toBe(
      'about 2^79 hashes (≈ what mining one real block cost in 2025)',
    );
    expect(MIN_EVIDENCE_WORK_BITS).toBeLessThan(70);
  });
});
