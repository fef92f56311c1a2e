/**
 * The outputs of test/support/report-cases.ts — the full report of every golden vector, bench
 * input, fuzz case and generated document, what the JSON reader reads of each, and what the
 * command line writes — so that a change meant to keep behaviour (a refactor, a faster reader)
 * can be shown to keep every one byte for byte:
 *
 *   npx tsx scripts/report-snapshot.ts write before.jsonl     (on the old tree)
 *   npx tsx scripts/report-snapshot.ts write after.jsonl      (on the new tree)
 *   npx tsx scripts/report-snapshot.ts compare before.jsonl after.jsonl
 *   npx tsx scripts/report-snapshot.ts digests test/differential/expected.json
 *
 * `digests` freezes a digest of each output for the unit suite's differential test
 * (test/differential.test.ts); write it only from a tree whose outputs are the reference.
 * Each line of a written file is {"case": name, "output": text}.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { outputDigest, reportCases } from '../test/support/report-cases';

async function main(): Promise<void> {
  const [command, a, b] = process.argv.slice(2);
  if (command === 'write' && a) {
    const lines: string[] = [];
    for await (const { name, output } of reportCases())
      lines.push(JSON.stringify({ case: name, output }));
    writeFileSync(a, lines.join('\n') + '\n');
    console.log(`${lines.length} outputs written to ${a}`);
    return;
  }
  if (command === 'digests' && a) {
    const digests: Record<string, string> = {};
    for await (const { name, output } of reportCases()) {
      if (name in digests) throw new Error(`two cases are named ${name}`);
      digests[name] = outputDigest(output);
    }
    writeFileSync(a, JSON.stringify(digests, null, 0).replaceAll('","', '",\n"') + '\n');
    console.log(`${Object.keys(digests).length} digests written to ${a}`);
    return;
  }
  if (command === 'compare' && a && b) {
    const read = (file: string): Map<string, string> =>
      new Map(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const { case: name, output } = JSON.parse(line) as { case: string; output: string };
            return [name, output];
          }),
      );
    const before = read(a);
    const after = read(b);
    const differing = [...new Set([...before.keys(), ...after.keys()])].filter(
      (name) => before.get(name) !== after.get(name),
    );
    if (differing.length === 0) {
      console.log(`${before.size} outputs, byte-identical`);
      return;
    }
    console.log(`${differing.length} of ${before.size} outputs differ:`);
    for (const name of differing) console.log(`  ${name}`);
    process.exitCode = 1;
    return;
  }
  console.error('usage: report-snapshot.ts write FILE | compare BEFORE AFTER | digests FILE');
  process.exitCode = 64;
}

await main();
