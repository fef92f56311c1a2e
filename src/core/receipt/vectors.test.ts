/**
 * The per-call receipt golden vectors in ./vectors: each names the spec section it comes from,
 * the generated ones are on disk exactly as test/generators/make-receipt-vectors.ts writes them,
 * and the §2.5 worked example is kept verbatim. Every vector's expectation is checked by the one
 * table runner (src/conformance/golden-vectors.test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Report } from '../model/report';
import type { ReceiptDetails } from './details';
import { verify } from '../verify';
import {
  buildVectors,
  serialiseVector,
  SPEC_MINIMAL_PAYLOAD,
  SPEC_MINIMAL_RECEIPT_TEXT,
  VECTOR_NOW,
} from '../../../test/generators/make-receipt-vectors';
import { vectorCases } from '../../../test/support/vector-files';

const HERE = dirname(fileURLToPath(import.meta.url));
const FOLDER = join(HERE, 'vectors');
const vectors = vectorCases().filter((v) => v.suite === 'receipt');

/** The receipt facts of a receipt report (ReportDetails is open, so narrow by hand). */
function receiptDetails(report: Report): ReceiptDetails | undefined {
  return report.details?.type === 'receipt' ? (report.details as ReceiptDetails) : undefined;
}

describe('receipt golden vectors', () => {
  it('found the vector files', () => {
    expect(vectors.length).toBeGreaterThan(100);
  });

  it.each(vectors)('$name names its spec section', (vector) => {
    expect(vector.description).toMatch(/\S/);
    expect(vector.spec).toMatch(/§/);
  });
});

describe('the generated vectors', () => {
  it('are on disk exactly as make-receipt-vectors.ts writes them (run it after editing)', () => {
    const names = vectors.map((v) => v.name.replace(/^receipt\//, ''));
    for (const [name, vector] of buildVectors()) {
      expect(names, name).toContain(name);
      expect(readFileSync(join(FOLDER, name), 'utf8'), name).toBe(serialiseVector(vector));
    }
  });

  it('keep the §2.5 worked example verbatim, decoding to the 91-byte payload', async () => {
    const minimal = vectors.find((v) => v.name === 'receipt/valid-minimal.json');
    expect(minimal?.document.text).toBe(SPEC_MINIMAL_RECEIPT_TEXT);
    // The format reference in the repository carries the worked example verbatim.
    expect(readFileSync(join(HERE, '../../../docs/format.md'), 'utf8')).toContain(
      SPEC_MINIMAL_RECEIPT_TEXT,
    );
    const report = await verify({ name: 'minimal', text: SPEC_MINIMAL_RECEIPT_TEXT }, [], {
      now: Date.parse(VECTOR_NOW),
    });
    expect(report.verdict).toBe('verified');
    const details = receiptDetails(report);
    expect(details).toBeDefined();
    if (!details) return;
    expect(details.canonicalText).toBe(SPEC_MINIMAL_PAYLOAD);
    expect(details.canonicalBytes?.length).toBe(91);
    expect(new TextEncoder().encode(SPEC_MINIMAL_PAYLOAD).length).toBe(91);
    expect(details.computedOutputHash).toBe(
      'sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7',
    );
    expect(details.id).toBe('b6c63ac5-f324-4fa7-ad58-c4bf83faa86a');
    expect(details.tool).toEqual({ name: 'live_price', version: '4.0.0', scope: 'public' });
    expect(details.provenanceClass).toBe('EXECUTED BY ZAMBO');
  });
});
