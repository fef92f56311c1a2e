import { describe, expect, it } from 'vitest';
import { verify } from './verify';
import { AMBIGUOUS_KIND_CAP } from './ambiguous-kind';
import { buildTimelineEntries } from '../../bench/timeline';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const ZERO_ROOT_WORKFLOW = {
  type: 'verifiable-workflow-receipt',
  steps: [{ seq: 1, receipt_id: 'e80168eb-a6a1-4ec9-8478-ac108f9397ff' }],
  merkle_root: '0'.repeat(64),
};

describe('one kind per object', () => {
  it("names every identifying member of the other kind the object carries, not only the recogniser's", async () => {
    const receipt = JSON.parse(
      '{"id":"b6c63ac5-f324-4fa7-ad58-c4bf83faa86a","canonical_bytes":"","output_hash":""}',
    ) as object;
    const report = await verify(
      { name: 'x.json', text: JSON.stringify({ ...receipt, ...ZERO_ROOT_WORKFLOW }) },
      [],
      { now: NOW },
    );
    const ambiguous = report.checks.find((c) => c.rule === 'document.kind.ambiguous');
    expect(ambiguous?.found).toBe(
      'members of a per-call receipt (canonical_bytes, output_hash) beside a workflow receipt',
    );
    const wrapped = await verify(
      { name: 'y.json', text: JSON.stringify({ envelope: { receipt }, ...ZERO_ROOT_WORKFLOW }) },
      [],
      { now: NOW },
    );
    expect(wrapped.checks.find((c) => c.rule === 'document.kind.ambiguous')?.found).toBe(
      'members of a workflow receipt (type, steps, merkle_root) beside a wrapped receipt (envelope.receipt)',
    );
  });

  it(`lists ${AMBIGUOUS_KIND_CAP} ambiguous entries of a timeline, then one "N more"`, async () => {
    const entries = buildTimelineEntries(AMBIGUOUS_KIND_CAP + 50).map((entry) => ({
      ...entry,
      ...ZERO_ROOT_WORKFLOW,
    }));
    const report = await verify({ name: 't.json', text: JSON.stringify(entries) }, [], {
      now: NOW,
    });
    expect(report.verdict).toBe('failed');
    const checks = report.checks.filter((c) => c.rule === 'document.kind.ambiguous');
    expect(checks).toHaveLength(AMBIGUOUS_KIND_CAP + 1);
    expect(checks[0]).toMatchObject({
      message: 'this object is both a timeline entry and a workflow receipt',
      path: '/0/type',
    });
    expect(checks.at(-1)?.message).toBe(
      `50 more objects break rule document.kind.ambiguous (${AMBIGUOUS_KIND_CAP + 50} in all)`,
    );
  });
});
