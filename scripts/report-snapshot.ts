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
 * run it from that folder (it reads the vectors through the one vector reader of that tree).
 * Each line is {"case": name, "report": …}: the full report as the shells receive it (details
 * included, bytes as hex), with the run's fixed clock. Lines are compared by case name; a case
 * found under another name in one file is reported as renamed when its report is the same.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { verify, verifyAll } from '../src/core';
import { buildBatchText } from '../bench/batch';
import { buildWorkflowText } from '../bench/workflow';
import { vectorCases } from '../test/support/vector-files';

const BENCH_NOW = Date.parse('2026-11-01T00:00:00Z');

/** JSON of a report with its bytes as hex, so the line is text whatever the details hold. */
function line(name: string, report: unknown): string {
  return JSON.stringify({ case: name, report }, (_key, value: unknown) =>
    value instanceof Uint8Array ? `hex:${Buffer.from(value).toString('hex')}` : value,
  );
}

async function snapshot(): Promise<string[]> {
  const lines: string[] = [];
  for (const testCase of vectorCases()) {
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
    const read = (file: string): Map<string, string> => {
      const lines = new Map<string, string>();
      for (const text of readFileSync(file, 'utf8').split('\n')) {
        if (!text) continue;
        const { case: name, report } = JSON.parse(text) as { case: string; report: unknown };
        // (The bench inputs give one line each under one name: numbered.)
        let key = name;
        for (let n = 2; lines.has(key); n++) key = `${name} (${n})`;
        lines.set(key, JSON.stringify(report));
      }
      return lines;
    };
    const before = read(a);
    const after = read(b);
    const differing: string[] = [];
    const onlyBefore = [...before.keys()].filter((name) => !after.has(name));
    const onlyAfter = new Set([...after.keys()].filter((name) => !before.has(name)));
    for (const [name, report] of before)
      if (after.has(name) && after.get(name) !== report) differing.push(`  ${name}`);
    for (const name of onlyBefore) {
      const renamed = [...onlyAfter].find((other) => after.get(other) === before.get(name));
      if (renamed) {
        onlyAfter.delete(renamed);
        console.log(`renamed, report byte-identical: ${name} -> ${renamed}`);
      } else differing.push(`  ${name} (only in ${a})`);
    }
    for (const name of onlyAfter) differing.push(`  ${name} (only in ${b})`);
    if (differing.length === 0) {
      console.log(`${before.size} reports, byte-identical`);
      return;
    }
    console.log(`${differing.length} of ${before.size} reports differ:`);
    for (const line of differing) console.log(line);
    process.exitCode = 1;
    return;
  }
  console.error('usage: report-snapshot.ts write FILE | compare BEFORE AFTER');
  process.exitCode = 64;
}

await main();
