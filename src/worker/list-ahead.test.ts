import { describe, expect, it } from 'vitest';
import type { ChainEntrySummary, Report, WorkflowStepRow } from '../core';
import { takeListAhead, withListAhead } from './list-ahead';
import { ITEMS_PER_MESSAGE, type VerifiedGroup } from './protocol';

const step = (index: number): WorkflowStepRow => ({ index });
const entry = (index: number): ChainEntrySummary => ({
  index,
  pointer: `/${index}`,
  linkOk: true,
});

function groupOf(details: Record<string, unknown>): VerifiedGroup {
  const report = { verdict: 'verified', details } as unknown as Report;
  return { report, suppliedNames: [] };
}

/** What the Worker sends and the client receives, in order. */
function sendAndRestore(group: VerifiedGroup): { messages: number; restored: VerifiedGroup } {
  const { parts, group: sent } = takeListAhead(group);
  return { messages: parts.length, restored: withListAhead(sent, parts.flat()) };
}

describe('the long list of a result travels ahead of it', () => {
  it('a workflow’s step rows go in parts and come back in order, no marker left', () => {
    const steps = Array.from({ length: 5_000 }, (_, i) => step(i));
    const group = groupOf({ type: 'workflow', workflowPath: '', steps });
    const { parts, group: sent } = takeListAhead(group);
    expect(parts.map((p) => p.length)).toEqual([ITEMS_PER_MESSAGE, ITEMS_PER_MESSAGE, 1_000]);
    expect(sent.report.details).toMatchObject({ type: 'workflow', steps: [] });
    const restored = withListAhead(sent, parts.flat());
    expect(restored.report.details).toEqual(group.report.details);
    expect(restored.listAhead).toBeUndefined();
  });

  it('so do a timeline’s entries (they came in one message, and froze the page)', () => {
    const entries = Array.from({ length: 2 * ITEMS_PER_MESSAGE + 1 }, (_, i) => entry(i));
    const group = groupOf({ type: 'chain', timelineSource: 'document', entryCount: 4001, entries });
    const { messages, restored } = sendAndRestore(group);
    expect(messages).toBe(3);
    expect(restored.report.details).toEqual(group.report.details);
  });

  it('a short list, or a result without one, is sent as it is', () => {
    const small = groupOf({ type: 'workflow', workflowPath: '', steps: [step(0), step(1)] });
    expect(takeListAhead(small)).toEqual({ parts: [], group: small });
    expect(withListAhead(small, undefined)).toBe(small);
    const receipt = groupOf({ type: 'receipt' });
    expect(takeListAhead(receipt).group).toBe(receipt);
  });
});
