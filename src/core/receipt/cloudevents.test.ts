/**
 * The kit's CloudEvents binding read as wrapped receipts (issue 26 item 5): every receipt rule
 * runs on the inner receipt, the report says which wrapper it came from, and a wrapped receipt
 * is a receipt everywhere one is read (a workflow's step receipts, anchors).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHashing, type Hashing } from '../hash/sha256';
import { ingest } from '../ingest';
import type { ReceiptDetails } from './details';
import { verify, verifyAll } from '../verify';

const receipt = JSON.parse(readFileSync('src/ui/samples/valid-receipt.json', 'utf8')) as Record<
  string,
  unknown
>;
const NOW = Date.parse('2026-11-29T00:00:00Z');
const TYPE = 'dev.zambo.aer1.receipt.v1';

/** As the kit's wrap() builds it, with an event id of its own. */
function cloudEvent(inner: Record<string, unknown>, eventId = 'evt-1'): Record<string, unknown> {
  return {
    specversion: '1.0',
    id: eventId,
    source: '/tools/x',
    type: TYPE,
    time: '2026-09-27T09:00:02Z',
    datacontenttype: 'application/json',
    data: inner,
    aer1provenance: inner.provenance_class,
    aer1schemaversion: inner.receipt_schema_version,
  };
}

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

describe('CloudEvents wrappers', () => {
  it('say which wrapper the receipt was taken from', async () => {
    const report = await verify(
      { name: 'event.json', text: JSON.stringify(cloudEvent(receipt)) },
      [],
      { now: NOW },
    );
    expect(report.kind).toBe('cloudevent-receipt');
    expect(report.verdict).toBe('verified');
    expect((report.details as ReceiptDetails).wrapper).toBe('data of a structured CloudEvent');
    expect((report.details as ReceiptDetails).receiptPath).toBe('/data');
    const bridge = await verify(
      {
        name: 'bridge.json',
        text: JSON.stringify({ 'detail-type': TYPE, id: 'e', detail: cloudEvent(receipt) }),
      },
      [],
      { now: NOW },
    );
    expect(bridge.kind).toBe('eventbridge-receipt');
    expect((bridge.details as ReceiptDetails).wrapper).toBe(
      'detail.data of an EventBridge event carrying a CloudEvent',
    );
  });

  it("join a workflow by the receipt's id, never by the event's id", () => {
    const stepId = receipt.id as string;
    const workflow = {
      steps: [{ seq: 1, receipt_id: stepId }],
      merkle_root: '0'.repeat(64),
    };
    const { groups } = ingest(
      [
        { name: 'workflow.json', text: JSON.stringify(workflow) },
        { name: 'step.json', text: JSON.stringify(cloudEvent(receipt, 'evt-not-the-step')) },
        // An event whose own id is the step's receipt id, carrying another receipt: no join.
        {
          name: 'other.json',
          text: JSON.stringify(
            cloudEvent({ ...receipt, id: 'ffffffff-0000-4000-8000-000000000000' }, stepId),
          ),
        },
      ],
      hashing,
    );
    const main = groups.find((g) => g.main.name === 'workflow.json');
    expect(main?.supplied.map((d) => d.name)).toEqual(['step.json']);
  });

  it('verify as a supplied step receipt, linked to its step', async () => {
    const stepId = receipt.id as string;
    const workflow = {
      type: 'verifiable-workflow-receipt',
      steps: [{ seq: 1, receipt_id: stepId }],
      merkle_root: '0'.repeat(64),
    };
    const { results } = await verifyAll(
      [
        { name: 'workflow.json', text: JSON.stringify(workflow) },
        { name: 'step.json', text: JSON.stringify(cloudEvent(receipt)) },
      ],
      { now: NOW },
    );
    const report = results.find((r) => r.main.name === 'workflow.json')?.report;
    const linked = report?.checks.find((c) => c.rule === 'workflow.evidence.step-receipt');
    expect(linked?.status).toBe('pass');
  });
});
