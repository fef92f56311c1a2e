/**
 * The large-payload pre-pass on the browser's path, under Node: WebCrypto is injected as the
 * only native digest (as in a Worker). Reports must be the same with and without it, byte for
 * byte, and the rules must take the pre-pass's decoded bytes and digest instead of their own.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './encoding/base64';
import { bytesToHex } from './encoding/hex';
import { entryDigest, GENESIS_PREV_DIGEST } from './chain/entry-digest';
import { mayHoldLargePayload, PrehashedPayloads } from './hash/prehashed';
import { loadHashing, webCryptoSha256, type AsyncSha256 } from './hash/sha256';
import { LARGE_PAYLOAD_BYTES, prehashLargePayloads } from './large-payloads';
import { detectDocument } from './detect';
import type { ReceiptDetails } from './receipt/details';
import type { VerifiedReport } from './report-details';
import { verifyAll, verifyRecords, type InputDocument, type VerifyOptions } from './verify';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';

const NOW = Date.parse('2026-10-02T00:00:00Z');
const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A JSON payload of about `length` bytes, distinct per seed. */
function payload(length: number, seed = 0): Uint8Array {
  const filler = 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26)).slice(0, length);
  return new TextEncoder().encode(
    JSON.stringify({ tool: 'live_price', inputs: { seed }, outputs: { blob: filler } }),
  );
}

function receipt(bytes: Uint8Array, overrides: Record<string, unknown> = {}): object {
  return {
    ...MINIMAL_RECEIPT,
    canonical_bytes: encodeBase64(bytes),
    output_hash: `sha256:${sha256Hex(bytes)}`,
    ...overrides,
  };
}

const json = (name: string, value: unknown): InputDocument => ({
  name,
  text: JSON.stringify(value, null, 1),
});

/** WebCrypto, recording what it was asked to digest. */
function recordingWebCrypto(): { digest: AsyncSha256; seen: Uint8Array[] } {
  const webCrypto = webCryptoSha256();
  if (!webCrypto) throw new Error('this Node has no WebCrypto');
  const seen: Uint8Array[] = [];
  return {
    seen,
    digest: (data) => {
      seen.push(data);
      return webCrypto(data);
    },
  };
}

async function reportsOf(
  inputs: InputDocument[],
  options: VerifyOptions,
): Promise<VerifiedReport[]> {
  const { results } = await verifyAll(inputs, { now: NOW, ...options });
  return results.map((r) => r.report);
}

/** Verified without the pre-pass and with it: the reports, which must be identical. */
async function bothWays(
  inputs: InputDocument[],
  options: VerifyOptions = {},
): Promise<{ reports: VerifiedReport[]; seen: Uint8Array[] }> {
  const without = await reportsOf(inputs, { ...options, asyncSha256: null });
  const { digest, seen } = recordingWebCrypto();
  const withPrePass = await reportsOf(inputs, { ...options, asyncSha256: digest });
  expect(JSON.stringify(withPrePass)).toBe(JSON.stringify(without));
  expect(withPrePass).toEqual(without);
  return { reports: withPrePass, seen };
}

const failures = (report: VerifiedReport) =>
  report.checks
    .filter((c) => c.status === 'fail')
    .map((c) => ({ rule: c.rule, path: c.path, expected: c.expected, found: c.found }));

describe('large-payload pre-pass (WebCrypto, as in the browser)', () => {
  const big = payload(LARGE_PAYLOAD_BYTES + 1000);

  it('digests a large canonical_bytes once, natively, and the receipt verifies as without it', async () => {
    const { reports, seen } = await bothWays([json('big.json', receipt(big))]);
    expect(reports[0]!.verdict).toBe('verified');
    expect(seen.map((b) => b.length)).toEqual([big.length]);
    // Decoded once: the rule's bytes are the very bytes the pre-pass decoded and digested.
    expect((reports[0]!.details as ReceiptDetails).canonicalBytes).toBe(seen[0]);
  });

  it('leaves payloads under the threshold to the synchronous hash', async () => {
    const small = payload(LARGE_PAYLOAD_BYTES - 200);
    expect(small.length).toBeLessThan(LARGE_PAYLOAD_BYTES);
    const { reports, seen } = await bothWays([json('small.json', receipt(small))]);
    expect(reports[0]!.verdict).toBe('verified');
    expect(seen).toEqual([]);
  });

  it('a mismatching large payload still fails with its expected and found digests', async () => {
    const other = payload(LARGE_PAYLOAD_BYTES + 1000, 1);
    const tampered = receipt(big, { output_hash: `sha256:${sha256Hex(other)}` });
    const { reports, seen } = await bothWays([json('tampered.json', tampered)]);
    expect(reports[0]!.verdict).toBe('failed');
    expect(failures(reports[0]!)).toContainEqual({
      rule: 'receipt.output_hash.match',
      path: '/output_hash',
      expected: `sha256:${sha256Hex(big)}`,
      found: `sha256:${sha256Hex(other)}`,
    });
    expect(seen).toHaveLength(1);
  });

  it('an invalid large base64 still gets its own rule, and nothing is digested', async () => {
    const text = encodeBase64(big);
    const broken = receipt(big, { canonical_bytes: `${text.slice(0, 5000)}!${text.slice(5001)}` });
    const unpadded = receipt(big, { canonical_bytes: text.replace(/={1,2}$/, '') });
    const { reports, seen } = await bothWays([
      json('broken.json', broken),
      json('unpadded.json', unpadded),
    ]);
    for (const report of reports) {
      expect(report.verdict).toBe('failed');
      expect(failures(report).map((f) => f.rule)).toContain('receipt.canonical_bytes.base64');
    }
    expect(
      reports[0]!.checks.find((c) => c.rule === 'receipt.canonical_bytes.base64')?.detail,
    ).toBe('character at index 5000 is not in the standard base64 alphabet');
    expect(seen).toEqual([]);
  });

  it('takes the digest the pre-pass computed: the rules do not hash the payload again', async () => {
    // A digest that lies shows in the report only if the rules used it instead of their own.
    const lie: AsyncSha256 = () => Promise.resolve(new Uint8Array(32).fill(7));
    const [report] = await reportsOf([json('big.json', receipt(big))], { asyncSha256: lie });
    expect(failures(report!)).toContainEqual({
      rule: 'receipt.output_hash.match',
      path: '/output_hash',
      expected: `sha256:${'07'.repeat(32)}`,
      found: `sha256:${sha256Hex(big)}`,
    });
  });

  it('covers batch members, wrapped receipts and duplicates of one payload', async () => {
    const second = payload(LARGE_PAYLOAD_BYTES * 2, 2);
    const batch = [
      receipt(big),
      { envelope: { receipt: receipt(second) } },
      receipt(payload(100, 3)),
      receipt(big, { id: '0b9d2c4e-1c6a-4d0e-9b7a-3f1e2d4c5b6a' }),
      receipt(second, { output_hash: `sha256:${sha256Hex(big)}` }),
    ];
    const { reports, seen } = await bothWays([json('batch.json', batch)]);
    expect(reports[0]!.kind).toBe('batch');
    expect(reports[0]!.children?.map((c) => c.verdict)).toEqual([
      'verified',
      'verified',
      'verified',
      'verified',
      'failed',
    ]);
    expect(seen.map((b) => b.length).sort((a, b) => a - b)).toEqual([big.length, second.length]);
  });

  it('reads only the long records of a batch read one record at a time, and keeps none', async () => {
    const lines = [receipt(payload(100, 5)), receipt(big), receipt(payload(200, 6))];
    const text = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
    const doc = detectDocument({ name: 'batch.jsonl', text });
    const records = doc.records!;
    const reads: number[] = [];
    const read = records.read.bind(records);
    records.read = (index) => (reads.push(index), read(index));
    const { digest, seen } = recordingWebCrypto();
    await prehashLargePayloads(await loadHashing(), [doc], [], digest);
    // Only the record that can hold a large payload is parsed, and the batch's root has not
    // read (and kept) all of them through its items.
    expect(reads).toEqual([1]);
    expect(seen.map((b) => b.length)).toEqual([big.length]);
    const again = await bothWays([{ name: 'batch.jsonl', text }]);
    expect(again.reports[0]!.children?.map((c) => c.verdict)).toEqual([
      'verified',
      'verified',
      'verified',
    ]);
  });

  it('digests a supplied evidence file, dropped together or supplied with every input', async () => {
    const evidence = payload(LARGE_PAYLOAD_BYTES * 3, 4);
    const withEvidence = receipt(payload(200, 5), {
      evidence_sha256: `sha256:${sha256Hex(evidence)}`,
      evidence_byte_length: evidence.length,
    });
    const file: InputDocument = { name: 'evidence.bin', bytes: evidence };
    const dropped = await bothWays([json('receipt.json', withEvidence), file]);
    expect(dropped.reports).toHaveLength(1);
    const match = dropped.reports[0]!.checks.find(
      (c) => c.rule === 'receipt.evidence_sha256.match',
    );
    expect(match?.status).toBe('pass');
    expect(dropped.seen).toEqual([evidence]);

    const cli = await bothWays([json('receipt.json', withEvidence)], {
      group: false,
      supplied: [file],
    });
    expect(cli.reports[0]!.verdict).toBe('verified');
    expect(cli.seen).toEqual([evidence]);
  });

  it('covers a timeline entry, whose digest chain uses the payload hash', async () => {
    const hashing = await loadHashing();
    const bytes = payload(LARGE_PAYLOAD_BYTES + 5, 6);
    const entry = {
      id: 'r-1',
      job_id: 'job-1',
      seq: 1,
      tool: 'price_lookup',
      provenance_class: 'LOGGED BY AGENT',
      canonical_bytes: encodeBase64(bytes),
      prev_digest: GENESIS_PREV_DIGEST,
      close: true,
    };
    const final = entryDigest(hashing, {
      close: true,
      id: 'r-1',
      jobId: 'job-1',
      outputHash: sha256Hex(bytes),
      prevDigest: GENESIS_PREV_DIGEST,
      provenanceClass: 'LOGGED BY AGENT',
      seq: 1,
      tool: 'price_lookup',
    });
    const commitment = {
      job_id: 'job-1',
      final_entry_digest: final,
      entry_count: 1,
      published_at: '2026-10-01T18:30:00Z',
    };
    const timeline = { timeline: [entry], commitment };
    const { reports, seen } = await bothWays([json('timeline.json', timeline)]);
    expect(reports[0]!.kind).toBe('timeline');
    expect(failures(reports[0]!)).toEqual([]);
    expect(seen.map((b) => b.length)).toEqual([bytes.length]);
  });

  it('verifyRecords (streamed JSON Lines) gives the same reports with it', async () => {
    const tampered = receipt(big, { output_hash: `sha256:${'0'.repeat(64)}` });
    const inputs = [json('1', receipt(big)), json('2', tampered)];
    const without = await verifyRecords(inputs, { now: NOW, asyncSha256: null });
    const { digest, seen } = recordingWebCrypto();
    const withPrePass = await verifyRecords(inputs, { now: NOW, asyncSha256: digest });
    expect(JSON.stringify(withPrePass)).toBe(JSON.stringify(without));
    expect(withPrePass.map((r) => r.verdict)).toEqual(['verified', 'failed']);
    expect(seen).toHaveLength(2);
  });
});

describe('prehashLargePayloads', () => {
  it('returns the Hashing it was given when there is nothing large, or no async digest', async () => {
    const hashing = await loadHashing();
    const { digest, seen } = recordingWebCrypto();
    const small = detectDocument(json('small.json', receipt(payload(100))));
    expect(await prehashLargePayloads(hashing, [small], [], digest)).toBe(hashing);
    const big = detectDocument(json('big.json', receipt(payload(LARGE_PAYLOAD_BYTES))));
    expect(await prehashLargePayloads(hashing, [big], [], null)).toBe(hashing);
    // On Node the default is none: node:crypto already hashes synchronously.
    expect(await prehashLargePayloads(hashing, [big])).toBe(hashing);
    expect(seen).toEqual([]);
  });
});

describe('mayHoldLargePayload (whether the pipeline loads the pre-pass at all)', () => {
  it('is false only for a document too small to hold LARGE_PAYLOAD_BYTES of anything', () => {
    const text = (units: number, char = 'a') =>
      detectDocument({ name: 't', text: char.repeat(units) });
    expect(mayHoldLargePayload(text(5000))).toBe(false);
    // Three UTF-8 bytes per unit: 5,462 of them are 16,386 bytes, enough for a large file.
    expect(mayHoldLargePayload(text(Math.ceil(LARGE_PAYLOAD_BYTES / 3), '\u20ac'))).toBe(true);
    const binary = (length: number) =>
      detectDocument({ name: 'b', bytes: new Uint8Array(length).fill(0xff) });
    expect(mayHoldLargePayload(binary(LARGE_PAYLOAD_BYTES - 1))).toBe(false);
    expect(mayHoldLargePayload(binary(LARGE_PAYLOAD_BYTES))).toBe(true);
  });
});

describe('PrehashedPayloads', () => {
  const bytes = payload(LARGE_PAYLOAD_BYTES);
  const text = encodeBase64(bytes);
  const digest = new Uint8Array(32).fill(1);

  it('hands the decoded bytes over once, then decodes again with the same digest', () => {
    const cache = new PrehashedPayloads(LARGE_PAYLOAD_BYTES);
    cache.addDecoded(text, bytes, digest, true);
    const first = cache.decode(text);
    expect(first.ok && first.bytes).toBe(bytes);
    const second = cache.decode(text);
    expect(second.ok && second.bytes).not.toBe(bytes);
    expect(second.ok && bytesToHex(second.bytes)).toBe(bytesToHex(bytes));
    expect(second.ok && cache.digestOf(second.bytes)).toBe(digest);
  });

  it('keeps only the digest when asked not to keep the bytes', () => {
    const cache = new PrehashedPayloads(LARGE_PAYLOAD_BYTES);
    cache.addDecoded(text, bytes, digest, false);
    const decoded = cache.decode(text);
    expect(decoded.ok && decoded.bytes).not.toBe(bytes);
    expect(decoded.ok && cache.digestOf(decoded.bytes)).toBe(digest);
  });

  it('answers only for bytes at least as long as its threshold', () => {
    const cache = new PrehashedPayloads(LARGE_PAYLOAD_BYTES);
    const short = bytes.subarray(0, LARGE_PAYLOAD_BYTES - 1);
    cache.addBytes(short, digest);
    cache.addBytes(bytes, digest);
    expect(cache.digestOf(short)).toBeUndefined();
    expect(cache.digestOf(bytes)).toBe(digest);
  });
});
