/**
 * Command-line benchmark: the built aer1-verify against the peers' stack (Python json + base64 +
 * hashlib, bench/python_reference.py) on the same files, in the same run, beside Node's own
 * floors: `node -e 0` (a Node process that does nothing) and bench/jsonl-floor.mjs (JSON.parse
 * and node:crypto on every record, writing nothing). Wall time, CPU time and peak memory of each
 * process come from bench/measure.py, so every side is measured the same way; the processes of a
 * round run one after another, and rounds repeat, so a change in the machine's load falls on all
 * alike.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBatchText } from './batch';
import { spreadOf, type Spread } from './median';
import { buildWorkflowText } from './workflow';

export interface ProcessRun {
  seconds: number;
  /** User + system CPU time of the process and its threads. */
  cpuSeconds: number;
  maxRssKb: number;
  exit: number;
}

/** One command's runs: wall seconds and peak memory (MB), each with its spread. */
export interface Runs {
  /** Wall seconds of each run, in the order of the rounds. */
  each: number[];
  seconds: Spread;
  cpuSeconds: Spread;
  memoryMb: Spread;
  /** Every run's exit code (all the same when all is well). */
  exits: number[];
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

function summary(runs: ProcessRun[]): Runs {
  return {
    each: runs.map((r) => r.seconds),
    seconds: spreadOf(runs.map((r) => r.seconds)),
    cpuSeconds: spreadOf(runs.map((r) => r.cpuSeconds)),
    memoryMb: spreadOf(runs.map((r) => r.maxRssKb / 1024)),
    exits: runs.map((r) => r.exit),
  };
}

/**
 * Runs every named command once per round, in turn (the first of them first in one round, second
 * in the next…), `rounds` times, and summarises each.
 */
function inTurn<K extends string>(commands: Record<K, string[]>, rounds: number): Record<K, Runs> {
  const names = Object.keys(commands) as K[];
  const all = Object.fromEntries(names.map((name) => [name, [] as ProcessRun[]])) as Record<
    K,
    ProcessRun[]
  >;
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      all[name].push(measure(commands[name]));
    }
  return Object.fromEntries(names.map((name) => [name, summary(all[name])])) as Record<K, Runs>;
}

/** Runs `work` with a scratch folder of its own, removed afterwards. */
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

function requireCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:cli first`);
}

export interface WorkflowComparison {
  steps: number;
  ours: Runs;
  python: Runs;
}

/** The workflow, `aer1-verify --json` against the Python reference. */
export function benchCliWorkflow(steps: number, rounds = 5): WorkflowComparison {
  requireCli();
  return withScratch((dir) => {
    const file = join(dir, 'workflow.json');
    writeFileSync(file, buildWorkflowText(steps).text);
    const runs = inTurn(
      {
        ours: ['node', CLI, '--json', file],
        python: ['python3', 'bench/python_reference.py', 'workflow', file],
      },
      rounds,
    );
    return { steps, ...runs };
  });
}

export interface JsonLinesComparison {
  receipts: number;
  /** `aer1-verify --jsonl --jobs 1`, and with the default --jobs (one thread per core). */
  jobsOne: Runs;
  jobsDefault: Runs;
  python: Runs;
  /** `node -e 0`, and JSON.parse + node:crypto on every record (bench/jsonl-floor.mjs). */
  nodeStart: Runs;
  nodeFloor: Runs;
  /** The same floor writing the lines aer1-verify writes for these records, and nothing else. */
  nodeFloorWriting: Runs;
  /**
   * `--jobs 2`, and the machine's own ceiling for two threads: the same records split into two
   * shards, each verified by its own `--jobs 1` process, both at once (what GNU parallel does
   * with shards). No thread of ours can split the work better than separate processes.
   */
  jobsTwo?: Runs;
  twoShards?: Runs;
}

/**
 * `aer1-verify --jsonl` on `receipts` receipts against the Python reference and Node's floors;
 * with `ceiling`, also `--jobs 2` against two shards in two processes at once.
 */
export function benchCliJsonLines(
  receipts: number,
  { rounds = 5, ceiling = false }: { rounds?: number; ceiling?: boolean } = {},
): JsonLinesComparison {
  requireCli();
  return withScratch((dir) => {
    const file = join(dir, 'receipts.jsonl');
    const text = buildBatchText(receipts);
    writeFileSync(file, text);
    // The line aer1-verify writes for a record of this input: the floor writes it for each.
    const first = join(dir, 'first.jsonl');
    writeFileSync(first, text.slice(0, text.indexOf('\n') + 1));
    const lineFile = join(dir, 'line.json');
    writeFileSync(
      lineFile,
      firstLine(spawnSync('node', [CLI, '--jsonl', first], { encoding: 'utf8' }).stdout),
    );
    const commands: Record<string, string[]> = {
      jobsOne: ['node', CLI, '--jsonl', '--jobs', '1', file],
      jobsDefault: ['node', CLI, '--jsonl', file],
      python: ['python3', 'bench/python_reference.py', 'receipts', file],
      nodeStart: ['node', '-e', '0'],
      nodeFloor: ['node', 'bench/jsonl-floor.mjs', file],
      nodeFloorWriting: ['node', 'bench/jsonl-floor.mjs', file, lineFile],
    };
    if (ceiling) {
      const lines = text.trimEnd().split('\n');
      const half = Math.ceil(lines.length / 2);
      const shards = [lines.slice(0, half), lines.slice(half)].map((part, i) => {
        const shard = join(dir, `shard-${i}.jsonl`);
        writeFileSync(shard, part.join('\n') + '\n');
        return shard;
      });
      commands.jobsTwo = ['node', CLI, '--jsonl', '--jobs', '2', file];
      commands.twoShards = [
        'bash',
        '-c',
        shards.map((shard) => `node ${CLI} --jsonl --jobs 1 ${shard} > /dev/null &`).join(' ') +
          ' wait',
      ];
    }
    const runs = inTurn(commands, rounds);
    return {
      receipts,
      jobsOne: runs.jobsOne!,
      jobsDefault: runs.jobsDefault!,
      python: runs.python!,
      nodeStart: runs.nodeStart!,
      nodeFloor: runs.nodeFloor!,
      nodeFloorWriting: runs.nodeFloorWriting!,
      ...(runs.jobsTwo ? { jobsTwo: runs.jobsTwo } : {}),
      ...(runs.twoShards ? { twoShards: runs.twoShards } : {}),
    };
  });
}

function firstLine(output: string): string {
  const line = output.slice(0, output.indexOf('\n'));
  if (!line.startsWith('{')) throw new Error(`aer1-verify --jsonl wrote no report line: ${output}`);
  return line;
}

export interface HostileRun {
  work: string;
  run: ProcessRun;
}

/**
 * Issue 13 item 1: a 2 MB input of a million bare numbers, as a JSON array and as JSON Lines.
 * Each record costs a bounded amount and the exit is 1 (failed), never 70.
 */
export function benchHostile(members = 1_000_000): HostileRun[] {
  requireCli();
  return withScratch((dir) => {
    const array = join(dir, 'ones.json');
    writeFileSync(array, `[${Array(members).fill('1').join(',')}]`);
    const lines = join(dir, 'ones.jsonl');
    writeFileSync(lines, '1\n'.repeat(members));
    return [
      {
        work: `[1,1,…], ${members.toLocaleString('en-US')} members, --json`,
        run: measure(['node', CLI, '--json', array]),
      },
      {
        work: `"1\\n" × ${members.toLocaleString('en-US')}, --jsonl`,
        run: measure(['node', CLI, '--jsonl', lines]),
      },
    ];
  });
}

/** a / b round by round (their runs were taken in turn, so each pair saw the same load). */
export function ratioOf(a: Runs, b: Runs): Spread {
  return spreadOf(a.each.map((seconds, i) => seconds / b.each[i]!));
}
