/** Receipts built for end-to-end tests, with Node's own crypto (independent of the app's code). */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const validReceiptText = readFileSync('src/ui/samples/valid-receipt.json', 'utf8');
export const tamperedReceiptText = readFileSync('src/ui/samples/tampered-receipt.json', 'utf8');

export function makeReceipt(
  payload: object,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const bytes = Buffer.from(JSON.stringify(payload));
  return {
    id: randomUUID(),
    receipt_schema_version: '0.3',
    created_at: '2026-09-27T09:00:00.000Z',
    tool: { name: 'live_price', version: '4.0.0', scope: 'public' },
    provenance_class: 'EXECUTED BY ZAMBO',
    canonical_bytes: bytes.toString('base64'),
    output_hash: 'sha256:' + createHash('sha256').update(bytes).digest('hex'),
    verification_status: 'verified',
    ...overrides,
  };
}

/** JSON Lines of n receipts; those at `tampered` indexes carry a digest of other bytes. */
export function receiptBatch(n: number, tampered: number[]): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const receipt = makeReceipt({ tool: 'live_price', inputs: { i }, outputs: { price: 100 + i } });
    if (tampered.includes(i))
      receipt.output_hash = 'sha256:' + createHash('sha256').update(`other ${i}`).digest('hex');
    lines.push(JSON.stringify(receipt));
  }
  return lines.join('\n') + '\n';
}
