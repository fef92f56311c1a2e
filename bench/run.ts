/** `npm run bench [steps] [receipts]`: workflow and batch benchmarks, each against its floor measured in the same run. */
import { benchBatch } from './batch';
import { benchCli, benchHostile, benchJobs, pythonAvailable } from './cli';
import { benchHashing } from './hashing';
import { benchWorkflow } from './workflow';
import { browserAvailable, benchBrowser, browserLines } from './browser';
import { measureStaticPageWeight, pageWeightLine } from './page-weight';
import { execSync } from 'node:child_process';

const steps = Number(process.argv[2] ?? 100_000);
const receipts = Number(process.argv[3] ?? 10_000);
const ms = (n: number): string => `${n.toFixed(0)} ms`;

const result = await benchWorkflow(steps);
console.log(
  `workflow: ${result.steps} steps, ${(result.textBytes / 1e6).toFixed(1)} MB of JSON, median of ${result.runs} runs`,
);
console.log(
  `  verifyAll() end to end   ${ms(result.verifyMs)}  (verdict ${result.verdict}; detect+parse ${ms(result.breakdown.detectAndParseMs)}, workflow rules+tree ${ms(result.breakdown.workflowRulesMs)})`,
);
console.log(
  `  floor (JSON.parse+hash)  ${ms(result.floorMs)}  (JSON.parse ${ms(result.floorBreakdown.jsonParseMs)}, hash-wasm leaves+tree ${ms(result.floorBreakdown.hashingMs)})`,
);
console.log(`  ratio verify/floor       ${result.ratio.toFixed(2)}x`);

const batch = await benchBatch(receipts);
console.log(
  `batch: ${batch.receipts} receipts as JSON Lines, ${(batch.textBytes / 1e6).toFixed(1)} MB, median of ${batch.runs} runs`,
);
console.log(`  verifyAll() end to end   ${ms(batch.verifyMs)}  (verdict ${batch.verdict})`);
console.log(`  floor (JSON.parse+b64+sha256 per line) ${ms(batch.floorMs)}`);
console.log(`  ratio verify/floor       ${batch.ratio.toFixed(2)}x`);

const hash = await benchHashing();
console.log(
  `hashing: one ${hash.bytes / 2 ** 20} MiB payload, median of ${hash.runs} runs: core sha256() ${hash.mbps.core.toFixed(0)} MB/s = ${(hash.coreShareOfNative * 100).toFixed(0)} % of native node:crypto ${hash.mbps.nodeCrypto.toFixed(0)} MB/s` +
    ` (hash-wasm ${hash.mbps.hashWasm.toFixed(0)}, WebCrypto ${hash.mbps.webCrypto.toFixed(0)}); 64-byte hashes: core ${hash.smallNs.core.toFixed(0)} ns, hash-wasm ${hash.smallNs.hashWasm.toFixed(0)} ns, node:crypto ${hash.smallNs.nodeCrypto.toFixed(0)} ns`,
);

if (pythonAvailable()) {
  console.log(
    'command line against the Python reference (json + base64 + hashlib), median of 3 runs',
  );
  for (const row of benchCli(steps, receipts)) {
    console.log(
      `  ${row.work.padEnd(36)} aer1-verify ${row.ours.seconds.toFixed(2)} s (cpu ${row.ours.cpuSeconds.toFixed(2)} s), ${(row.ours.maxRssKb / 1024).toFixed(0)} MB` +
        `   python ${row.python.seconds.toFixed(2)} s (cpu ${row.python.cpuSeconds.toFixed(2)} s), ${(row.python.maxRssKb / 1024).toFixed(0)} MB` +
        `   time ${(row.ours.seconds / row.python.seconds).toFixed(1)}x, memory ${(row.ours.maxRssKb / row.python.maxRssKb).toFixed(1)}x`,
    );
  }
} else
  console.log(
    'command line: python3 not found, the comparison with the Python reference is skipped',
  );

const secondsMb = (run: {
  seconds: number;
  cpuSeconds: number;
  maxRssKb: number;
  exit: number;
}): string =>
  `${run.seconds.toFixed(2)} s (cpu ${run.cpuSeconds.toFixed(2)} s), ${(run.maxRssKb / 1024).toFixed(0)} MB, exit ${run.exit}`;
const jobs = benchJobs(receipts * 5);
console.log(
  `command line --jsonl, ${jobs.records} receipts: --jobs 1 ${secondsMb(jobs.one)}; --jobs ${jobs.jobs} ${secondsMb(jobs.many)}; speed-up ${(jobs.one.seconds / jobs.many.seconds).toFixed(2)}x`,
);
console.log(
  `  ceiling: ${jobs.jobs} shards, one --jobs 1 process each, at once ${secondsMb(jobs.shards)}; speed-up ${(jobs.one.seconds / jobs.shards.seconds).toFixed(2)}x`,
);
console.log('command line, hostile input (issue 13 item 1): bounded per record, never exit 70');
for (const row of benchHostile()) console.log(`  ${row.work.padEnd(36)} ${secondsMb(row.run)}`);
// The app as a visitor gets it: built fresh, then weighed and driven in Chromium.
execSync('npx vite build --logLevel error', { stdio: 'inherit' });
console.log(pageWeightLine(measureStaticPageWeight()));
if (process.env.AER1_BENCH_BROWSER === '0') console.log('browser: skipped (AER1_BENCH_BROWSER=0)');
else if (browserAvailable()) {
  // A 100,000-receipt batch in the browser (ten times the core's batch above).
  for (const line of browserLines(await benchBrowser(steps, Math.max(receipts, 100_000))))
    console.log(line);
} else console.log('browser: no Chromium found, the browser benchmark is skipped');
