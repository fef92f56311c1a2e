import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../encoding/hex';
import { loadHashing, loadLegacyHashes, type Hashing } from '../../hash/sha256';
import { OTS_MAX_DEPTH, OTS_PROOF_MAX_BYTES } from '../../bounds';
import { parseOts, type OtsProof } from './parse';
import { replayOts } from './replay';
import {
  append,
  attestation,
  bitcoinAttestation,
  otsHeader,
  pendingAttestation,
  prepend,
  proofBytes,
} from '../../../../test/support/ots-write';

const vector = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./vectors/${name}`, import.meta.url)));

const EXAMPLES = [
  'hello-world',
  'bad-stamp',
  'incomplete',
  'two-calendars',
  'unknown-notary',
  'known-and-unknown-notary',
  'merkle1',
];
const DIGEST = new Uint8Array(32).fill(7);

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
  // Replay calls SHA-1 and RIPEMD-160 synchronously once loaded (verifyAll loads them itself).
  await loadLegacyHashes();
});

function parsed(bytes: Uint8Array): OtsProof {
  const result = parseOts(bytes);
  if (!result.ok) throw new Error(result.message);
  return result.proof;
}

function parseError(bytes: Uint8Array): string {
  const result = parseOts(bytes);
  if (result.ok) throw new Error('expected a parse error');
  return result.message;
}

describe('parseOts on the OpenTimestamps examples', () => {
  it.each(EXAMPLES)('%s parses and its start digest is the sha256 of the file', (name) => {
    const proof = parsed(vector(`${name}.txt.ots`));
    expect(proof.version).toBe(1);
    expect(proof.fileHashOp).toBe('sha256');
    expect(bytesToHex(proof.startDigest)).toBe(hashing.sha256Hex(vector(`${name}.txt`)));
  });

  it('hello-world replays (through RIPEMD-160) to the merkle root of block 358391', () => {
    const proof = parsed(vector('hello-world.txt.ots'));
    const [only, ...rest] = replayOts(proof, hashing);
    expect(rest).toHaveLength(0);
    expect(only?.attestation).toEqual({ type: 'bitcoin', tag: '0588960d73d71901', height: 358391 });
    expect(bytesToHex(only?.value as Uint8Array)).toBe(
      '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a',
    );
    expect(only?.path.map((op) => op.name)).toContain('ripemd160');
  });

  it('two-calendars lists two pending attestations', () => {
    const replayed = replayOts(parsed(vector('two-calendars.txt.ots')), hashing);
    expect(replayed.map((r) => r.attestation)).toEqual([
      expect.objectContaining({
        type: 'pending',
        uri: 'https://alice.btc.calendar.opentimestamps.org',
      }),
      expect.objectContaining({
        type: 'pending',
        uri: 'https://bob.btc.calendar.opentimestamps.org',
      }),
    ]);
  });

  it('unknown-notary keeps the unknown tag and payload', () => {
    const [only] = replayOts(parsed(vector('unknown-notary.txt.ots')), hashing);
    expect(only?.attestation.type).toBe('unknown');
    expect(only?.attestation.tag).toBe('0102030405060708');
  });

  it('merkle1 replays through appends and prepends on both branches', () => {
    const replayed = replayOts(parsed(vector('merkle1.txt.ots')), hashing);
    expect(replayed).toHaveLength(2);
    for (const r of replayed) {
      const names = r.path.map((op) => op.name);
      expect(names).toContain('append');
      expect(names).toContain('prepend');
      expect(r.value).toBeDefined();
    }
  });
});

describe('parseOts on hostile and broken input', () => {
  it('every strict prefix of hello-world.txt.ots is a clear error, never an exception', () => {
    const full = vector('hello-world.txt.ots');
    for (let length = 0; length < full.length; length++) {
      const message = parseError(full.subarray(0, length));
      expect(message).toMatch(/^truncated at byte \d+: expected /);
    }
  });

  it('bad magic', () => {
    const bytes = vector('hello-world.txt.ots').slice();
    bytes[5] = (bytes[5] ?? 0) ^ 0xff;
    expect(parseError(bytes)).toMatch(/^bad magic: byte 5 /);
  });

  it('unknown operation tag', () => {
    expect(parseError(proofBytes(otsHeader(DIGEST), [0x42]))).toBe(
      'unknown operation tag 0x42 at byte 65',
    );
  });

  it('unsupported version and file hash operations', () => {
    const wrongVersion = proofBytes(otsHeader(DIGEST));
    wrongVersion[31] = 2;
    expect(parseError(wrongVersion)).toMatch(/^unsupported proof version 2 at byte 31/);
    expect(parseError(proofBytes(otsHeader(DIGEST, 0x67)))).toMatch(
      /^file hash operation keccak256 \(0x67\) at byte 32 is not supported/,
    );
    expect(parseError(proofBytes(otsHeader(DIGEST, 0x99)))).toBe(
      'unknown file hash operation 0x99 at byte 32',
    );
  });

  it('sha1 and ripemd160 file hashes have 20-byte start digests', () => {
    const proof = parsed(proofBytes(otsHeader(new Uint8Array(20), 0x03), bitcoinAttestation(1)));
    expect(proof.fileHashOp).toBe('ripemd160');
    expect(proof.startDigest).toHaveLength(20);
    expect(
      parsed(proofBytes(otsHeader(new Uint8Array(20), 0x02), bitcoinAttestation(1))).fileHashOp,
    ).toBe('sha1');
  });

  it('trailing data after the proof', () => {
    expect(parseError(proofBytes(otsHeader(DIGEST), bitcoinAttestation(1), [0x00]))).toMatch(
      /^unexpected data after the end of the proof at byte \d+/,
    );
  });

  it('nesting deeper than the reference recursion limit', () => {
    const deep = Array.from({ length: OTS_MAX_DEPTH + 5 }, () => 0x08);
    expect(parseError(proofBytes(otsHeader(DIGEST), deep, bitcoinAttestation(1)))).toMatch(
      /^proof nests deeper than 256 operations at byte \d+/,
    );
  });

  it('more operations than the bound', () => {
    // 50 branches of 250 operations each: within the depth and attestation bounds.
    const branch = [...Array.from({ length: 250 }, () => 0x08), ...bitcoinAttestation(1)];
    const forks = Array.from({ length: 49 }, () => [0xff, ...branch]).flat();
    expect(parseError(proofBytes(otsHeader(DIGEST), forks, branch))).toMatch(
      /^more than 10000 operations \(at byte \d+\)/,
    );
  });

  it('messages longer than 4096 bytes are refused, as in the reference implementation', () => {
    expect(
      parseError(
        proofBytes(otsHeader(DIGEST), append(new Uint8Array(4096)), bitcoinAttestation(1)),
      ),
    ).toMatch(/^operation at byte 65 is refused: append would produce 4128 bytes/);
    expect(parseError(proofBytes(otsHeader(DIGEST), append(new Uint8Array(4097))))).toMatch(
      /append argument at byte 66 is 4097 bytes long \(limit 4096\)/,
    );
    // hexlify doubles the message: 32 -> 64 -> ... -> 4096 is fine, once more is not.
    const hexlify = Array.from({ length: 8 }, () => 0xf3);
    expect(parseError(proofBytes(otsHeader(DIGEST), hexlify, bitcoinAttestation(1)))).toMatch(
      /hexlify of a 4096-byte message \(limit 2048\)/,
    );
  });

  it('empty append arguments and oversized varuints', () => {
    expect(parseError(proofBytes(otsHeader(DIGEST), [0xf0, 0x00]))).toMatch(
      /append argument at byte 66 is 0 bytes long \(at least 1 required\)/,
    );
    const huge = proofBytes(
      otsHeader(DIGEST),
      [0xf0],
      Array.from({ length: 10 }, () => 0xff),
    );
    expect(parseError(huge)).toMatch(/^length of append argument is too large at byte 66/);
  });

  it('malformed attestation payloads', () => {
    // Bitcoin payload with a second varuint after the height.
    expect(
      parseError(proofBytes(otsHeader(DIGEST), attestation('0588960d73d71901', [0x01, 0x02]))),
    ).toMatch(/^attestation payload at byte \d+ has 1 unexpected trailing bytes/);
    // Pending URI with a space (not in the reference's allowed characters).
    expect(parseError(proofBytes(otsHeader(DIGEST), pendingAttestation('https://a b')))).toMatch(
      /^pending calendar URI at byte \d+ has a character outside/,
    );
    // Pending payload shorter than its URI length says: offsets are file offsets.
    expect(
      parseError(proofBytes(otsHeader(DIGEST), attestation('83dfe30d2ef90c8e', [0x05, 0x61]))),
    ).toMatch(/^truncated at byte \d+: expected pending calendar URI/);
  });

  it('files over the size bound are refused before parsing', () => {
    expect(parseError(new Uint8Array(OTS_PROOF_MAX_BYTES + 1))).toMatch(/limit 1048576/);
  });

  it('random garbage, with and without the magic, never throws and never hangs', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    };
    // A hang would trip the test's time-out; no speed is asserted here.
    for (let round = 0; round < 2000; round++) {
      const body = Array.from({ length: 1 + (round % 200) }, random);
      const withMagic = round % 2 === 0;
      const bytes = proofBytes(withMagic ? otsHeader(DIGEST) : [], body);
      const result = parseOts(bytes);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      else replayOts(result.proof, hashing);
    }
  });

  it('the worst case within the bounds replays in bounded time', () => {
    // Grow the message to 4032 bytes, then keep it that size (reverse) along 40 deep branches:
    // about 10,000 operations each touching 4 KB, near the most work the bounds allow.
    const grow = append(new Uint8Array(4000));
    const branch = [...Array.from({ length: 248 }, () => 0xf2), 0x08, ...bitcoinAttestation(1)];
    const forks = Array.from({ length: 39 }, () => [0xff, ...branch]).flat();
    const proof = parsed(proofBytes(otsHeader(DIGEST), grow, forks, branch));
    expect(proof.opCount).toBe(1 + 40 * 249);
    expect(replayOts(proof, hashing)).toHaveLength(40);
  });

  it('prepend and append put the argument on the right side', () => {
    const proof = parsed(
      proofBytes(otsHeader(DIGEST), prepend([1, 2]), append([3]), bitcoinAttestation(5)),
    );
    const [only] = replayOts(proof, hashing);
    expect(Array.from(only?.value as Uint8Array)).toEqual([1, 2, ...DIGEST, 3]);
  });
});
