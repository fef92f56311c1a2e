/**
 * Issue 30 item 3: a workflow's per-step memory is bounded like a batch member's, whatever is
 * wrong with its steps. The command line runs in a process of its own and its peak resident
 * memory, less that of the same command on a one-step file, is held to a bound. This is a
 * memory bound, not a timing: no clock is read.
 *
 * - A file at the 256 MiB limit of `{"steps":[0,0,…]}` (124 million steps): its bytes and its
 *   text are held once each while it is read, and nothing per step, so the command finishes
 *   (exit 1) within 2.5 bytes of memory per byte of file. It once aborted with exit 134 (heap
 *   out of memory) at 100 MB.
 * - The workflow rules at work: 1,000,000 malformed steps of each kind, a few MB of file, cost
 *   no more than a step table's row each (the command line asks for no step table; the app's
 *   lists the rows of the first LISTED_STEP_ROWS steps), and
 *   the steps past the listed rows cost nothing but their bytes: 5,000,000 steps cost about
 *   what 1,000,000 do. (The same workflow at the file limit passes too, but its 124 million
 *   steps take minutes of CPU on a loaded machine, so the suite proves the per-step bound at a
 *   size that shows it instead.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTED_STEP_ROWS } from '../core/limits';

/** The file limit the app states (src/worker/file-limits.ts, maxFileBytes): 256 MiB. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const STEPS = 1_000_000;
/** Bytes of peak resident memory a listed malformed step may cost, above the command's own. */
const MAX_BYTES_PER_LISTED_STEP = 150;
/** Bytes of peak resident memory a step past the listed rows may cost (its bytes are 2). */
const MAX_BYTES_PER_UNLISTED_STEP = 16;
/** Peak resident memory per byte of a file at the limit, above the command's own. */
const MAX_BYTES_PER_FILE_BYTE = 2.5;

const dir = mkdtempSync(join(tmpdir(), 'aer1-workflow-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, head: string, step: string, count: number): string {
  const path = join(dir, name);
  writeFileSync(path, `${head}[${`${step},`.repeat(count - 1)}${step}]}`);
  return path;
}

function workflowOf(name: string, step: string, count: number): string {
  return fileOf(name, '{"merkle_root":"00","steps":', step, count);
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
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`the command did not finish: ${child.stderr}`);
  const { code, maxRSS } = JSON.parse(child.stdout) as { code: number; maxRSS: number };
  return { status: code, peakBytes: maxRSS * 1024 };
}

describe('a workflow-shaped file at the 256 MiB file limit', () => {
  it('of steps that are all 0 fails in memory bounded by its size', { timeout: 300_000 }, () => {
    const head = '{"steps":';
    // As many `0,` as fit under the limit with the brackets around them.
    const count = Math.floor((MAX_FILE_BYTES - head.length - 3) / 2);
    const path = fileOf('at-the-limit.json', head, '0', count);
    const size = statSync(path).size;
    expect(size).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect(size).toBeGreaterThan(MAX_FILE_BYTES - 16);
    const baseline = peakMemoryOf(fileOf('one.json', head, '0', 1)).peakBytes;
    const { status, peakBytes } = peakMemoryOf(path);
    rmSync(path);
    expect(status).toBe(1);
    const perByte = (peakBytes - baseline) / size;
    console.log(`${count} steps, ${size} bytes: ${perByte.toFixed(2)} bytes a byte at the peak`);
    expect(perByte).toBeLessThan(MAX_BYTES_PER_FILE_BYTE);
  });
});

describe(`a workflow of ${STEPS} malformed steps`, () => {
  const baseline = peakMemoryOf(workflowOf('one-step.json', '0', 1)).peakBytes;

  // Steps that are not objects, and objects that lack every member (seven findings each).
  for (const [label, step] of [
    ['numbers', '0'],
    ['strings', '"x"'],
    // Not plain text: the hidden-character rules read every string (without a node each).
    ['non-ASCII strings', '"é\u202e"'],
    ['arrays', '[]'],
    ['empty objects', '{}'],
  ] as const) {
    it(`of ${label} fails in bounded memory per step`, { timeout: 120_000 }, () => {
      const { status, peakBytes } = peakMemoryOf(workflowOf(`${label}.json`, step, STEPS));
      expect(status).toBe(1);
      const perStep = (peakBytes - baseline) / STEPS;
      console.log(`${STEPS} steps of ${label}: ${Math.round(perStep)} bytes a step at the peak`);
      expect(perStep).toBeLessThan(MAX_BYTES_PER_LISTED_STEP);
    });
  }

  it('costs next to nothing per step past the listed rows', { timeout: 120_000 }, () => {
    expect(STEPS).toBeLessThanOrEqual(LISTED_STEP_ROWS);
    const more = 5 * STEPS;
    const listed = peakMemoryOf(workflowOf('listed.json', '{}', STEPS)).peakBytes;
    const { status, peakBytes } = peakMemoryOf(workflowOf('more.json', '{}', more));
    expect(status).toBe(1);
    const perStep = (peakBytes - listed) / (more - STEPS);
    console.log(`steps ${STEPS + 1}-${more} of empty objects: ${perStep.toFixed(1)} bytes a step`);
    expect(perStep).toBeLessThan(MAX_BYTES_PER_UNLISTED_STEP);
  });
});
