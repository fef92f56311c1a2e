/**
 * Batch benchmark: 10,000 per-call receipts as JSON Lines through verifyAll(), against the floor of
 * JSON.parse on every line plus base64 decoding and SHA-256 of every payload (the least any
 * verifier must do), measured in the same run.
 *
 * Round 2 (2026-12-01, loaded 2-core machine; the previous commit's core and this one imported
 * side by side in one process, interleaved with the floor, 21 runs each, median wall time):
 * 11.0× → 6.9× the floor (CPU time 12.2× → 7.9×). What went: anchored values computed for
 * receipts with no anchor and nothing supplied, a context and closure per member, a name index
 * per receipt for kind tests, the sorted payload written out for payloads whose keys are out of
 * order, profile lines filtering the checks once per profile, checks and ranges that grew
 * their property store after creation, a WeakSet entry per parse. What remains is mostly the
 * collector (about a third: every record's tree is kept until the batch ends, as detection
 * parses the whole file first) and the two parses per record (the record and its payload).
 *
 * Round 3 (2026-12-01, 2-core machine loaded by three other sessions; main at 745d217 and this
 * core imported side by side, interleaved with the floor, 15 runs each, three processes):
 * records are verified one at a time (src/core/batch-records.ts), each tree let go of before
 * the next. Median wall time 392–674 → 164–240 ms against a floor of 39–60 ms: 9.2–11.3× →
 * 3.6–4.2× the floor (CPU time 9.9–10.0× → 3.9–4.1×). The same 10,000 receipts as one JSON array:
 * CPU time 9.3–10.3× → 3.9–4.0×. What remains is the rules themselves (about 17 checks with
 * pointers and positions per receipt). Caveat: with the 100,000-step workflow verified first
 * in the same process, as run.ts orders it, there was no gain (CPU 8.3–9.0× → 7.5–8.8×): after
 * one large tree V8 pretenures the JSON reader's allocation sites, so every later short-lived
 * tree is made in the old generation. Measured on a scratch copy of json/parse.ts, making a
 * node's item and member arrays with Array.of() and member records with a class (not
 * literals, which are allocation sites) brought 10,000 records parsed after that workflow from
 * 139–758 ms to 17–78 ms.
 *
 * Round 4 (2026-12-01, quiet machine, after the JSON reader stopped making member records and
 * array literals): the caveat is gone. verifyAll() on the batch, median of the bench's runs,
 * fresh process 141–146 ms, after the workflow 148–191 ms, after the workflow and a full
 * collection 145–147 ms; floor 27–37 ms, so 4.5–5.4× either way.
 */
import { createHash } from 'node:crypto';
import { loadHashing, verifyAll, type Hashing } from '../src/core';
import { median } from './median';

export interface BatchBenchResult {
  receipts: number;
  textBytes: number;
  runs: number;
  verifyMs: number;
  floorMs: number;
  ratio: number;
  verdict: string;
}

export function buildBatchText(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const payload = Buffer.from(
      JSON.stringify({
        tool: 'live_price',
        inputs: { pair: 'BTC/USD', i },
        outputs: { price_usd: 97000 + i },
      }),
    );
    const hex = createHash('sha256').update(payload).digest('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    lines.push(
      JSON.stringify({
        id,
        receipt_schema_version: '0.3',
        created_at: '2026-09-27T09:00:00.000Z',
        tool: { name: 'live_price', version: '4.0.0', scope: 'public' },
        provenance_class: 'EXECUTED BY ZAMBO',
        canonical_bytes: payload.toString('base64'),
        output_hash: `sha256:${hex}`,
        verification_status: 'verified',
      }),
    );
  }
  return lines.join('\n') + '\n';
}

/** The least any verifier must do per line: parse it, decode its payload, hash it, compare. */
export function batchFloor(text: string, hashing: Hashing): void {
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const receipt = JSON.parse(line) as { canonical_bytes: string; output_hash: string };
    const digest = hashing.sha256Hex(Buffer.from(receipt.canonical_bytes, 'base64'));
    if (`sha256:${digest}` !== receipt.output_hash) throw new Error('floor found a mismatch');
  }
}

export async function benchBatch(count = 10_000, runs = 5): Promise<BatchBenchResult> {
  const text = buildBatchText(count);
  const hashing = await loadHashing();
  const now = Date.parse('2026-11-29T00:00:00Z');
  const verifyTimes: number[] = [];
  const floorTimes: number[] = [];
  let verdict = '';
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    const { results } = await verifyAll([{ name: 'batch.jsonl', text }], { now });
    verifyTimes.push(performance.now() - start);
    verdict = results[0]!.report.verdict;

    start = performance.now();
    batchFloor(text, hashing);
    floorTimes.push(performance.now() - start);
  }
  const verifyMs = median(verifyTimes);
  const floorMs = median(floorTimes);
  return {
    receipts: count,
    textBytes: text.length,
    runs,
    verifyMs,
    floorMs,
    ratio: verifyMs / floorMs,
    verdict,
  };
}
