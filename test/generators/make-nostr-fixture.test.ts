import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/core/verify';
import { FIXTURE_FOLDER, makeNostrFixture } from './make-nostr-fixture';

const NOW = Date.parse('2026-10-01T00:00:00Z');
const read = (name: string): string => readFileSync(new URL(name, FIXTURE_FOLDER), 'utf8');

describe('Nostr anchor fixture', () => {
  it('the committed files are exactly what the script generates (deterministic)', () => {
    for (const [name, text] of Object.entries(makeNostrFixture().files))
      expect(read(name), name).toBe(text);
  });

  it('end to end through verify(): event supplied → pass; flipped signature byte → fail; no event → unavailable', async () => {
    const receipt = {
      name: 'nostr-anchored-receipt.json',
      text: read('nostr-anchored-receipt.json'),
    };
    const eventText = read('nostr-anchor-event.json');
    const event = JSON.parse(eventText) as { sig: string };

    const withEvent = await verify(
      receipt,
      [{ name: 'nostr-anchor-event.json', text: eventText }],
      { now: NOW },
    );
    expect(withEvent.dimensions.anchor_verification.status).toBe('pass');
    expect(withEvent.verdict).toBe('verified');

    const flipped = {
      ...event,
      sig: (event.sig.startsWith('00') ? '01' : '00') + event.sig.slice(2),
    };
    const withBadSig = await verify(
      receipt,
      [{ name: 'event.json', text: JSON.stringify(flipped) }],
      { now: NOW },
    );
    expect(withBadSig.dimensions.anchor_verification).toMatchObject({
      status: 'fail',
      summary: 'event signature does not verify',
    });
    expect(withBadSig.verdict).toBe('failed');

    const without = await verify(receipt, [], { now: NOW });
    expect(without.dimensions.anchor_verification).toEqual({
      status: 'unavailable',
      summary: 'event not supplied; fetch it from a relay or supply the event JSON',
    });
    // The record's own commitments hold either way: the anchor is additive.
    expect(without.verdict).toBe('verified');
  });

  it('the receipt is a valid AER-1 receipt whose anchor id is a UUID v4', async () => {
    const report = await verify({ name: 'r.json', text: read('nostr-anchored-receipt.json') }, [], {
      now: NOW,
    });
    expect(report.dimensions.byte_integrity.status).toBe('pass');
    expect(report.dimensions.schema_validity.status).toBe('pass');
  });

  it('the evidence file links through the envelope', async () => {
    const report = await verify(
      { name: 'r.json', text: read('nostr-anchored-receipt.json') },
      [
        { name: 'nostr-anchor-event.json', text: read('nostr-anchor-event.json') },
        { name: 'nostr-anchored-evidence.txt', text: read('nostr-anchored-evidence.txt') },
      ],
      { now: NOW },
    );
    expect(report.checks.find((c) => c.rule === 'anchor.nostr.envelope.evidence')?.status).toBe(
      'pass',
    );
    expect(report.dimensions.anchor_verification.status).toBe('pass');
  });
});
