/**
 * The JSON report of every golden vector and of the bench inputs, one line each, so that a
 * change meant to keep behaviour (a refactor, a faster reader) can be shown to keep every
 * report byte for byte:
 *
 *   npx tsx scripts/report-snapshot.ts write before.jsonl     (on the old tree)
 *   npx tsx scripts/report-snapshot.ts write after.jsonl      (on the new tree)
 *   npx tsx scripts/report-snapshot.ts compare before.jsonl after.jsonl
 *
 * To snapshot an older commit: `git worktree add /tmp/base <commit>`, copy this script there and
 * run it from that folder (it reads the vectors through the self-test's reader of that tree).
 * Each line is {"case": name, "report": …}: the full report as the shells receive it (details
 * included, bytes as hex), with the run's fixed clock.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { verify, verifyAll } from '../src/core';
import { OTS_PROOFS_PATH, selfTestCases, type VectorFileText } from '../src/conformance/self-test';
import { buildBatchText } from '../bench/batch';
import { buildWorkflowText } from '../bench/workflow';

const ROOT = new URL('..', import.meta.url).pathname;
const OTS_DIR = 'src/core/anchor/ots/vectors';
const BENCH_NOW = Date.parse('2026-11-01T00:00:00Z');

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Every vector file as the bundler hands them to the self-test (bundled-vectors.ts). */
function vectorFiles(): VectorFileText[] {
  const files: VectorFileText[] = [];
  const core = join(ROOT, 'src/core');
  for (const suite of readdirSync(core)) {
    const folder = join(core, suite, 'vectors');
    if (!existsSync(folder)) continue;
    for (const path of filesUnder(folder))
      if (path.endsWith('.json'))
        files.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') });
  }
  files.push({ path: OTS_PROOFS_PATH, text: readFileSync(join(ROOT, OTS_PROOFS_PATH), 'utf8') });
  for (const name of readdirSync(join(ROOT, OTS_DIR)))
    files.push({
      path: `${OTS_DIR}/${name}`,
      text: '',
      bytes: new Uint8Array(readFileSync(join(ROOT, OTS_DIR, name))),
    });
  return files;
}

/** JSON of a report with its bytes as hex, so the line is text whatever the details hold. */
function line(name: string, report: unknown): string {
  return JSON.stringify({ case: name, report }, (_key, value: unknown) =>
    value instanceof Uint8Array ? `hex:${Buffer.from(value).toString('hex')}` : value,
  );
}

async function snapshot(): Promise<string[]> {
  const lines: string[] = [];
  for (const testCase of selfTestCases(vectorFiles())) {
    const report = await verify(testCase.document, testCase.supplied, testCase.options);
    lines.push(line(testCase.name, report));
  }
  const { text: workflow } = buildWorkflowText(2_000);
  const inputs = [
    { name: 'bench-workflow.json', text: workflow },
    { name: 'bench-batch.jsonl', text: buildBatchText(2_000) },
  ];
  for (const input of inputs) {
    const { results } = await verifyAll([input], { now: BENCH_NOW });
    for (const result of results) lines.push(line(input.name, result.report));
  }
  return lines;
}

async function main(): Promise<void> {
  const [command, a, b] = process.argv.slice(2);
  if (command === 'write' && a) {
    const lines = await snapshot();
    writeFileSync(a, lines.join('\n') + '\n');
    console.log(`${lines.length} reports written to ${a}`);
    return;
  }
  if (command === 'compare' && a && b) {
    const before = readFileSync(a, 'utf8').split('\n');
    const after = readFileSync(b, 'utf8').split('\n');
    const nameOf = (text: string): string =>
      text ? (JSON.parse(text) as { case: string }).case : '';
    const differing: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      if (before[i] !== after[i]) differing.push(nameOf(before[i] ?? '') || nameOf(after[i] ?? ''));
    if (differing.length === 0) {
      console.log(`${before.length - 1} reports, byte-identical`);
      return;
    }
    console.log(`${differing.length} of ${before.length - 1} reports differ:`);
    for (const name of differing) console.log(`  ${name}`);
    process.exitCode = 1;
    return;
  }
  console.error('usage: report-snapshot.ts write FILE | compare BEFORE AFTER');
  process.exitCode = 64;
}

await main();
