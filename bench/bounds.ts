/**
 * What the core goals of issue 11 (verifyAll() ≤ 2× its floor on the 100,000-step workflow,
 * ≤ 3× on the 10,000-receipt batch) leave for the rules and the report, once the reading this
 * verifier must do before its first rule is paid. Run by hand:
 *
 *   npx tsx bench/bounds.ts [steps=100000] [receipts=10000] [runs=7]
 *
 * "Reading" is what a verifier that names duplicate member names, keeps number lexemes and
 * gives a failure's line and column must do, done with this project's own code and nothing
 * else: no rule, no check, no report.
 * - workflow: the document read by the position-keeping reader (src/core/json/parse.ts), plus
 *   the floor's own hashing of the Merkle leaves and tree (the same hash-wasm calls);
 * - batch: each record's syntax pass (JSON.parse, batch-syntax.ts), the record read by the
 *   reader, its payload decoded as strict base64 and strict UTF-8 and read by the reader (the
 *   payload rules need its members), its SHA-256 compared with output_hash.
 * The floors are bench/workflow.ts's and bench/batch.ts's. For each input the floor, the reading
 * and verifyAll() run interleaved in one process, one untimed round first; medians.
 */
import { decodeBase64Strict, loadHashing, parseJson, verifyAll, type Hashing } from '../src/core';
import { batchFloor, buildBatchText } from './batch';
import { buildWorkflowText, workflowFloor } from './workflow';
import { median } from './median';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

interface ReadRecord {
  payload: string;
  outputHash: string;
}

/** Each record read by the position-keeping reader: its payload and digest as strings. */
function readRecords(lines: readonly string[]): ReadRecord[] {
  return lines.map((line) => {
    const root = parseJson(line).root;
    if (root.type !== 'object') throw new Error('a record is not an object');
    const record = { payload: '', outputHash: '' };
    for (const value of root.memberValues) {
      if (value.type !== 'string') continue;
      if (value.key === 'canonical_bytes') record.payload = value.value;
      else if (value.key === 'output_hash') record.outputHash = value.value;
    }
    return record;
  });
}

/** Each payload as strict base64, then strict UTF-8, then JSON read by the reader. */
function readPayloads(records: readonly ReadRecord[]): Uint8Array[] {
  return records.map((record) => {
    const decoded = decodeBase64Strict(record.payload);
    if (!decoded.ok) throw new Error('a payload is not base64');
    parseJson(strictUtf8.decode(decoded.bytes));
    return decoded.bytes;
  });
}

function compareDigests(records: readonly ReadRecord[], bytes: Uint8Array[], hashing: Hashing) {
  records.forEach((record, i) => {
    if (`sha256:${hashing.sha256Hex(bytes[i]!)}` !== record.outputHash)
      throw new Error('a digest did not match');
  });
}

async function timed(work: () => unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Runs each named part once per round, interleaved, and gives each part's median. */
async function interleaved(
  runs: number,
  parts: Record<string, () => unknown>,
): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (let run = -1; run < runs; run++) {
    for (const [name, work] of Object.entries(parts)) {
      const ms = await timed(work);
      if (run >= 0) (times[name] ??= []).push(ms);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, median(ms)]));
}

function report(
  title: string,
  goal: number,
  count: number,
  unit: string,
  ms: { floor: number; verify: number; reading: number },
  readingParts: string,
): void {
  const per = (total: number) => `${((total * 1000) / count).toFixed(2)} µs a ${unit}`;
  const x = (total: number) => `${(total / ms.floor).toFixed(2)}×`;
  console.log(title);
  console.log(`  floor        ${ms.floor.toFixed(0)} ms (${per(ms.floor)})`);
  console.log(
    `  reading      ${ms.reading.toFixed(0)} ms = ${x(ms.reading)} the floor (${readingParts})`,
  );
  console.log(`  verifyAll()  ${ms.verify.toFixed(0)} ms = ${x(ms.verify)} the floor`);
  const left = goal * ms.floor - ms.reading;
  const rules = ms.verify - ms.reading;
  console.log(
    `  a ${goal}× goal leaves ${left.toFixed(0)} ms (${per(left)}) for every rule and the report; they take ${rules.toFixed(0)} ms (${per(rules)}) now`,
  );
}

const steps = Number(process.argv[2] ?? 100_000);
const receipts = Number(process.argv[3] ?? 10_000);
const runs = Number(process.argv[4] ?? 7);
const hashing = await loadHashing();

{
  const { text } = buildWorkflowText(steps);
  const now = Date.parse('2026-11-01T00:00:00Z');
  const hashMs: number[] = [];
  const ms = await interleaved(runs, {
    floor: async () => hashMs.push((await workflowFloor(text)).hashMs),
    reader: () => parseJson(text),
    verify: async () => {
      const [result] = (await verifyAll([{ name: 'w.json', text }], { now })).results;
      if (result?.report.verdict !== 'verified') throw new Error('the workflow did not verify');
    },
  });
  const floorHashMs = median(hashMs.slice(1)); // (the first is the untimed round's)
  report(
    `workflow: ${steps} steps, ${(text.length / 1e6).toFixed(1)} MB, medians of ${runs} interleaved runs`,
    2,
    steps,
    'step',
    { floor: ms.floor!, verify: ms.verify!, reading: ms.reader! + floorHashMs },
    `reader ${ms.reader!.toFixed(0)} ms + the floor's hashing ${floorHashMs.toFixed(0)} ms`,
  );
}

{
  const text = buildBatchText(receipts);
  const lines = text.split('\n').filter((line) => line !== '');
  const now = Date.parse('2026-11-29T00:00:00Z');
  let records: ReadRecord[] = [];
  let bytes: Uint8Array[] = [];
  const ms = await interleaved(runs, {
    floor: () => batchFloor(text, hashing),
    'syntax pass': () => lines.forEach((line) => JSON.parse(line)),
    'record read': () => (records = readRecords(lines)),
    'payload read': () => (bytes = readPayloads(records)),
    digests: () => compareDigests(records, bytes, hashing),
    verify: async () => {
      const [result] = (await verifyAll([{ name: 'batch.jsonl', text }], { now })).results;
      if (result?.report.verdict !== 'verified') throw new Error('the batch did not verify');
    },
  });
  const parts = ['syntax pass', 'record read', 'payload read', 'digests'];
  report(
    `batch: ${receipts} receipts as JSON Lines, ${(text.length / 1e6).toFixed(1)} MB, medians of ${runs} interleaved runs`,
    3,
    receipts,
    'receipt',
    {
      floor: ms.floor!,
      verify: ms.verify!,
      reading: parts.reduce((sum, part) => sum + ms[part]!, 0),
    },
    parts.map((part) => `${part} ${ms[part]!.toFixed(0)} ms`).join(', '),
  );
}
