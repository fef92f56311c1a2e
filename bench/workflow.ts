/**
 * Workflow benchmark: a 100,000-step workflow receipt built in memory, then, in the same run,
 * (a) verifyAll() end to end — the pipeline the Worker and the CLI call (detect + position-keeping
 * parse + grouping + rules + Merkle tree + report) — and
 * (b) the floor: bare JSON.parse of the same text plus bare hash-wasm hashing of the same
 * leaves and tree. The ratio a/b says what our extra guarantees (positions, raw lexemes,
 * duplicate names, every rule) cost over the least any verifier must do.
 */
import { createHash } from 'node:crypto';
import { createSHA256 } from 'hash-wasm';
import { detectDocument, verifyAll } from '../src/core';
import { median, spreadOf, type Spread } from './median';

export interface WorkflowBenchResult {
  steps: number;
  textBytes: number;
  runs: number;
  /** Medians in milliseconds. */
  verifyMs: number;
  floorMs: number;
  /** Median of verify / floor, round by round. */
  ratio: number;
  ratios: Spread;
  /** Every timed run's spread (the medians above are theirs). */
  verify: Spread;
  floor: Spread;
  /** Where verifyAll() spends its time (medians, ms): detection alone, and the rest. */
  breakdown: { detectAndParseMs: number; workflowRulesMs: number };
  floorBreakdown: { jsonParseMs: number; hashingMs: number };
  verdict: string;
}

const sha = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();

/** Deterministic lowercase UUID-shaped id for step i (v5-looking, as the examples are). */
function stepId(i: number): string {
  const h = sha(`bench-step-${i}`).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Builds the workflow JSON text (2-space indented, as producers write it) and its root. */
export function buildWorkflowText(count: number): { text: string; root: string } {
  const t0 = Date.parse('2026-09-29T10:00:00.000Z');
  const steps = new Array<Record<string, unknown>>(count);
  let level: Buffer[] = new Array<Buffer>(count);
  for (let i = 0; i < count; i++) {
    const id = stepId(i);
    level[i] = sha(id);
    steps[i] = {
      seq: i + 1,
      receipt_id: id,
      tool: i % 3 === 0 ? 'web_search' : 'zambo_universal',
      receipt_hash: sha(`record-${i}`).toString('hex'),
      started_at: new Date(t0 + i * 1000).toISOString(),
      ended_at: new Date(t0 + i * 1000 + 250).toISOString(),
      status: 'ok',
      agent: 'researcher',
    };
  }
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push(level[level.length - 1] as Buffer);
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(
        createHash('sha256')
          .update(level[i] as Buffer)
          .update(level[i + 1] as Buffer)
          .digest(),
      );
    }
    level = next;
  }
  const root = (level[0] ?? sha('')).toString('hex');
  const workflow = {
    type: 'verifiable-workflow-receipt',
    version: '1',
    workflow_id: '42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    receipt_id: '442243d2-9c32-53f7-817e-2def28fa5b07',
    session_id: 'bench',
    goal: `benchmark with ${count} steps`,
    status: 'ok',
    output_hash: sha('final answer').toString('hex'),
    verify_url: 'https://zambo.dev/workflow/42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    steps,
    merkle_root: root,
  };
  return { text: JSON.stringify(workflow, null, 2), root };
}

/** The least any verifier must do: parse, hash the leaves, hash the tree. */
export async function workflowFloor(
  text: string,
): Promise<{ parseMs: number; hashMs: number; root: string }> {
  const hasher = await createSHA256();
  const t0 = performance.now();
  const parsed = JSON.parse(text) as { steps: { receipt_id: string }[] };
  const t1 = performance.now();
  const n = parsed.steps.length;
  let level = new Uint8Array(n * 32);
  for (let i = 0; i < n; i++) {
    hasher.init();
    hasher.update((parsed.steps[i] as { receipt_id: string }).receipt_id);
    level.set(hasher.digest('binary'), i * 32);
  }
  let count = n;
  const pair = new Uint8Array(64);
  while (count > 1) {
    const parents = (count + 1) >> 1;
    const next = new Uint8Array(parents * 32);
    for (let p = 0; p < parents; p++) {
      const left = level.subarray(p * 64, p * 64 + 32);
      const right = 2 * p + 1 < count ? level.subarray(p * 64 + 32, p * 64 + 64) : left;
      pair.set(left, 0);
      pair.set(right, 32);
      hasher.init();
      hasher.update(pair);
      next.set(hasher.digest('binary'), p * 32);
    }
    level = next;
    count = parents;
  }
  const t2 = performance.now();
  const root = Buffer.from(level.subarray(0, 32)).toString('hex');
  return { parseMs: t1 - t0, hashMs: t2 - t1, root };
}

export async function benchWorkflow(steps = 100_000, runs = 5): Promise<WorkflowBenchResult> {
  const { text, root } = buildWorkflowText(steps);
  const now = Date.parse('2026-11-01T00:00:00Z');
  const input = { name: 'bench.json', text };
  // The paths take turns, round by round, so a change in the machine's load falls on both; in
  // each round a path runs as a block of its own (a settling run first), so the garbage a path
  // makes is collected while that path runs, not billed to the other.
  let verdict = '';
  const verifyOnce = async () => {
    const [result] = (await verifyAll([input], { now })).results;
    const report = result!.report;
    verdict = report.verdict;
    const computed = report.details?.type === 'workflow' ? report.details.merkle.computedRoot : '';
    if (computed !== root) throw new Error('verifyAll() computed another root');
  };
  const floorParse: number[] = [];
  const floorHash: number[] = [];
  const floorOnce = async () => {
    const f = await workflowFloor(text);
    if (f.root !== root) throw new Error('floor computed another root');
    floorParse.push(f.parseMs);
    floorHash.push(f.hashMs);
  };
  const verifyTimes: number[] = [];
  const floorTimes: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < runs; round++) {
    const [verifyMs] = await timed(1, verifyOnce);
    const [floorMs] = await timed(1, floorOnce);
    verifyTimes.push(verifyMs!);
    floorTimes.push(floorMs!);
    ratios.push(verifyMs! / floorMs!);
  }

  // Detection (sniffing and the scan) alone, to see where the time goes.
  const parseTimes = await timed(runs, () => {
    detectDocument(input);
  });

  const verifyMs = median(verifyTimes);
  const floorMs = median(floorTimes);
  return {
    steps,
    textBytes: Buffer.byteLength(text),
    runs,
    verifyMs,
    floorMs,
    ratio: median(ratios),
    ratios: spreadOf(ratios),
    verify: spreadOf(verifyTimes),
    floor: spreadOf(floorTimes),
    breakdown: {
      detectAndParseMs: median(parseTimes),
      workflowRulesMs: verifyMs - median(parseTimes),
    },
    floorBreakdown: { jsonParseMs: median(floorParse), hashingMs: median(floorHash) },
    verdict,
  };
}

/** Runs `work` once to warm up, then `runs` times; returns the timed runs in ms. */
async function timed(runs: number, work: () => Promise<void> | void): Promise<number[]> {
  await work();
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}
