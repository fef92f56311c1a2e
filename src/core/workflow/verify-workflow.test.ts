import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { detectDocument } from '../detect';
import { hexToBytes } from '../encoding/hex';
import { loadHashing, type Hashing } from '../hash/sha256';
import { createVerifyContext, verify, verifyAll } from '../verify';
import type { ReportDetails } from '../report-details';
import { auditPathHex, nodeHex, stepPointer, type WorkflowDetails } from './details';
import { verifyAuditPath } from './merkle/tree';
import { STEP_FINDING_CAP } from '../bounds';
import { LISTED_STEP_ROWS, WORKFLOW_LIMITS } from '../limits';
import { verifyWorkflowDocument } from './verify-workflow';
import { MINIMAL_RECEIPT } from '../../../test/support/minimal-receipt';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const WORKED_EXAMPLE = readFileSync(
  join(__dirname, 'vectors', 'spec-3.4-worked-example.json'),
  'utf8',
);

const sha = (...parts: (Buffer | string)[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
/** Independent receipt-id-v0 root on Node's crypto. */
function nodeRoot(ids: string[]): string {
  let level = ids.map((id) => sha(id));
  if (level.length === 0) return sha('').toString('hex');
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push(level[level.length - 1]!);
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha(level[i]!, level[i + 1]!));
    level = next;
  }
  return level[0]!.toString('hex');
}

/** A valid workflow of n steps; `edit` may change the steps before the root is computed. */
function makeWorkflow(
  n: number,
  edit: (step: Record<string, unknown>, i: number) => void = () => {},
): { text: string; root: string; ids: string[] } {
  const t0 = Date.parse('2026-09-29T10:00:00.000Z');
  const steps = Array.from({ length: n }, (_, i) => {
    const step: Record<string, unknown> = {
      seq: i + 1,
      receipt_id: randomUUID(),
      tool: 'zambo_universal',
      receipt_hash: sha(`step ${i}`).toString('hex'),
      started_at: new Date(t0 + i * 1000).toISOString(),
      ended_at: new Date(t0 + i * 1000 + 400).toISOString(),
      status: 'ok',
    };
    edit(step, i);
    return step;
  });
  const ids = steps.map((s) => s.receipt_id as string);
  const root = nodeRoot(ids);
  const workflow = {
    type: 'verifiable-workflow-receipt',
    version: '1',
    workflow_id: '42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    receipt_id: '442243d2-9c32-53f7-817e-2def28fa5b07',
    session_id: 'generated',
    goal: `generated ${n} steps`,
    status: 'ok',
    output_hash: sha('answer').toString('hex'),
    verify_url: 'https://zambo.dev/workflow/42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    steps,
    merkle_root: root,
  };
  return { text: JSON.stringify(workflow, null, 2), root, ids };
}

function workflowDetails(details: ReportDetails | undefined): WorkflowDetails {
  if (details?.type !== 'workflow') throw new Error('no workflow details');
  return details;
}

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

describe('verify() on workflows', () => {
  it('the worked example of spec §3.4 is verified', async () => {
    const report = await verify({ name: 'worked-example.json', text: WORKED_EXAMPLE }, [], {
      now: NOW,
    });
    expect(report.kind).toBe('workflow');
    expect(report.verdict).toBe('verified');
    expect(report.dimensions.byte_integrity.status).toBe('pass');
    expect(report.dimensions.schema_validity.status).toBe('pass');
    expect(report.dimensions.chain_integrity.status).toBe('pass');
    expect(report.dimensions.evidence_linkage.status).toBe('not_checked');
    expect(report.dimensions.issuer_authenticity.status).toBe('not_checked');
    expect(report.dimensions.anchor_verification.status).toBe('not_checked');
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(report.limits).toContain(WORKFLOW_LIMITS.truncation);
    const info = report.checks.find((c) => c.rule === 'workflow.merkle.construction');
    expect(info?.status).toBe('info');
    expect(info?.message).toMatch(/merkle_version is absent.*receipt-id-v0/);
  });

  it('a tampered worked example is failed', async () => {
    const text = WORKED_EXAMPLE.replace('a090bdad-f2cf-48c9', 'a090bdad-f2cf-48c8');
    const report = await verify({ name: 'tampered.json', text }, [], { now: NOW });
    expect(report.verdict).toBe('failed');
    expect(report.dimensions.byte_integrity.status).toBe('fail');
  });

  it('the legacy root a4b2fcb4… is never accepted under receipt-id-v0', async () => {
    const text = WORKED_EXAMPLE.replace(
      '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37',
      'a4b2fcb4684cec481e4ece889ed15c7d9e47e58d9ba4fb02ea354c0cb2ca44c4',
    );
    const report = await verify({ name: 'legacy.json', text }, [], { now: NOW });
    expect(report.verdict).toBe('failed');
    const check = report.checks.find((c) => c.rule === 'workflow.merkle.root');
    expect(check?.message).toBe('merkle_root does not match the recomputed Section 8.1 root');
    expect(check?.detail).toMatch(/old web-page construction/);
  });

  it('details carry the summary, the step table and the tree', async () => {
    const report = await verify({ name: 'w.json', text: WORKED_EXAMPLE }, [], { now: NOW });
    const d = workflowDetails(report.details);
    expect(d).toMatchObject({
      type: 'workflow',
      goal: 'get BTC price',
      status: 'ok',
      workflowId: '42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
      receiptId: '442243d2-9c32-53f7-817e-2def28fa5b07',
      sessionId: 'receipt-test-001',
      version: '1',
      stepCount: 5,
      firstStartedMs: Date.parse('2026-09-29T10:57:40.911Z'),
      lastEndedMs: Date.parse('2026-09-29T10:57:55.434Z'),
      totalDurationMs: 14_523,
      unlinkedStepCount: 5,
      merkle: {
        construction: 'receipt-id-v0',
        status: 'match',
        storedRoot: '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37',
        computedRoot: '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37',
        leafCount: 5,
      },
    });
    expect(d.merkle.levels.map((l) => l.length)).toEqual([160, 96, 64, 32]);
    expect(stepPointer(d, 2)).toBe('/steps/2');
    expect(d.steps[2]).toEqual({
      index: 2,
      seq: '3',
      receiptId: 'a090bdad-f2cf-48c9-bc89-e9e17700fb15',
      tool: 'zambo_universal',
      status: 'ok',
      startedMs: Date.parse('2026-09-29T10:57:45.415Z'),
      endedMs: Date.parse('2026-09-29T10:57:45.564Z'),
    });
    expect(nodeHex(d, 0, 0)).toBe(sha('e80168eb-a6a1-4ec9-8478-ac108f9397ff').toString('hex'));
    expect(nodeHex(d, 3, 0)).toBe(d.merkle.computedRoot);
    // Structured-clone safe: what the Worker posts is what the UI gets.
    const cloned = structuredClone(report);
    expect(cloned).toEqual(report);
    expect(workflowDetails(cloned.details).merkle.levels[0]).toBeInstanceOf(Uint8Array);
  });

  it('audit paths from the details verify for every step', async () => {
    const report = await verify({ name: 'w.json', text: WORKED_EXAMPLE }, [], { now: NOW });
    const d = workflowDetails(report.details);
    for (let i = 0; i < d.stepCount; i++) {
      const path = auditPathHex(d, i);
      expect(path).toBeDefined();
      if (!path) continue;
      expect(path.leaf).toBe(sha(d.steps[i]!.receiptId!).toString('hex'));
      expect(path.root).toBe(d.merkle.computedRoot);
      const steps = path.path.map((p) => ({ sibling: hexToBytes(p.sibling)!, side: p.side }));
      expect(verifyAuditPath(hexToBytes(path.leaf)!, steps, hexToBytes(path.root)!, hashing)).toBe(
        true,
      );
      expect(verifyAuditPath(sha('other'), steps, hexToBytes(path.root)!, hashing)).toBe(false);
    }
    expect(auditPathHex(d, 5)).toBeUndefined();
    expect(auditPathHex(d, -1)).toBeUndefined();
  });

  it.each([1, 2, 3, 7, 1000])('a generated %i-step workflow is verified', async (n) => {
    const { text, root } = makeWorkflow(n);
    const report = await verify({ name: `${n}.json`, text }, [], { now: NOW });
    expect(report.verdict).toBe('verified');
    const d = workflowDetails(report.details);
    expect(d.merkle.computedRoot).toBe(root);
    expect(d.stepCount).toBe(n);
  });

  it('per-step findings are listed up to a cap, then summarised; every row is marked', async () => {
    const { text } = makeWorkflow(100, (step) => {
      step.tool = '';
    });
    const report = await verify({ name: 'many.json', text }, [], { now: NOW });
    expect(report.verdict).toBe('failed');
    const toolChecks = report.checks.filter((c) => c.rule === 'workflow.step.tool');
    expect(toolChecks).toHaveLength(STEP_FINDING_CAP + 1);
    expect(toolChecks.at(-1)?.message).toMatch(/^80 more steps break rule workflow\.step\.tool/);
    const d = workflowDetails(report.details);
    expect(d.steps.every((row) => row.failedRules?.includes('workflow.step.tool'))).toBe(true);
  });

  it('without a step table (stepTable: false) the same checks and limits, and no rows', async () => {
    const { text } = makeWorkflow(40, (step, i) => {
      if (i % 3 === 0) step.tool = '';
      if (i === 7) step.agent = 'researcher';
    });
    const input = { name: 'w.json', text };
    const [withTable] = (await verifyAll([input], { now: NOW })).results;
    const [without] = (await verifyAll([input], { now: NOW, stepTable: false })).results;
    expect(without!.report.checks).toEqual(withTable!.report.checks);
    expect(without!.report.limits).toEqual(withTable!.report.limits);
    expect(without!.report.verdict).toBe('failed');
    const listed = workflowDetails(withTable!.report.details);
    expect(listed.steps).toHaveLength(40);
    expect(listed.steps[7]).toMatchObject({ agent: 'researcher', tool: 'zambo_universal' });
    const unlisted = workflowDetails(without!.report.details);
    expect(unlisted.steps).toEqual([]);
    expect({ ...unlisted, steps: listed.steps }).toEqual(listed);
  });

  it('a workflow that is not an object is never reached through detection; forcing it is a bug', async () => {
    // Detection never calls a JSON array a workflow…
    expect((await verify({ name: 'a.json', text: '[1]' }, [], { now: NOW })).kind).not.toBe(
      'workflow',
    );
    // …so a caller that forces the kind gets an error, not a report about the input.
    const doc = detectDocument({ name: 'a.json', text: '[1]' });
    const ctx: VerifyContext = createVerifyContext(hashing, [], NOW);
    expect(() =>
      verifyWorkflowDocument({ ...doc, kind: 'workflow' }, ctx, new CheckList(doc.source)),
    ).toThrow('a workflow is a JSON object, not array');
  });

  it('a step receipt links its verdict into the step table', async () => {
    const receipt = MINIMAL_RECEIPT;
    const { text } = makeWorkflow(3, (step, i) => {
      if (i === 1) step.receipt_id = receipt.id;
    });
    const good = await verify(
      { name: 'w.json', text },
      [{ name: 'r.json', text: JSON.stringify(receipt) }],
      { now: NOW },
    );
    expect(good.verdict).toBe('verified');
    const d = workflowDetails(good.details);
    expect(d.steps[1]?.receipt).toEqual({ verdict: 'verified', source: 'r.json', failedRules: [] });
    expect(d.unlinkedStepCount).toBe(2);

    const bad = await verify(
      { name: 'w.json', text },
      [{ name: 'r.json', text: JSON.stringify({ ...receipt, verification_status: 'pending' }) }],
      { now: NOW },
    );
    expect(bad.verdict).toBe('failed');
    const row = workflowDetails(bad.details).steps[1];
    expect(row?.receipt?.verdict).toBe('failed');
    expect(row?.receipt?.firstProblem).toBe('verification_status is not verified');
    expect(row?.receipt?.failedRules).toEqual(['receipt.verification_status']);
    expect(row?.failedRules).toContain('workflow.evidence.step-receipt');
    expect(bad.checks.find((c) => c.rule === 'workflow.evidence.step-receipt')?.message).toBe(
      `step 2 receipt ${receipt.id} failed (supplied as r.json): verification_status is not verified`,
    );
  });

  it('the final answer is checked against output_hash', async () => {
    const { text } = makeWorkflow(2);
    const pass = await verify({ name: 'w.json', text }, [{ name: 'answer.txt', text: 'answer' }], {
      now: NOW,
    });
    expect(pass.verdict).toBe('verified');
    expect(workflowDetails(pass.details).finalAnswer).toMatchObject({
      name: 'answer.txt',
      matches: true,
    });
    // A stray file that matches nothing is reported, not taken for the final answer...
    const stray = await verify({ name: 'w.json', text }, [{ name: 'notes.txt', text: 'answer!' }], {
      now: NOW,
    });
    expect(stray.verdict).toBe('verified');
    expect(
      stray.checks.find(
        (c) => c.rule === 'workflow.evidence.final-answer' && c.status === 'warning',
      )?.message,
    ).toBe('supplied file notes.txt matches neither output_hash nor any step receipt_hash');
    // ...but a file supplied as the final answer must match.
    const fail = await verify(
      { name: 'w.json', text },
      [{ name: 'answer.txt', text: 'answer!', role: 'final-answer' }],
      { now: NOW },
    );
    expect(fail.verdict).toBe('failed');
    const check = fail.checks.find((c) => c.rule === 'workflow.evidence.final-answer');
    expect(check).toMatchObject({
      status: 'fail',
      expected: sha('answer').toString('hex'),
      found: sha('answer!').toString('hex'),
    });
  });
});

describe('two receipts dropped for one step', () => {
  const workflowText = readFileSync('src/ui/samples/workflow.json', 'utf8');
  const [first] = JSON.parse(
    readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
  ) as Record<string, unknown>[];
  const good = { name: 'good.json', text: JSON.stringify(first) };
  const tampered = {
    name: 'tampered.json',
    text: JSON.stringify({ ...first, output_hash: `sha256:${'1'.repeat(64)}` }),
  };

  it('fail the workflow whatever the order they were dropped in', async () => {
    const verdicts = [];
    for (const order of [
      [good, tampered],
      [tampered, good],
    ]) {
      const { results } = await verifyAll(
        [{ name: 'workflow.json', text: workflowText }, ...order],
        { now: NOW },
      );
      const workflow = results.find((r) => r.report.kind === 'workflow')!.report;
      const conflict = workflow.checks.find(
        (c) => c.rule === 'workflow.evidence.step-receipt-conflict',
      );
      expect(conflict?.message).toContain('good.json, tampered.json');
      verdicts.push(workflow.verdict);
    }
    expect(verdicts).toEqual(['failed', 'failed']);
  });
});

it("the step table's limit names its row count grouped as en-US groups digits", () => {
  expect(WORKFLOW_LIMITS.stepRows).toContain(
    `the first ${LISTED_STEP_ROWS.toLocaleString('en-US')} steps only`,
  );
});
