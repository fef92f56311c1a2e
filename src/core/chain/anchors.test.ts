import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signEvent } from '../../../test/generators/make-nostr-fixture';
import { append, otsHeader, pendingAttestation, proofBytes } from '../../../test/support/ots-write';
import { hexToBytes } from '../encoding/hex';
import { CHAIN_LIMITS } from '../limits';
import { verify } from '../verify';
import type { ChainDetails } from './types';

const timeline = JSON.parse(readFileSync('src/ui/samples/timeline.json', 'utf8')) as {
  timeline: unknown[];
};
const FINAL = '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0';
const NOW = Date.parse('2026-11-29T00:00:00Z');

function proofOf(startHex: string) {
  const bytes = proofBytes(
    otsHeader(hexToBytes(startHex) as Uint8Array),
    append([1, 2, 3]),
    [0x08],
    pendingAttestation('https://calendar.example'),
  );
  return { name: 'final.ots', bytes };
}

describe('anchors of a timeline’s final entry digest', () => {
  it('a proof that starts from the final entry digest binds the chain (pending, so unavailable)', async () => {
    const report = await verify(
      { name: 't', text: JSON.stringify(timeline.timeline) },
      [proofOf(FINAL)],
      { now: NOW },
    );
    const details = report.details as ChainDetails;
    expect(details.anchors?.anchors[0]).toMatchObject({ kind: 'ots', bindsRecord: true });
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(
      report.checks.some(
        (c) =>
          c.dimension === 'anchor_verification' &&
          c.status === 'pass' &&
          /start digest/.test(c.message),
      ),
    ).toBe(true);
    expect(report.verdict).toBe('verified');
    // A pending proof confirms nothing yet: the chain could still have been cut.
    expect(report.limits).toContain(CHAIN_LIMITS.truncation);
  });

  it('a signed event carrying the final entry digest binds it, without ruling out truncation', async () => {
    // Anyone can sign such an event for the last digest of a truncated prefix.
    const event = signEvent({
      created_at: 1790499605,
      kind: 1,
      tags: [],
      content: `head ${FINAL}`,
    });
    const report = await verify(
      { name: 't', text: JSON.stringify(timeline.timeline) },
      [{ name: 'event.json', text: JSON.stringify(event) }],
      { now: NOW },
    );
    expect(report.dimensions.anchor_verification.status).toBe('pass');
    expect(report.limits).toContain(CHAIN_LIMITS.anchoredHead);
    expect(report.limits).not.toContain(CHAIN_LIMITS.committed);
    expect(report.limits).not.toContain(CHAIN_LIMITS.truncation);
  });

  it('a proof of some other value does not bind it and fails', async () => {
    const report = await verify(
      { name: 't', text: JSON.stringify(timeline.timeline) },
      [proofOf('11'.repeat(32))],
      { now: NOW },
    );
    expect((report.details as ChainDetails).anchors?.anchors[0]?.bindsRecord).toBe(false);
    expect(report.dimensions.anchor_verification.status).toBe('fail');
  });

  it('without a proof the anchor dimension is not checked', async () => {
    const report = await verify({ name: 't', text: JSON.stringify(timeline.timeline) }, [], {
      now: NOW,
    });
    expect(report.dimensions.anchor_verification.status).toBe('not_checked');
    expect((report.details as ChainDetails).anchors).toBeUndefined();
  });
});
