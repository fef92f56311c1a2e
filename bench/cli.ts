/**
 * Command-line benchmark: the built aer1-verify against the peers' stack (Python json + base64 +
 * hashlib, bench/python_reference.py) on the same files, in the same run. Wall time and peak
 * memory of each process come from bench/measure.py, so both sides are measured the same way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBatchText } from './batch';
import { buildWorkflowText } from './workflow';

export interface ProcessRun {
  seconds: number;
  /** User + system CPU time of the process and its threads. */
  cpuSeconds: number;
  maxRssKb: number;
  exit: number;
}

export interface CliComparison {
  work: string;
  ours: ProcessRun;
  python: ProcessRun;
}

const CLI = 'dist-cli/aer1-verify.mjs';

function measure(command: string[]): ProcessRun {
  const done = spawnSync('python3', ['bench/measure.py', ...command], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`measure.py failed: ${done.stderr}`);
  const result = JSON.parse(done.stdout) as {
    seconds: number;
    cpu_seconds: number;
    max_rss_kb: number;
    exit: number;
  };
  return {
    seconds: result.seconds,
    cpuSeconds: result.cpu_seconds,
    maxRssKb: result.max_rss_kb,
    exit: result.exit,
  };
}

/** Median by wall time of `runs` runs. */
function median(command: string[], runs: number): ProcessRun {
  const all = Array.from({ length: runs }, () => measure(command));
  all.sort((a, b) => a.seconds - b.seconds);
  return all[Math.floor(runs / 2)]!;
}

/** Runs `work` with a scratch folder of its own, removed afterwards (~90 MB of inputs a run). */
function withScratch<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'aer1-bench-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pythonAvailable(): boolean {
  return spawnSync('python3', ['--version']).status === 0;
}

export function benchCli(steps: number, receipts: number, runs = 3): CliComparison[] {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:cli first`);
  return withScratch((dir) => benchCliIn(dir, steps, receipts, runs));
}

function benchCliIn(dir: string, steps: number, receipts: number, runs: number): CliComparison[] {
  const workflow = join(dir, 'workflow.json');
  writeFileSync(workflow, buildWorkflowText(steps).text);
  const batch = join(dir, 'receipts.jsonl');
  writeFileSync(batch, buildBatchText(receipts));
  const compare = (work: string, ours: string[], python: string[]): CliComparison => ({
    work,
    ours: median(['node', CLI, ...ours], runs),
    python: median(['python3', 'bench/python_reference.py', ...python], runs),
  });
  return [
    compare(`workflow, ${steps} steps`, ['--json', workflow], ['workflow', workflow]),
    // --jsonl writes passing checks compactly by default (src/cli/output.ts, CheckForm); the
    // full form, every check as an object, is what round 1 measured.
    compare(`${receipts} receipts, JSON Lines --jsonl`, ['--jsonl', batch], ['receipts', batch]),
    compare(
      `${receipts} receipts, --jsonl --checks full`,
      ['--jsonl', '--checks', 'full', batch],
      ['receipts', batch],
    ),
    compare(`${receipts} receipts, JSON Lines --json`, ['--json', batch], ['receipts', batch]),
  ];
}

export interface JobsComparison {
  records: number;
  jobs: number;
  one: ProcessRun;
  many: ProcessRun;
  /**
   * The machine's own ceiling for that many threads: the same records split into `jobs`
   * shards, each verified by its own `--jobs 1` process, all at once (what GNU parallel does
   * with shards). No thread of ours can split the work better than separate processes.
   */
  shards: ProcessRun;
}

/**
 * --jsonl on a larger batch with --jobs 1, with one thread per core, and as one process per
 * core on shards of it: same records, same run.
 */
export function benchJobs(receipts: number, runs = 3): JobsComparison {
  return withScratch((dir) => benchJobsIn(dir, receipts, runs));
}

function benchJobsIn(dir: string, receipts: number, runs: number): JobsComparison {
  const batch = join(dir, 'receipts.jsonl');
  const text = buildBatchText(receipts);
  writeFileSync(batch, text);
  const jobs = availableParallelism();
  const lines = text.trimEnd().split('\n');
  const per = Math.ceil(lines.length / jobs);
  const shardFiles = Array.from({ length: jobs }, (_, i) => {
    const shard = join(dir, `shard-${i}.jsonl`);
    writeFileSync(shard, lines.slice(i * per, (i + 1) * per).join('\n') + '\n');
    return shard;
  });
  const inParallel = shardFiles
    .map((shard) => `node ${CLI} --jsonl --jobs 1 ${shard} > /dev/null &`)
    .join(' ');
  // In turn (1, N, shards, 1, N, shards, …), so a change in the machine's load falls on all alike.
  const one: ProcessRun[] = [];
  const many: ProcessRun[] = [];
  const shards: ProcessRun[] = [];
  for (let r = 0; r < runs; r++) {
    one.push(measure(['node', CLI, '--jsonl', '--jobs', '1', batch]));
    many.push(measure(['node', CLI, '--jsonl', '--jobs', String(jobs), batch]));
    shards.push(measure(['bash', '-c', `${inParallel} wait`]));
  }
  const byWall = (all: ProcessRun[]) =>
    all.sort((a, b) => a.seconds - b.seconds)[Math.floor(all.length / 2)]!;
  return { records: receipts, jobs, one: byWall(one), many: byWall(many), shards: byWall(shards) };
}

export interface HostileRun {
  work: string;
  run: ProcessRun;
}

/**
 * Issue 13 item 1: a 2 MB input of a million bare numbers, as a JSON array and as JSON Lines.
 * It once took minutes and gigabytes and ended in exit 70 (or signal 6); now each record costs
 * a bounded amount and the exit is 1 (failed).
 */
export function benchHostile(members = 1_000_000): HostileRun[] {
  return withScratch((dir) => benchHostileIn(dir, members));
}

function benchHostileIn(dir: string, members: number): HostileRun[] {
  const array = join(dir, 'ones.json');
  writeFileSync(array, `[${Array(members).fill('1').join(',')}]`);
  const lines = join(dir, 'ones.jsonl');
  writeFileSync(lines, '1\n'.repeat(members));
  return [
    { work: `[1,1,…] ${members} members --json`, run: measure(['node', CLI, '--json', array]) },
    { work: `"1\\n" x ${members} --jsonl`, run: measure(['node', CLI, '--jsonl', lines]) },
  ];
}
