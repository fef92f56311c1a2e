import { describe, expect, it } from 'vitest';
import type { Report, WorkflowStepRow } from '../core';
import { withStepsAhead } from './client';
import type { VerifiedGroup } from './protocol';

const step = (index: number): WorkflowStepRow => ({ index });

function workflowGroup(steps: WorkflowStepRow[], stepsAhead?: boolean): VerifiedGroup {
  const report = {
    verdict: 'verified',
    details: { type: 'workflow', workflowPath: '', steps },
  } as unknown as Report;
  return { report, suppliedNames: [], ...(stepsAhead ? { stepsAhead } : {}) };
}

describe('a workflow whose step rows came ahead of its result', () => {
  it('gets them back, in order, and no marker is left', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => step(i));
    const restored = withStepsAhead(workflowGroup([], true), rows);
    const details = restored.report.details;
    expect(details?.type === 'workflow' && details.steps).toBe(rows);
    expect(restored.stepsAhead).toBeUndefined();
  });

  it('a result whose steps came with it is left as it is', () => {
    const group = workflowGroup([step(0), step(1)]);
    expect(withStepsAhead(group, undefined)).toBe(group);
  });
});
