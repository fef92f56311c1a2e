/**
 * Failing documents: every golden vector that declares a failed verdict (every suite, as the
 * one vector reader reads them: src/conformance/vector-file.ts), verified with the working
 * tree's core and with a reference commit's, the same documents for both, each in processes of
 * its own, taken in turn. A failure is where a fast reader may pay for what it skipped (positions, the
 * tree), so its time is held to the reference's.
 *
 * Each process verifies every failing vector once untimed, then `rounds` times timed, and gives
 * the median of those rounds; the result is the median (and spread) of the processes' medians.
 *
 *   npx tsx bench/failing-documents.ts [reference=HEAD] [processes=5] [rounds=5]
 */
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, extractSources, ROOT } from './bundle';
import type { InputDocument } from '../src/core';
import { vectorCases } from '../test/support/vector-files';
import { median, spreadOf, type Spread } from './median';

/**
 * The program each process runs: the failing vectors (read by this tree's vector reader and
 * written to `cases` as JSON, bytes in base64, so both cores verify the same documents whatever
 * vector format their own tree had) verified by the core at `tree`, `rounds` times. Only this
 * tree's core must fail each one: the reference's may not have known a rule added since, and
 * may even throw on a document whose crash was mended since (its time up to the throw counts).
 */
function driver(tree: string, mustFail: boolean): string {
  const at = (path: string) => JSON.stringify(join(tree, path));
  return `
import { readFileSync } from 'node:fs';
import { verify } from ${at('src/core/index.ts')};
const rounds = Number(process.argv[2]);
const revive = (doc) => (doc.bytes === undefined ? doc : { ...doc, bytes: new Uint8Array(Buffer.from(doc.bytes, 'base64')) });
const failing = JSON.parse(readFileSync(process.argv[3], 'utf8')).map((c) => ({
  ...c,
  document: revive(c.document),
  supplied: c.supplied.map(revive),
}));
const times = [];
for (let round = -1; round < rounds; round++) {
  const started = performance.now();
  for (const c of failing) {
    ${
      mustFail
        ? `const report = await verify(c.document, c.supplied, c.options);
    if (report.verdict !== 'failed') throw new Error(c.name + ' did not fail');`
        : `await verify(c.document, c.supplied, c.options).catch(() => undefined);`
    }
  }
  if (round >= 0) times.push(performance.now() - started);
}
console.log(JSON.stringify({ documents: failing.length, times }));
`;
}

/** This tree's golden vectors that expect a failed verdict, as JSON the drivers read. */
function failingCasesJson(): string {
  const plain = (doc: InputDocument) =>
    doc.bytes === undefined ? doc : { ...doc, bytes: Buffer.from(doc.bytes).toString('base64') };
  const failing = vectorCases().filter((c) => c.expect.verdict === 'failed');
  return JSON.stringify(
    failing.map((c) => ({
      name: c.name,
      document: plain(c.document),
      supplied: c.supplied.map(plain),
      options: c.options,
    })),
  );
}

export interface FailingDocumentsResult {
  reference: string;
  documents: number;
  referenceDocuments: number;
  /** Medians of each process's timed rounds, in ms. */
  tree: Spread;
  referenceMs: Spread;
  /** tree / reference, process by process (they ran in turn). */
  ratio: Spread;
}

function run(program: string, rounds: number, cases: string): { documents: number; ms: number } {
  const out = execFileSync(process.execPath, [program, String(rounds), cases], {
    encoding: 'utf8',
  });
  const { documents, times } = JSON.parse(out.trim().split('\n').pop()!) as {
    documents: number;
    times: number[];
  };
  return { documents, ms: median(times) };
}

export async function benchFailingDocuments(
  reference: string,
  processes = 5,
  rounds = 5,
): Promise<FailingDocumentsResult> {
  const work = mkdtempSync(join(tmpdir(), 'aer1-failing-'));
  try {
    const referenceTree = extractSources(reference, work, 'reference');
    const cases = join(work, 'failing-cases.json');
    writeFileSync(cases, failingCasesJson());
    const programs = {
      tree: await bundle(driver(ROOT, true), join(work, 'tree-build')),
      reference: await bundle(driver(referenceTree, false), join(work, 'reference-build')),
    };
    const tree: number[] = [];
    const ref: number[] = [];
    let documents = 0;
    let referenceDocuments = 0;
    for (let p = 0; p < processes; p++) {
      // In turn, the first of the pair alternating, so the machine's load falls on both alike.
      const pair =
        p % 2 === 0 ? (['tree', 'reference'] as const) : (['reference', 'tree'] as const);
      for (const side of pair) {
        const result = run(programs[side], rounds, cases);
        if (side === 'tree') {
          tree.push(result.ms);
          documents = result.documents;
        } else {
          ref.push(result.ms);
          referenceDocuments = result.documents;
        }
      }
    }
    return {
      reference: execSync(`git rev-parse --short=12 ${JSON.stringify(reference)}`, {
        cwd: ROOT,
        encoding: 'utf8',
      }).trim(),
      documents,
      referenceDocuments,
      tree: spreadOf(tree),
      referenceMs: spreadOf(ref),
      ratio: spreadOf(tree.map((ms, i) => ms / ref[i]!)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && /failing-documents\.ts$/.test(process.argv[1])) {
  const result = await benchFailingDocuments(
    process.argv[2] ?? 'HEAD',
    Number(process.argv[3] ?? 5),
    Number(process.argv[4] ?? 5),
  );
  console.log(JSON.stringify(result, null, 2));
}
