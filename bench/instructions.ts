/**
 * Instruction counts: the working tree's core against a baseline commit's, and both against the
 * floor, on the bench's two workloads (a batch of receipts as JSON Lines, a workflow). Run by
 * hand when a change is too small for wall time to see:
 *
 *   npx tsx bench/instructions.ts [--base REV] [--runs N] [--receipts N] [--steps N]
 *                                 [--only batch|workflow]
 *
 * Why: on shared machines the same code's time against its floor changes far more between runs
 * minutes apart than a change worth a few per cent, so such a change cannot be seen in time.
 * Under valgrind's callgrind, with Node single-threaded and predictable (no collector or
 * compiler threads, fixed hash and random seeds, no address randomisation, WebAssembly compiled
 * once), the instructions a run executes repeat almost exactly, however busy the machine is.
 * Instructions are not time (cache misses and memory cost nothing here), so a win seen here is
 * confirmed in time before its figures go anywhere.
 *
 * Each workload runs `runs` times in one process (so warm-up is counted, as a CLI pays it), and
 * the count of the same process with zero runs (start-up, loading, reading the file) is taken
 * off. Needs valgrind and setarch (Debian: `apt-get install -y valgrind util-linux`); about
 * three and a half minutes on 2 cores with the defaults. KEEP=1 keeps the work folder.
 */
import { execFileSync, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBatchText } from './batch';
import { bundle, extractSources, ROOT } from './bundle';
import { buildWorkflowText } from './workflow';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

/**
 * The programs measured: one workload `runs` times, verified by the core at `core`, or done by
 * the floor (bench/batch.ts, bench/workflow.ts). Kept apart, so a core's program holds only
 * that core (the floors import the working tree's).
 */
function coreDriver(core: string): string {
  return `
import { readFileSync } from 'node:fs';
import { verifyAll } from ${JSON.stringify(core)};
const [what, file, runs] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
const now = Date.parse('2026-11-29T00:00:00Z');
for (let run = 0; run < Number(runs); run++) {
  const { results } = await verifyAll([{ name: what === 'batch' ? 'batch.jsonl' : 'workflow.json', text }], { now });
  if (results[0].report.verdict !== 'verified') throw new Error(what + ': ' + results[0].report.verdict);
}
`;
}

function floorDriver(): string {
  return `
import { readFileSync } from 'node:fs';
import { loadHashing } from ${JSON.stringify(join(ROOT, 'src/core/index.ts'))};
import { batchFloor } from ${JSON.stringify(join(ROOT, 'bench/batch.ts'))};
import { workflowFloor } from ${JSON.stringify(join(ROOT, 'bench/workflow.ts'))};
const [what, file, runs] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
const hashing = await loadHashing();
for (let run = 0; run < Number(runs); run++) {
  if (what === 'batch') batchFloor(text, hashing);
  else await workflowFloor(text);
}
`;
}

/** Instructions executed by `node program args`, as callgrind counts them. */
function instructions(program: string, args: string[]): Promise<number> {
  return new Promise((done, failed) => {
    const child = spawn(
      'setarch',
      [
        '-R',
        'valgrind',
        '--tool=callgrind',
        '--smc-check=all-non-file',
        '--callgrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        '--predictable',
        '--hash-seed=1',
        '--random-seed=1',
        // WebAssembly straight to optimised code: Liftoff's code is replaced when a background
        // tier-up lands, which depends on time, so without this flag the same run's count
        // changes with the machine's load.
        '--no-liftoff',
        program,
        ...args,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
      if (code !== 0 || !refs)
        failed(new Error(`${program} ${args.join(' ')}: exit ${code}\n${stderr.slice(-2000)}`));
      else done(Number(refs[1]!.replaceAll(',', '')));
    });
  });
}

/** Runs the jobs two at a time (the machines have two cores), keeping their order. */
async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < jobs.length; i += 2)
    results.push(...(await Promise.all(jobs.slice(i, i + 2).map((job) => job()))));
  return results;
}

async function main(): Promise<void> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.error('bench/instructions.ts needs valgrind (Debian: apt-get install -y valgrind)');
    process.exit(2);
  }
  const base = option('--base', 'HEAD');
  const runs = option('--runs', '3');
  const receipts = Number(option('--receipts', '2000'));
  const steps = Number(option('--steps', '10000'));

  const work = mkdtempSync(join(tmpdir(), 'aer1-instructions-'));
  try {
    const baseTree = extractSources(base, work, 'base');
    const files = { batch: join(work, 'batch.jsonl'), workflow: join(work, 'workflow.json') };
    writeFileSync(files.batch, buildBatchText(receipts));
    writeFileSync(files.workflow, buildWorkflowText(steps).text);
    const baseProgram = await bundle(
      coreDriver(join(baseTree, 'src/core/index.ts')),
      join(work, 'base-build'),
    );
    const treeProgram = await bundle(
      coreDriver(join(ROOT, 'src/core/index.ts')),
      join(work, 'tree-build'),
    );
    const floorProgram = await bundle(floorDriver(), join(work, 'floor-build'));
    for (const program of [baseProgram, treeProgram, floorProgram])
      if (!existsSync(program)) throw new Error(`the build made no ${program}`);

    const only = option('--only', '');
    const workloads = (['batch', 'workflow'] as const).filter((w) => only === '' || w === only);
    const jobs: (() => Promise<number>)[] = [];
    for (const what of workloads) {
      for (const program of [baseProgram, treeProgram]) {
        jobs.push(() => instructions(program, [what, files[what], '0']));
        jobs.push(() => instructions(program, [what, files[what], runs]));
      }
      jobs.push(() => instructions(floorProgram, [what, files[what], '0']));
      jobs.push(() => instructions(floorProgram, [what, files[what], runs]));
    }
    const counts = await inPairs(jobs);
    const label = execSync(`git rev-parse --short ${JSON.stringify(base)}`, {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const millions = (n: number): string => `${(n / 1e6).toFixed(1)} M`;
    console.log(
      `instructions (callgrind), ${runs} runs per process, start-up taken off; base ${base} (${label}) against the working tree`,
    );
    workloads.forEach((what, w) => {
      const [baseZero, baseRun, treeZero, treeRun, floorZero, floorRun] = counts.slice(
        w * 6,
        w * 6 + 6,
      ) as number[];
      const baseNet = baseRun! - baseZero!;
      const treeNet = treeRun! - treeZero!;
      const floorNet = floorRun! - floorZero!;
      const size = what === 'batch' ? `${receipts} receipts` : `${steps} steps`;
      console.log(
        `  ${what.padEnd(8)} ${size.padEnd(15)} base ${millions(baseNet)} (${(baseNet / floorNet).toFixed(2)}x floor)  working tree ${millions(treeNet)} (${(treeNet / floorNet).toFixed(2)}x floor)  tree/base ${(treeNet / baseNet).toFixed(4)}  floor ${millions(floorNet)}`,
      );
    });
  } finally {
    if (process.env.KEEP) console.log('kept', work);
    else rmSync(work, { recursive: true, force: true });
  }
}

await main();
