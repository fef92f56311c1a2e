/**
 * Issue 30 item 3: a workflow's per-step memory is bounded like a batch member's, whatever is
 * wrong with its steps. The command line verifies a workflow of 1,000,000 malformed steps (a
 * 2–3 MB file) in a process of its own, and its peak resident memory, less that of the same
 * command on a one-step workflow, is held to a few hundred bytes a step. Before the bound each
 * step row kept a rule list of its own, grown by push, and a pointer string, so files of a few
 * tens of MB of such steps ran the command out of memory.
 *
 * What remains per step is the step's row, its time columns and what the reader keeps of it (a
 * scalar in a compact array: about 16 bytes; an object: its node). This is a memory bound, not
 * a timing: no clock is read.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STEPS = 1_000_000;
/** Bytes of peak resident memory a malformed step may cost, above the command's own. */
const MAX_BYTES_PER_STEP = 350;

const dir = mkdtempSync(join(tmpdir(), 'aer1-workflow-memory-'));

function workflowOf(name: string, step: string, count: number): string {
  const path = join(dir, name);
  writeFileSync(path, `{"merkle_root":"00","steps":[${Array(count).fill(step).join(',')}]}`);
  return path;
}

/** The command's exit code and peak resident memory (bytes) on one file, in a fresh process. */
function peakMemoryOf(path: string): { status: number | null; peakBytes: number } {
  const script = `
    const { run } = await import(${JSON.stringify(join(process.cwd(), 'src/cli/main.ts'))});
    const code = await run([${JSON.stringify(path)}], () => {}, () => {});
    process.stdout.write(JSON.stringify({ code, maxRSS: process.resourceUsage().maxRSS }));`;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`the command did not finish: ${child.stderr}`);
  const { code, maxRSS } = JSON.parse(child.stdout) as { code: number; maxRSS: number };
  return { status: code, peakBytes: maxRSS * 1024 };
}

describe('a workflow of 1,000,000 malformed steps', () => {
  const baseline = peakMemoryOf(workflowOf('one-step.json', '0', 1)).peakBytes;

  // Steps that are not objects, and objects that lack every member (seven findings each).
  for (const [label, step] of [
    ['numbers', '0'],
    ['strings', '"x"'],
    ['arrays', '[]'],
    ['empty objects', '{}'],
  ] as const) {
    it(`of ${label} fails in bounded memory per step`, { timeout: 120_000 }, () => {
      const { status, peakBytes } = peakMemoryOf(workflowOf(`${label}.json`, step, STEPS));
      expect(status).toBe(1);
      const perStep = (peakBytes - baseline) / STEPS;
      console.log(`${STEPS} steps of ${label}: ${Math.round(perStep)} bytes a step at the peak`);
      expect(perStep).toBeLessThan(MAX_BYTES_PER_STEP);
    });
  }
});
