/**
 * Batch benchmark: 10,000 per-call receipts as JSON Lines through verifyAll(), against the floor of
 * JSON.parse on every line plus base64 decoding and SHA-256 of every payload (the least any
 * verifier must do), measured in the same run.
 */
import { createHash } from 'node:crypto';
import { loadHashing, verifyAll, type Hashing } from '../src/core';
import { median, spreadOf, type Spread } from './median';

export interface BatchBenchResult {
  receipts: number;
  textBytes: number;
  runs: number;
  verifyMs: number;
  floorMs: number;
  ratio: number;
  verify: Spread;
  floor: Spread;
  /** verify / floor of each run (they run in turn, so each run's pair saw the same load). */
  ratios: Spread;
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
    verify: spreadOf(verifyTimes),
    floor: spreadOf(floorTimes),
    ratios: spreadOf(verifyTimes.map((ms, i) => ms / floorTimes[i]!)),
    verdict,
  };
}
