import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../../core';
import { witnessTimeLabel } from './anchor-views';
import { checksToShow, eventHeadline } from './verdict';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const event = readFileSync('src/core/anchor/vectors/nostr-anchor-event.json', 'utf8');
const receipt = readFileSync('src/core/anchor/vectors/nostr-anchored-receipt.json', 'utf8');
const valid = JSON.parse(readFileSync('src/ui/samples/valid-receipt.json', 'utf8')) as object;

describe('the screen never oversells', () => {
  it('a bare Nostr event says what its signature showed and that it binds no supplied record', async () => {
    const alone = await verify({ name: 'event.json', text: event }, [], { now: NOW });
    expect(eventHeadline(alone)).toBe('Signature valid · binds no supplied record');
    const withReceipt = await verify(
      { name: 'event.json', text: event },
      [{ name: 'receipt.json', text: receipt }],
      { now: NOW },
    );
    expect(eventHeadline(withReceipt)).toMatch(/^Signature valid · binds /);
    expect(eventHeadline(withReceipt)).not.toContain('no supplied record');
    const notAnEvent = await verify({ name: 'r.json', text: receipt }, [], { now: NOW });
    expect(eventHeadline(notAnEvent)).toBeUndefined();
  });

  it("keeps the publisher's verification_status out of a Failed report, and in a Verified one", async () => {
    const good = await verify({ name: 'r.json', text: JSON.stringify(valid) }, [], { now: NOW });
    const rule = (checks: { rule: string }[]) =>
      checks.filter((c) => c.rule === 'receipt.verification_status');
    expect(rule(checksToShow(good))).toHaveLength(1);
    const failed = await verify(
      { name: 'r.json', text: JSON.stringify({ ...valid, id: 'not-a-uuid' }) },
      [],
      { now: NOW },
    );
    expect(failed.verdict).toBe('failed');
    expect(rule(failed.checks)).toHaveLength(1);
    expect(rule(checksToShow(failed))).toHaveLength(0);
    expect(checksToShow(failed).length).toBe(failed.checks.length - 1);
  });

  it('labels every anchor time as the claim it is', () => {
    expect(witnessTimeLabel('nostr')).toMatch(/claimed by the event's signer/);
    expect(witnessTimeLabel('log')).toMatch(/claimed by the log/);
    expect(witnessTimeLabel('ots')).toMatch(/claimed by the supplied header/);
  });
});
