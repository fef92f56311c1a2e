import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { append, otsHeader, pendingAttestation, proofBytes } from '../../../test/support/ots-write';
import { hexToBytes } from '../encoding/hex';
import { verify } from '../verify';
import type { WorkflowDetails } from './details';
import { WORKFLOW_LIMITS } from '../limits';

const workflow = readFileSync('src/ui/samples/workflow.json', 'utf8');
const ROOT = '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37';
const NOW = Date.parse('2026-11-29T00:00:00Z');

function proofOf(startHex: string) {
  const bytes = proofBytes(
    otsHeader(hexToBytes(startHex) as Uint8Array),
    append([9]),
    [0x08],
    pendingAttestation('https://calendar.example'),
  );
  return { name: 'root.ots', bytes };
}

describe('anchors of a workflow root', () => {
  it('a proof starting from merkle_root binds the workflow (pending: unavailable, verdict unchanged)', async () => {
    const report = await verify({ name: 'w', text: workflow }, [proofOf(ROOT)], { now: NOW });
    const anchor = (report.details as WorkflowDetails).anchors?.anchors[0];
    expect(anchor).toMatchObject({ kind: 'ots', bindsRecord: true });
    expect(anchor?.binds).toContain('merkle_root');
    expect(anchor?.bound).toEqual(['workflow.merkle_root']);
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(report.verdict).toBe('verified');
    // Pending is not a confirmed anchor: truncation is still not ruled out.
    expect(report.limits).toContain(WORKFLOW_LIMITS.truncation);
    expect(report.limits).not.toContain(WORKFLOW_LIMITS.anchoredRoot);
  });

  it('a proof of another value is reported as not binding it', async () => {
    const report = await verify({ name: 'w', text: workflow }, [proofOf('22'.repeat(32))], {
      now: NOW,
    });
    expect((report.details as WorkflowDetails).anchors?.anchors[0]?.bindsRecord).toBe(false);
  });

  it('without anchor material the dimension is not checked', async () => {
    const report = await verify({ name: 'w', text: workflow }, [], { now: NOW });
    expect(report.dimensions.anchor_verification.status).toBe('not_checked');
  });
});
