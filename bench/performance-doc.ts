/**
 * docs/performance.md, written by `npm run bench` (bench/run.ts) from the run it just made: one
 * table of the run's figures beside their goals, with the date, the commit measured and the
 * machine. Nothing in it is typed by hand, so it never holds figures of another run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { format, resolveConfig } from 'prettier';

export interface Row {
  measure: string;
  goal: string;
  /** This run's figure (a ratio, a time): its median with the spread of the runs. */
  result: string;
  /** What it was measured from and against. */
  details?: string;
  /** Whether the goal is met; undefined where there is no goal or it cannot be told. */
  met?: boolean;
}

export interface Commit {
  commit: string;
  /** Tracked or untracked files differed from the commit when the run started. */
  dirty: boolean;
}

/** The commit measured (read before the run writes anything). */
export function commitState(): Commit {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain') !== '' };
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  python?: string;
  chromium?: string;
}

export function machine(chromium?: string): Machine {
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    ...(python.status === 0 ? { python: python.stdout.trim().replace(/^Python /, '') } : {}),
    ...(chromium ? { chromium } : {}),
  };
}

/** The machine's 1-minute load average: other work on it stretches every time measured. */
export function loadAverage(): number {
  return loadavg()[0] ?? 0;
}

export interface Run {
  /** When it started, and how long it took. */
  started: Date;
  minutes: number;
  /** The 1-minute load average when it started and when it ended. */
  load: { start: number; end: number };
  commit: Commit;
  machine: Machine;
  rows: Row[];
  /** What the figures are, in a sentence each (below the table). */
  notes: string[];
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export async function performanceDoc(run: Run): Promise<string> {
  const { machine: m } = run;
  const lines = [
    '# Performance',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts, bench/performance-doc.ts) from its run: edit the bench, not this file. -->',
    '',
    `One run of \`npm run bench\`, started ${run.started.toISOString().replace(/\.\d+Z$/, 'Z')} and taking ${run.minutes.toFixed(0)} minutes, ` +
      `at commit \`${run.commit.commit}\`${run.commit.dirty ? ' with uncommitted changes (dirty)' : ''}.`,
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB of memory; Node ${m.node}` +
      `${m.chromium ? `, Chromium ${m.chromium}` : ''}${m.python ? `, Python ${m.python}` : ''}. ` +
      `Load average (1 minute) ${run.load.start.toFixed(1)} at the start, ${run.load.end.toFixed(1)} at the end.`,
    '',
    'Figures are medians, with the lowest and highest run in brackets; a ratio is taken run by run',
    'between measurements made in turn. Compare ratios, not seconds, between runs and machines.',
    '',
    '| measure | goal | this run | met | from |',
    '| --- | --- | --- | --- | --- |',
    ...run.rows.map(
      (row) =>
        `| ${cell(row.measure)} | ${cell(row.goal)} | ${cell(row.result)} | ${row.met === undefined ? '' : row.met ? 'yes' : 'no'} | ${cell(row.details ?? '')} |`,
    ),
    '',
    ...run.notes.flatMap((note) => [`- ${note}`]),
    '',
  ];
  const text = lines.join('\n');
  const options = (await resolveConfig('docs/performance.md')) ?? {};
  return format(text, { ...options, parser: 'markdown' });
}

export async function writePerformanceDoc(run: Run, path = 'docs/performance.md'): Promise<void> {
  writeFileSync(path, await performanceDoc(run));
}
