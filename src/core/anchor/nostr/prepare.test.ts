/**
 * secp256k1 loads only when an input may carry a Nostr event, and a signature reached without it
 * is a loud internal error. This file never loads it up front: each test sees what verifyAll does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDocument } from '../../detect';
import { verify } from '../../verify';
import { CodeNotLoaded } from '../../on-demand';
import {
  includesFromTail,
  schnorrVerifierLoaded,
  textMayCarryNostrEvent,
  verifySchnorr,
} from './event';
import { mayCarryNostrEvent, mayMeetNostrAnchor } from './prepare';

const sample = (name: string): string =>
  readFileSync(new URL(`../../../ui/samples/${name}`, import.meta.url), 'utf8');

describe('loading the BIP-340 verifier only for Nostr events', () => {
  it('a signature checked before the verifier is loaded throws, never a verdict', () => {
    expect(schnorrVerifierLoaded()).toBe(false);
    expect(() => verifySchnorr('ab'.repeat(64), 'cd'.repeat(32), 'ef'.repeat(32))).toThrow(
      CodeNotLoaded,
    );
    expect(() => verifySchnorr('ab'.repeat(64), 'cd'.repeat(32), 'ef'.repeat(32))).toThrow(
      /loadSchnorrVerifier/,
    );
  });

  it('the trigger cannot miss a member named "sig", however JSON spells it', () => {
    expect(textMayCarryNostrEvent('{"sig":"00"}')).toBe(true);
    expect(textMayCarryNostrEvent('{"s\\u0069g":"00"}')).toBe(true);
    expect(textMayCarryNostrEvent('{"\\u0073\\u0069\\u0067":"00"}')).toBe(true);
    expect(textMayCarryNostrEvent('{"signature":"00","sigs":[]}')).toBe(false);
    // Found from its tail: a tail with no quote before it, or at the very start, is no name.
    expect(textMayCarryNostrEvent('{"a":"xsig","b":"sig":"00"}')).toBe(true);
    expect(textMayCarryNostrEvent('sig"{"a":"xsig"}')).toBe(false);
    const escaped = detectDocument({ name: 'e.json', text: '{"s\\u0069g":"00"}' });
    expect(mayCarryNostrEvent(escaped)).toBe(true);
  });

  it('a word found from its tail is found wherever it stands, and only where it stands', () => {
    expect(includesFromTail('event_id', 'event_id', 5)).toBe(true);
    expect(includesFromTail('_id, t_id, nt_id, event_id', 'event_id', 5)).toBe(true);
    expect(includesFromTail('vent_id, _id, events_id', 'event_id', 5)).toBe(false);
  });

  it('a receipt without a Nostr event verifies without loading it', async () => {
    const text = sample('valid-receipt.json');
    expect(mayCarryNostrEvent(detectDocument({ name: 'r.json', text }))).toBe(false);
    const report = await verify({ name: 'r.json', text });
    expect(report.verdict).toBe('verified');
    expect(schnorrVerifierLoaded()).toBe(false);
  });

  it('a receipt whose anchor names an event, without the event, loads the anchor checks alone', async () => {
    expect(
      mayMeetNostrAnchor(detectDocument({ name: 'r.json', text: sample('valid-receipt.json') })),
    ).toBe(false);
    const text = sample('nostr-anchored-receipt.json');
    const doc = detectDocument({ name: 'r.json', text });
    expect(mayMeetNostrAnchor(doc)).toBe(true);
    expect(mayCarryNostrEvent(doc)).toBe(false);
    const report = await verify({ name: 'r.json', text });
    expect(report.checks.some((c) => c.rule.startsWith('anchor.nostr.'))).toBe(true);
    expect(schnorrVerifierLoaded()).toBe(false);
  });

  it('a Nostr event loads it and its signature is checked', async () => {
    const text = sample('nostr-anchor-event.json');
    expect(mayCarryNostrEvent(detectDocument({ name: 'n.json', text }))).toBe(true);
    const report = await verify({ name: 'n.json', text });
    expect(schnorrVerifierLoaded()).toBe(true);
    const signature = report.checks.find((c) => c.rule === 'anchor.nostr.event.signature');
    expect(signature?.status).toBe('pass');
    expect(report.verdict).toBe('verified');
  });
});
