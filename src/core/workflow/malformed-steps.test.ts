/**
 * Issue 30 item 3: what a report keeps per malformed step is bounded. Every step is still
 * marked in the step table, but rows that break the same rules share one rule list, a row
 * holds no string of its own (its pointer is derived), and the checks are capped per rule.
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../verify';
import type { WorkflowDetails } from './details';
import { stepPointer } from './details';
import { STEP_FINDING_CAP } from '../bounds';

const NOW = Date.parse('2026-11-01T00:00:00Z');

async function workflowOf(steps: string[]) {
  const report = await verify(
    { name: 'w.json', text: `{"type":"verifiable-workflow-receipt","steps":[${steps.join(',')}]}` },
    [],
    { now: NOW },
  );
  return { report, details: report.details as WorkflowDetails };
}

describe('a workflow of malformed steps', () => {
  it('marks every step, with one shared rule list per distinct set of rules', async () => {
    const { report, details } = await workflowOf(['0', '{}', '"x"', '{}', '0', '[]']);
    expect(report.verdict).toBe('failed');
    const [zero, empty, text, empty2, zero2, array] = details.steps;
    expect(zero?.failedRules).toEqual(['workflow.step.object', 'workflow.steps.seq-order']);
    expect(empty?.failedRules).toEqual([
      'workflow.step.seq',
      'workflow.step.receipt_id',
      'workflow.step.tool',
      'workflow.step.receipt_hash',
      'workflow.step.started_at',
      'workflow.step.ended_at',
      'workflow.step.status',
      'workflow.steps.seq-order',
    ]);
    // The same rules, the same array: a step costs its row, not a list of its own.
    expect(text?.failedRules).toBe(zero?.failedRules);
    expect(zero2?.failedRules).toBe(zero?.failedRules);
    expect(array?.failedRules).toBe(zero?.failedRules);
    expect(empty2?.failedRules).toBe(empty?.failedRules);
    // A row of a step that is not an object holds its index and its rules, nothing else.
    expect(Object.keys(zero ?? {})).toEqual(['index', 'failedRules']);
    expect(stepPointer(details, 4)).toBe('/steps/4');
  });

  it('names a missing member by its would-be pointer', async () => {
    const { report } = await workflowOf(['{}']);
    const missing = report.checks.find((c) => c.rule === 'workflow.step.tool');
    expect(missing).toMatchObject({
      status: 'fail',
      path: '/steps/0/tool',
      found: 'member missing',
    });
  });

  it('lists the same checks for 2,000 and 8,000 such steps, the rest counted', async () => {
    const small = await workflowOf(Array(2000).fill('{}'));
    const large = await workflowOf(Array(8000).fill('{}'));
    expect(large.report.checks).toHaveLength(small.report.checks.length);
    const tool = large.report.checks.filter((c) => c.rule === 'workflow.step.tool');
    expect(tool).toHaveLength(STEP_FINDING_CAP + 1);
    expect(tool.at(-1)?.message).toBe(
      `${8000 - STEP_FINDING_CAP} more steps break rule workflow.step.tool (8000 in all; each is marked in the step table)`,
    );
    expect(large.details.steps).toHaveLength(8000);
  });
});
