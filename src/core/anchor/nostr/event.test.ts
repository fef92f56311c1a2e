import { schnorr } from '@noble/curves/secp256k1.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../encoding/hex';
import { loadHashing, type Hashing } from '../../hash/sha256';
import { parseJson } from '../../json/parse';
import {
  signEvent,
  TEST_AUX_RAND,
  TEST_SECRET_KEY,
} from '../../../../test/generators/make-nostr-fixture';
import {
  checkEventIntegrity,
  loadSchnorrVerifier,
  readNostrEvent,
  verifySchnorr,
  type NostrEvent,
} from './event';

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
  // Signatures are checked synchronously once secp256k1 is loaded (verifyAll loads it itself).
  await loadSchnorrVerifier();
});

const TEMPLATE = {
  created_at: 1790499605,
  kind: 1,
  tags: [['t', 'aer1-anchor']],
  content: 'receipt "b6c63ac5" anchored\nwith a line break, a backslash \\ and é ✓ 𝄞',
};

function flipHex(hex: string, index: number): string {
  const c = hex[index] === '0' ? '1' : '0';
  return hex.slice(0, index) + c + hex.slice(index + 1);
}

describe('NIP-01 id and BIP-340 signature', () => {
  it('a signed event verifies (JSON.stringify escaping, non-ASCII and astral characters)', () => {
    const result = checkEventIntegrity(signEvent(TEMPLATE), hashing);
    expect(result).toMatchObject({
      idMatches: true,
      idForm: 'JSON.stringify',
      signatureValid: true,
    });
  });

  it('content changed after signing: the id no longer matches, and the signature does not cover it', () => {
    const event = { ...signEvent(TEMPLATE), content: 'something else' };
    expect(checkEventIntegrity(event, hashing)).toMatchObject({
      idMatches: false,
      signatureValid: false,
    });
  });

  it('signature changed: id matches, signature fails', () => {
    const signed = signEvent(TEMPLATE);
    const event = { ...signed, sig: flipHex(signed.sig, 70) };
    expect(checkEventIntegrity(event, hashing)).toMatchObject({
      idMatches: true,
      signatureValid: false,
    });
  });

  it('id changed: the id check fails (the signature still covers the content shown)', () => {
    const signed = signEvent(TEMPLATE);
    const result = checkEventIntegrity({ ...signed, id: flipHex(signed.id, 0) }, hashing);
    expect(result).toMatchObject({ idMatches: false, signatureValid: true, computedId: signed.id });
  });

  it('pubkey changed: id and signature fail', () => {
    const other = bytesToHex(schnorr.getPublicKey(new Uint8Array(32).fill(9)));
    const event = { ...signEvent(TEMPLATE), pubkey: other };
    expect(checkEventIntegrity(event, hashing)).toMatchObject({
      idMatches: false,
      signatureValid: false,
    });
  });

  it("NIP-01's literal control characters: tried when JSON.stringify does not reproduce the id", () => {
    const pubkey = bytesToHex(schnorr.getPublicKey(TEST_SECRET_KEY));
    const base: NostrEvent = { ...TEMPLATE, content: 'bell\u0007', pubkey, id: '', sig: '' };
    // Computed once outside the code under test, in Python: SHA-256 of the NIP-01 serialisation
    // with the U+0007 written as a raw byte, not as JSON.stringify's \u0007 escape:
    //   s = json.dumps([0, pubkey, 1790499605, 1, [["t", "aer1-anchor"]], "bell\u0007"],
    //                  separators=(",", ":"), ensure_ascii=False).replace("\\u0007", "\x07")
    //   hashlib.sha256(s.encode()).hexdigest()
    // (pubkey 621d2aec…53da, the test key's; the JSON.stringify form would give 1071b2c8…b5c6).
    expect(pubkey).toBe('621d2aec2ad0d98395a825b921998172d30b73aa0562c5c7a96bc6b27b2b53da');
    const id = 'b62b0493798b2ca8c316de0df2289a0836268a28566d5e032484efe65a68b108';
    const sig = bytesToHex(
      schnorr.sign(hexToBytes(id) as Uint8Array, TEST_SECRET_KEY, TEST_AUX_RAND),
    );
    expect(checkEventIntegrity({ ...base, id, sig }, hashing)).toMatchObject({
      idMatches: true,
      idForm: 'NIP-01 literal control characters',
      signatureValid: true,
    });
  });

  it('malformed keys and signatures are false with a reason, never a throw', () => {
    const signed = signEvent(TEMPLATE);
    // x = 5 is not on secp256k1 (5^3 + 7 = 132 is not a square mod p).
    const offCurve = '05'.padStart(64, '0');
    expect(verifySchnorr(signed.sig, signed.id, offCurve).ok).toBe(false);
    expect(verifySchnorr('00', signed.id, signed.pubkey)).toEqual({
      ok: false,
      problem: 'signature is not 64 bytes of hex',
    });
    expect(verifySchnorr('ff'.repeat(64), signed.id, signed.pubkey).ok).toBe(false);
  });
});

describe('NIP-01 event shape', () => {
  const read = (value: unknown) => readNostrEvent(parseJson(JSON.stringify(value)).root);

  it('accepts a signed event', () => {
    expect(read(signEvent(TEMPLATE)).ok).toBe(true);
  });

  it.each([
    ['id', { id: 'ABC' }, 'event id is not 64 lowercase hex characters'],
    [
      'pubkey',
      { pubkey: 'F'.repeat(64) },
      'event pubkey is not 64 lowercase hex characters (x-only key)',
    ],
    ['sig', { sig: 'ab' }, 'event sig is not 128 lowercase hex characters'],
    [
      'created_at',
      { created_at: 1.5 },
      'event created_at is not a non-negative integer (Unix seconds)',
    ],
    ['kind', { kind: 70000 }, 'event kind is not an integer 0..65535'],
    ['tags', { tags: [['t', 1]] }, 'event tags is not an array of arrays of strings'],
    ['content', { content: 5 }, 'event content is not a string'],
  ])('rejects a bad %s', (_name, change, message) => {
    const result = read({ ...signEvent(TEMPLATE), ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.message)).toEqual([message]);
  });

  it('rejects a non-object', () => {
    const result = read([1, 2]);
    expect(result.ok).toBe(false);
  });
});

describe('an event whose strings have no exact UTF-8 encoding has no NIP-01 id', () => {
  it('content with a lone surrogate, carrying the id and signature of the U+FFFD event, is refused', () => {
    const signed = signEvent({ ...TEMPLATE, content: 'anchored \ufffd' });
    const text = JSON.stringify({ ...signed, content: 'anchored \ud800' });
    const read = readNostrEvent(parseJson(text).root);
    expect(read).toMatchObject({
      ok: false,
      problems: [
        {
          message:
            'event content holds a lone surrogate (U+D800 at index 9), which has no UTF-8 encoding: the event has no NIP-01 id',
        },
      ],
    });
  });

  it('a tag with a lone low surrogate likewise; a proper pair is text like any other', () => {
    const lone = { ...signEvent(TEMPLATE), tags: [['t', 'x\udc00']] };
    const read = readNostrEvent(parseJson(JSON.stringify(lone)).root);
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.problems[0]?.message).toMatch(
        /^event tag holds a lone surrogate \(U\+DC00 at index 1\)/,
      );
    const pair = signEvent({ ...TEMPLATE, content: '\ud834\udd1e' });
    const ok = readNostrEvent(parseJson(JSON.stringify(pair)).root);
    expect(ok.ok && checkEventIntegrity(ok.event, hashing).signatureValid).toBe(true);
  });
});
