/**
 * A report lists only the limits that apply (issue: never oversell): what a matching hash
 * proves, only when the hash matched; what a signature shows, only when one was checked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANCHOR_LIMITS, STANDING_LIMITS } from '../limits';
import { verify } from '../verify';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const valid = readFileSync('src/ui/samples/valid-receipt.json', 'utf8');
const tampered = readFileSync('src/ui/samples/tampered-receipt.json', 'utf8');
const anchored = readFileSync('src/core/anchor/vectors/nostr-anchored-receipt.json', 'utf8');
const event = readFileSync('src/core/anchor/vectors/nostr-anchor-event.json', 'utf8');

describe('the limits a receipt report lists', () => {
  it('say what a matching hash proves only when the hash matched', async () => {
    const good = await verify({ name: 'r.json', text: valid }, [], { now: NOW });
    expect(good.limits).toContain(STANDING_LIMITS.hashMatch);
    const bad = await verify({ name: 'r.json', text: tampered }, [], { now: NOW });
    expect(bad.verdict).toBe('failed');
    expect(bad.limits).not.toContain(STANDING_LIMITS.hashMatch);
  });

  it('say what a Nostr signature shows only when a signature was checked', async () => {
    const alone = await verify({ name: 'r.json', text: anchored }, [], { now: NOW });
    expect(alone.limits.join(' ')).not.toMatch(/signature/);
    const withEvent = await verify(
      { name: 'r.json', text: anchored },
      [{ name: 'event.json', text: event }],
      { now: NOW },
    );
    expect(withEvent.limits).toContain(ANCHOR_LIMITS.nostr);
  });

  it("word the publisher's verification_status as its claim, not as this verifier's finding", async () => {
    const report = await verify({ name: 'r.json', text: valid }, [], { now: NOW });
    const check = report.checks.find((c) => c.rule === 'receipt.verification_status');
    expect(check?.status).toBe('pass');
    expect(check?.message).toContain("the publisher's claim");
  });
});
