import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckList } from '../../checks';
import { loadHashing, loadLegacyHashes, type Hashing } from '../../hash/sha256';
import type { Check } from '../../model/report';
import { hexToBytes } from '../../encoding/hex';
import { analyseBlockHeader, parseBlockHeaderHex } from './bitcoin-header';
import { parseOts } from './parse';
import { checkOtsProof, type OtsCheckOptions, type SuppliedHeader } from './verify-ots';
import {
  GENESIS_HEADER,
  HEADER_358391,
  HELLO_WORLD_MERKLE_ROOT,
} from '../../../../test/support/ots-headers';
import {
  append,
  bitcoinAttestation,
  otsHeader,
  pendingAttestation,
  proofBytes,
} from '../../../../test/support/ots-write';

/** What hello-world.txt.ots with block 358391's header shows, and no more. */
const HELLO_CONFIRMED =
  'the proof commits to the merkle root of header 000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319, whose proof of work is about 2^67 hashes (≈ what mining one real block cost in 2014); block 358391 at 2015-05-28T15:41:18Z is claimed by the proof';

const file = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./vectors/${name}`, import.meta.url)));

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
  // OTS operations call SHA-1 and RIPEMD-160 synchronously once loaded (verifyAll loads them).
  await loadLegacyHashes();
});

function headerFrom(hex: string, source = 'header.txt'): SuppliedHeader {
  const parsed = parseBlockHeaderHex(hex);
  if (!parsed.ok) throw new Error(parsed.problem);
  return { source, header: analyseBlockHeader(parsed.bytes, hashing) };
}

/** Checks a vector as the anchor of the value its .txt file hashes to. */
function run(
  name: string,
  headers: SuppliedHeader[] = [],
  overrides: Partial<OtsCheckOptions> = {},
  proof: Uint8Array = file(`${name}.txt.ots`),
) {
  const list = new CheckList(undefined);
  const digest = name ? hashing.sha256(file(`${name}.txt`)) : new Uint8Array(32);
  const entry = checkOtsProof(
    parseOts(proof),
    {
      source: `${name}.txt.ots`,
      candidates: [{ label: 'workflow merkle_root', member: 'receipt.output_hash', bytes: digest }],
      unmatched: 'fail',
      headers,
      ...overrides,
    },
    hashing,
    list,
  );
  const byRule = (rule: string): Check[] => list.checks.filter((c) => c.rule === rule);
  return { entry, checks: list.checks, byRule };
}

describe('OpenTimestamps proof checks', () => {
  it('hello-world with the block 358391 header: Bitcoin-confirmed at 2015-05-28T15:41:18Z', () => {
    const { entry, byRule } = run('hello-world', [headerFrom(HEADER_358391)]);
    expect(byRule('anchor.ots.start_digest')[0]).toMatchObject({
      status: 'pass',
      message: 'start digest equals the workflow merkle_root',
    });
    expect(byRule('anchor.ots.replay')[0]?.status).toBe('pass');
    expect(byRule('anchor.ots.bitcoin')[0]).toMatchObject({
      status: 'pass',
      message: HELLO_CONFIRMED,
      found: HELLO_WORLD_MERKLE_ROOT,
    });
    expect(byRule('anchor.ots.bitcoin')[0]?.detail).toMatch(
      /height 358391 and the time are the proof's and the header's claims/,
    );
    expect(entry).toMatchObject({
      kind: 'ots',
      bindsRecord: true,
      binds: 'workflow merkle_root',
      witnessTime: '2015-05-28T15:41:18Z',
      attestations: [
        { type: 'bitcoin', height: 358391, value: HELLO_WORLD_MERKLE_ROOT, status: 'pass' },
      ],
    });
  });

  it('hello-world without a header: steps 1-2 pass, the Bitcoin confirmation is unavailable', () => {
    const { byRule } = run('hello-world');
    expect(byRule('anchor.ots.start_digest')[0]?.status).toBe('pass');
    expect(byRule('anchor.ots.replay')[0]?.status).toBe('pass');
    const bitcoin = byRule('anchor.ots.bitcoin')[0];
    expect(bitcoin).toMatchObject({
      status: 'unavailable',
      message: 'Bitcoin confirmation unavailable: needs the 80-byte header of block 358391',
    });
    // Explorers print the merkle root reversed; the detail gives both forms.
    expect(bitcoin?.detail).toContain(
      '8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00',
    );
  });

  it('bad-stamp with its attested block header (358391) fails: digest does not match merkle root', () => {
    // bad-stamp.txt.ots attests block 358391 too (same tail as hello-world), so HEADER_358391 is
    // its attested block's real header: this is the genuine failure case, not a stand-in.
    const { byRule } = run('bad-stamp', [headerFrom(HEADER_358391)]);
    expect(byRule('anchor.ots.start_digest')[0]?.status).toBe('pass');
    expect(byRule('anchor.ots.bitcoin')[0]).toMatchObject({
      status: 'fail',
      message: 'digest does not match merkle root',
      expected: HELLO_WORLD_MERKLE_ROOT,
    });
  });

  it('bad-stamp without a header is unavailable, not failed', () => {
    expect(run('bad-stamp').byRule('anchor.ots.bitcoin')[0]?.status).toBe('unavailable');
  });

  it("a rewritten attestation height still matches the header, but is stated as the proof's claim", () => {
    const original = file('hello-world.txt.ots');
    const hex = Buffer.from(original).toString('hex');
    const from = Buffer.from(bitcoinAttestation(358391)).toString('hex');
    const to = Buffer.from(bitcoinAttestation(1)).toString('hex');
    const proof = new Uint8Array(Buffer.from(hex.replace(from, to), 'hex'));
    const { byRule } = run('hello-world', [headerFrom(HEADER_358391)], {}, proof);
    const check = byRule('anchor.ots.bitcoin')[0];
    expect(check?.status).toBe('pass');
    expect(check?.message).toMatch(/block 1 at 2015-05-28T15:41:18Z is claimed by the proof$/);
    expect(check?.message).toMatch(/^the proof commits to the merkle root of header /);
  });

  it('a difficulty-1 header of another block neither confirms nor refutes: unavailable, named as ignored', () => {
    // Difficulty 1 is about 2^32 hashes: anyone can mine such a header, so it is no evidence
    // either way (a real header of another block fails: see bad-stamp below).
    const { byRule } = run('hello-world', [headerFrom(GENESIS_HEADER, 'genesis.txt')]);
    const check = byRule('anchor.ots.bitcoin')[0];
    expect(check).toMatchObject({
      status: 'unavailable',
      message: 'Bitcoin confirmation unavailable: needs the 80-byte header of block 358391',
    });
    expect(check?.detail).toMatch(/genesis\.txt ignored: proof of work too cheap to be evidence/);
  });

  it('a difficulty-1 header carrying the attested merkle root confirms nothing (cheaply mined)', () => {
    // A proof whose start digest is the genesis merkle root, attested at height 0, with no
    // operations: the genesis header carries that root and meets its own (difficulty-1) target.
    const root = hexToBytes(GENESIS_HEADER.slice(72, 136))!;
    const proof = proofBytes(otsHeader(root), bitcoinAttestation(0));
    const { byRule } = run(
      '',
      [headerFrom(GENESIS_HEADER, 'genesis.txt')],
      { candidates: [{ label: 'value', member: 'receipt.output_hash', bytes: root }] },
      proof,
    );
    const check = byRule('anchor.ots.bitcoin')[0];
    expect(check).toMatchObject({
      status: 'unavailable',
      message:
        "Bitcoin block 0: the matching header's proof of work is about 2^32 hashes (trivially cheap — not evidence)",
    });
  });

  it('the right merkle root in a header without proof of work fails', () => {
    const forged = HEADER_358391.slice(0, 158) + '00';
    const { byRule } = run('hello-world', [headerFrom(forged)]);
    expect(byRule('anchor.ots.bitcoin')[0]).toMatchObject({
      status: 'fail',
      message: 'block header proof of work is invalid',
    });
  });

  it('incomplete: pending only, unavailable with "pending", never failed', () => {
    const { checks, byRule } = run('incomplete');
    expect(checks.some((c) => c.status === 'fail')).toBe(false);
    expect(byRule('anchor.ots.pending')[0]).toMatchObject({
      status: 'unavailable',
      message:
        'pending: calendar https://alice.btc.calendar.opentimestamps.org has not yet anchored this in Bitcoin',
    });
  });

  it('two-calendars: two pending attestations', () => {
    const { entry, byRule } = run('two-calendars');
    expect(byRule('anchor.ots.pending').map((c) => c.status)).toEqual([
      'unavailable',
      'unavailable',
    ]);
    expect(entry.attestations?.map((a) => a.uri)).toEqual([
      'https://alice.btc.calendar.opentimestamps.org',
      'https://bob.btc.calendar.opentimestamps.org',
    ]);
  });

  it('unknown-notary: reported as unknown, not a crash, not a failure', () => {
    const { checks, byRule } = run('unknown-notary');
    expect(checks.some((c) => c.status === 'fail')).toBe(false);
    expect(byRule('anchor.ots.unknown_notary')[0]).toMatchObject({
      status: 'unavailable',
      message: 'unknown notary (tag 0102030405060708, 46-byte payload): reported, not verified',
    });
  });

  it('known-and-unknown-notary: one pending, one unknown', () => {
    const { entry } = run('known-and-unknown-notary');
    expect(entry.attestations?.map((a) => [a.type, a.status])).toEqual([
      ['pending', 'unavailable'],
      ['unknown', 'unavailable'],
    ]);
  });

  it('merkle1: start digest bound, replays through appends and prepends to two calendars', () => {
    const { entry, checks } = run('merkle1');
    expect(entry.bindsRecord).toBe(true);
    expect(entry.attestations).toHaveLength(2);
    expect(entry.attestations?.every((a) => a.value !== undefined)).toBe(true);
    expect(checks.some((c) => c.status === 'fail')).toBe(false);
  });

  it('a proof of something else fails binding; its attestations then only inform', () => {
    const { byRule } = run('hello-world', [headerFrom(HEADER_358391)], {
      candidates: [
        { label: 'receipt output_hash', member: 'receipt.output_hash', bytes: new Uint8Array(32) },
      ],
    });
    expect(byRule('anchor.ots.start_digest')[0]).toMatchObject({
      status: 'fail',
      message: 'start digest does not equal the anchored value',
    });
    expect(byRule('anchor.ots.bitcoin')[0]?.status).toBe('info');
  });

  it("unmatched 'info': a proof for another record is shown, not failed", () => {
    const { checks } = run('hello-world', [], {
      candidates: [
        {
          label: 'chain final entry digest',
          member: 'receipt.output_hash',
          bytes: new Uint8Array(32),
        },
      ],
      unmatched: 'info',
    });
    expect(checks.every((c) => c.status === 'info' || c.status === 'pass')).toBe(true);
  });

  it('a proof of another supplied file is reported as that file, not this record', () => {
    const { entry, byRule } = run('hello-world', [], {
      candidates: [
        { label: 'receipt output_hash', member: 'receipt.output_hash', bytes: new Uint8Array(32) },
      ],
      files: [{ name: 'hello-world.txt', bytes: file('hello-world.txt') }],
    });
    expect(byRule('anchor.ots.start_digest')[0]).toMatchObject({
      status: 'info',
      message: 'hello-world.txt.ots timestamps supplied file hello-world.txt, not this record',
    });
    expect(entry.bindsRecord).toBe(false);
  });

  it('an unreadable proof is one clear failure', () => {
    const { checks } = run('hello-world', [], {}, file('hello-world.txt.ots').subarray(0, 100));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      status: 'fail',
      rule: 'anchor.ots.parse',
      message: expect.stringMatching(
        /could not be read: truncated at byte 69: expected prepend argument/,
      ),
    });
  });

  it('a path through keccak256 cannot be replayed here: unavailable', () => {
    const digest = new Uint8Array(32).fill(1);
    const proof = proofBytes(otsHeader(digest), [0x67], bitcoinAttestation(7));
    const { byRule } = run(
      '',
      [],
      { candidates: [{ label: 'value', member: 'receipt.output_hash', bytes: digest }] },
      proof,
    );
    expect(byRule('anchor.ots.bitcoin')[0]).toMatchObject({
      status: 'unavailable',
      message: 'Bitcoin block 7: the path to this attestation cannot be replayed here',
    });
  });

  it('a Bitcoin attestation of a value that is not 32 bytes fails', () => {
    const digest = new Uint8Array(32).fill(1);
    const proof = proofBytes(otsHeader(digest), append([0xaa]), bitcoinAttestation(7));
    const { byRule } = run(
      '',
      [],
      { candidates: [{ label: 'value', member: 'receipt.output_hash', bytes: digest }] },
      proof,
    );
    expect(byRule('anchor.ots.bitcoin')[0]).toMatchObject({
      status: 'fail',
      message: 'Bitcoin attestation reaches a 33-byte value, not a 32-byte merkle root',
    });
  });

  it('once one attestation is confirmed, pending and unconfirmed ones only inform', () => {
    // A proof forking into hello-world's Bitcoin path and a pending calendar.
    const hello = file('hello-world.txt.ots');
    const tail = hello.subarray(65, hello.length);
    const proof = proofBytes(
      Array.from(hello.subarray(0, 65)),
      [0xff],
      pendingAttestation('https://alice.btc.calendar.opentimestamps.org'),
      Array.from(tail),
    );
    const { byRule } = run('hello-world', [headerFrom(HEADER_358391)], {}, proof);
    expect(byRule('anchor.ots.bitcoin')[0]?.status).toBe('pass');
    expect(byRule('anchor.ots.pending')[0]?.status).toBe('info');
  });
});
