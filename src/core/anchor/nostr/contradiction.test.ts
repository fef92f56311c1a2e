import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../../verify';
import { signEvent } from '../../../../test/generators/make-nostr-fixture';

const receipt = JSON.parse(
  readFileSync('src/core/anchor/vectors/nostr-anchored-receipt.json', 'utf8'),
) as {
  id: string;
  anchor: Record<string, unknown>;
};
const event = JSON.parse(
  readFileSync('src/core/anchor/vectors/nostr-anchor-event.json', 'utf8'),
) as Record<string, unknown>;
const NOW = Date.parse('2026-11-29T00:00:00Z');

async function verifyWith(eventDoc: object, receiptDoc: object = receipt) {
  return verify(
    { name: 'receipt.json', text: JSON.stringify(receiptDoc) },
    [{ name: 'event.json', text: JSON.stringify(eventDoc) }],
    { now: NOW },
  );
}

describe('a Nostr event that witnesses another record', () => {
  it('fails even when a tag names this receipt id', async () => {
    const otherEnvelope = JSON.stringify({
      output_sha256: '11'.repeat(32),
      receipt_uuid: '00000000-0000-4000-8000-000000000000',
    });
    const forged = signEvent({
      created_at: event.created_at as number,
      kind: 1,
      tags: [['d', receipt.id]],
      content: otherEnvelope,
    });
    const report = await verifyWith(forged, {
      ...receipt,
      anchor: { ...receipt.anchor, event_id: forged.id },
    });
    expect(report.dimensions.anchor_verification.status).toBe('fail');
    expect(
      report.checks.find((c) => c.rule === 'anchor.nostr.event.contradiction')?.message,
    ).toContain('another record');
  });

  it('the genuine event still passes', async () => {
    const report = await verifyWith(event);
    expect(report.dimensions.anchor_verification.status).toBe('pass');
    expect(report.checks.some((c) => c.rule === 'anchor.nostr.event.contradiction')).toBe(false);
  });

  it('a supplied event with a duplicate member name fails, naming it', async () => {
    const text = JSON.stringify(event).replace('{', '{"content":"fake",');
    const report = await verify(
      { name: 'receipt.json', text: JSON.stringify(receipt) },
      [{ name: 'event.json', text }],
      { now: NOW },
    );
    expect(report.verdict).toBe('failed');
    expect(report.checks.find((c) => c.rule === 'json.duplicate_member')).toMatchObject({
      message: 'duplicate member name: content',
      subject: 'event.json',
    });
  });
});
