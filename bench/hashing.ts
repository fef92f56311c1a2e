/**
 * Hashing benchmark: SHA-256 of one 64 MiB payload with hash-wasm, WebCrypto
 * (`crypto.subtle.digest`) and node:crypto (OpenSSL, the native single-core figure), and the
 * core's `sha256()` (which picks by size, src/core/hash/sha256.ts), measured in the same run;
 * plus many small (64-byte) hashes, the Merkle-tree case, with hash-wasm and node:crypto.
 */
import { createHash } from 'node:crypto';
import { createSHA256 } from 'hash-wasm';
import { loadHashing } from '../src/core';
import { median } from './median';

export interface HashingBenchResult {
  bytes: number;
  runs: number;
  /** Median MB/s (10^6 bytes per second) on the large payload. */
  mbps: { hashWasm: number; webCrypto: number; nodeCrypto: number; core: number };
  /** core / node:crypto on the large payload. */
  coreShareOfNative: number;
  /** Many small hashes: median ns per 64-byte hash. */
  smallNs: { hashWasm: number; nodeCrypto: number; core: number };
}

async function timeRuns(runs: number, work: () => unknown): Promise<number> {
  await work();
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return median(times);
}

export async function benchHashing(
  bytes = 64 * 1024 * 1024,
  runs = 5,
): Promise<HashingBenchResult> {
  const data = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) data[i] = (i * 2654435761) >>> 24;
  const wasm = await createSHA256();
  const core = await loadHashing();
  const expected = createHash('sha256').update(data).digest('hex');
  const hex = (b: Uint8Array | ArrayBuffer): string => Buffer.from(b as Uint8Array).toString('hex');
  const check = (name: string, got: string): void => {
    if (got !== expected) throw new Error(`${name} computed another digest`);
  };
  const mb = (ms: number): number => bytes / 1e6 / (ms / 1000);

  const wasmMs = await timeRuns(runs, () => {
    wasm.init();
    wasm.update(data);
    check('hash-wasm', hex(wasm.digest('binary')));
  });
  const webMs = await timeRuns(runs, async () => {
    check('WebCrypto', hex(await globalThis.crypto.subtle.digest('SHA-256', data)));
  });
  const nodeMs = await timeRuns(runs, () => {
    check('node:crypto', createHash('sha256').update(data).digest('hex'));
  });
  const coreMs = await timeRuns(runs, () => {
    check('core', core.sha256Hex(data));
  });

  const small = new Uint8Array(64);
  const count = 200_000;
  const smallRun = (one: (i: number) => void) => () => {
    for (let i = 0; i < count; i++) {
      small[0] = i & 0xff;
      one(i);
    }
  };
  const ns = (ms: number): number => (ms * 1e6) / count;
  const smallWasm = await timeRuns(
    runs,
    smallRun(() => {
      wasm.init();
      wasm.update(small);
      wasm.digest('binary');
    }),
  );
  const smallNode = await timeRuns(
    runs,
    smallRun(() => createHash('sha256').update(small).digest()),
  );
  const smallCore = await timeRuns(
    runs,
    smallRun(() => core.sha256(small)),
  );

  return {
    bytes,
    runs,
    mbps: { hashWasm: mb(wasmMs), webCrypto: mb(webMs), nodeCrypto: mb(nodeMs), core: mb(coreMs) },
    coreShareOfNative: nodeMs / coreMs,
    smallNs: { hashWasm: ns(smallWasm), nodeCrypto: ns(smallNode), core: ns(smallCore) },
  };
}
