/**
 * The proof checks, SHA-1 and RIPEMD-160 load only when an input may carry an OpenTimestamps
 * proof, and a proof or an operation reached without them is a loud internal error. This file
 * never loads them up front: each test sees what verifyAll does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDocument } from '../../detect';
import { bytesToHex } from '../../encoding/hex';
import { CodeNotLoaded } from '../../on-demand';
import { legacyHashesLoaded, loadHashing } from '../../hash/sha256';
import { verify } from '../../verify';
import { mayCarryOtsProof, textMayCarryOtsProof } from './prepare';
import { parseOts } from './parse';
import { checkOtsProof, otsVerifierLoaded } from './verifier';
import { CheckList } from '../../checks';

const vector = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./vectors/${name}`, import.meta.url)));
const sample = (name: string): string =>
  readFileSync(new URL(`../../../ui/samples/${name}`, import.meta.url), 'utf8');

const helloProof = vector('hello-world.txt.ots');

/** A receipt-like JSON text whose anchor.proof.ots member holds `encoded`, as written. */
const withEmbedded = (encoded: string): string =>
  `{"anchor":{"log":"x","leaf_hash":"y","anchored_at":"z","proof":{"ots":"${encoded}"}}}`;

describe('loading SHA-1 and RIPEMD-160 only for OpenTimestamps proofs', () => {
  it('an operation reached before they are loaded throws, never a verdict', async () => {
    expect(legacyHashesLoaded()).toBe(false);
    const hashing = await loadHashing();
    expect(() => hashing.ripemd160(new Uint8Array(1))).toThrow(CodeNotLoaded);
    expect(() => hashing.sha1(new Uint8Array(1))).toThrow(/loadLegacyHashes/);
    expect(otsVerifierLoaded()).toBe(false);
    const list = new CheckList(undefined);
    expect(() =>
      checkOtsProof(
        parseOts(helloProof),
        { source: 'p.ots', candidates: [], unmatched: 'fail', headers: [] },
        hashing,
        list,
      ),
    ).toThrow(/an OpenTimestamps proof was reached before loadOtsVerifier/);
    expect(list.checks).toHaveLength(0);
  });

  it('the trigger cannot miss a proof embedded as base64 or hex of any case, however JSON spells it', () => {
    const hex = bytesToHex(helloProof);
    const mixed = [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
    for (const encoded of [
      Buffer.from(helloProof).toString('base64'),
      hex,
      hex.toUpperCase(),
      mixed,
      // The first character as a \u escape: JSON may spell any character so.
      `\\u0041${Buffer.from(helloProof).toString('base64').slice(1)}`,
    ]) {
      const text = withEmbedded(encoded);
      expect(textMayCarryOtsProof(text), encoded.slice(0, 12)).toBe(true);
      expect(mayCarryOtsProof(detectDocument({ name: 'r.json', text }))).toBe(true);
    }
    expect(textMayCarryOtsProof(withEmbedded('AE9wZW5U'))).toBe(false);
    expect(textMayCarryOtsProof(withEmbedded(hex.slice(0, 20)))).toBe(false);
    expect(mayCarryOtsProof(detectDocument({ name: 'p.ots', bytes: helloProof }))).toBe(true);
  });

  it('a receipt without an OpenTimestamps proof verifies without loading them', async () => {
    const text = sample('valid-receipt.json');
    expect(mayCarryOtsProof(detectDocument({ name: 'r.json', text }))).toBe(false);
    const report = await verify({ name: 'r.json', text });
    expect(report.verdict).toBe('verified');
    expect(legacyHashesLoaded()).toBe(false);
    expect(otsVerifierLoaded()).toBe(false);
  });

  it('an .ots proof loads them, and its RIPEMD-160 operations replay', async () => {
    const report = await verify({ name: 'hello-world.txt.ots', bytes: helloProof }, [
      { name: 'hello-world.txt', bytes: vector('hello-world.txt') },
    ]);
    expect(legacyHashesLoaded()).toBe(true);
    expect(otsVerifierLoaded()).toBe(true);
    expect(report.checks.find((c) => c.rule === 'anchor.ots.start_digest')?.status).toBe('pass');
  });
});
