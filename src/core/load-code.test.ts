/**
 * Verifiers that load on demand (kinds/kind.ts, verifierOnDemand; load-code.ts): the workflow
 * and timeline verifiers are not in the code a per-call receipt needs, and every path that can
 * meet one of those kinds — alone, supplied, as a batch member, as a JSON Lines record — loads
 * it before the rules run. Each test imports the core afresh, so it sees what its own path
 * loads and nothing an earlier test loaded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const samples = join(__dirname, '..', 'ui', 'samples');
const sample = (name: string): string => readFileSync(join(samples, name), 'utf8');
const RECEIPT = sample('valid-receipt.json');
const WORKFLOW = sample('workflow.json');
const TIMELINE = sample('timeline.json');

/** A fresh copy of the core: its registry with nothing loaded yet. */
async function freshCore() {
  const [verify, registry, detect, checks] = await Promise.all([
    import('./verify'),
    import('./kinds/registry'),
    import('./detect'),
    import('./checks'),
  ]);
  const loaded = () => ({
    workflow: registry.KINDS.workflow.code?.loaded(),
    timeline: registry.KINDS.timeline.code?.loaded(),
    commitment: registry.KINDS.commitment.code?.loaded(),
  });
  return { ...verify, ...registry, ...detect, ...checks, loaded };
}

beforeEach(() => {
  vi.resetModules();
});

describe('verifiers loaded on demand', () => {
  it('the workflow and timeline verifiers are not loaded until asked, and say so if reached', async () => {
    const core = await freshCore();
    expect(core.loaded()).toEqual({ workflow: false, timeline: false, commitment: false });
    const doc = core.detectDocument({ name: 'w.json', text: WORKFLOW });
    expect(doc.kind).toBe('workflow');
    // Reached without loading: an internal error, never a verdict.
    expect(() =>
      core.KINDS.workflow.verify!(doc, {} as never, new core.CheckList(doc.source)),
    ).toThrow(/reached before loadCodeFor\(\) loaded it; nothing was verified/);
  });

  it('a per-call receipt loads neither', async () => {
    const core = await freshCore();
    const { results } = await core.verifyAll([{ name: 'r.json', text: RECEIPT }]);
    expect(results[0]?.report.verdict).toBe('verified');
    expect(core.loaded()).toEqual({ workflow: false, timeline: false, commitment: false });
  });

  it('a workflow loads the workflow verifier only; a timeline the timeline verifier only', async () => {
    const core = await freshCore();
    const workflow = await core.verifyAll([{ name: 'w.json', text: WORKFLOW }]);
    expect(workflow.results[0]?.report).toMatchObject({ kind: 'workflow', verdict: 'verified' });
    expect(core.loaded()).toEqual({ workflow: true, timeline: false, commitment: false });
    const timeline = await core.verifyAll([{ name: 't.json', text: TIMELINE }]);
    expect(timeline.results[0]?.report).toMatchObject({ kind: 'timeline', verdict: 'verified' });
    // One verifier serves timelines and their commitments.
    expect(core.loaded()).toEqual({ workflow: true, timeline: true, commitment: true });
  });

  it('a batch whose members are a workflow and a timeline verifies both', async () => {
    const core = await freshCore();
    const text = `[${WORKFLOW},${TIMELINE}]`;
    const report = await core.verify({ name: 'batch.json', text });
    expect(report.kind).toBe('batch');
    expect(report.children?.map((child) => [child.kind, child.verdict])).toEqual([
      ['workflow', 'verified'],
      ['timeline', 'verified'],
    ]);
  });

  it('a JSON Lines record that is a workflow is verified as one', async () => {
    const core = await freshCore();
    const line = JSON.stringify(JSON.parse(WORKFLOW));
    const [report] = await core.verifyRecords([{ name: 'w.jsonl line record 1', text: line }]);
    expect(report).toMatchObject({ kind: 'workflow', verdict: 'verified' });
  });

  it('a timeline commitment that came alone is verified with its verifier loaded', async () => {
    const core = await freshCore();
    const timeline = JSON.parse(TIMELINE) as { commitment?: unknown };
    expect(timeline.commitment).toBeDefined();
    const { results } = await core.verifyAll([
      { name: 'c.json', text: JSON.stringify(timeline.commitment) },
    ]);
    expect(results[0]?.report.kind).toBe('commitment');
    expect(core.loaded().commitment).toBe(true);
  });

  it('a verifier whose import failed (a chunk that did not arrive) is tried again next time', async () => {
    const { verifierOnDemand } = await import('./kinds/kind');
    let imports = 0;
    const onDemand = verifierOnDemand('a test verifier', async () => {
      imports++;
      if (imports === 1) throw new Error('failed to fetch the chunk');
      return () => ({ verdict: 'verified' }) as never;
    });
    await expect(onDemand.code.load()).rejects.toThrow('failed to fetch the chunk');
    expect(onDemand.code.loaded()).toBe(false);
    await onDemand.code.load();
    expect(onDemand.code.loaded()).toBe(true);
    expect(imports).toBe(2);
  });
});
