/**
 * Table runner for the per-call receipt golden vectors in ./vectors (one JSON file per case).
 * Adding a case means adding a file; test/generators/make-receipt-vectors.ts writes the
 * generated ones.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Check, Report } from '../model/report';
import type { ReceiptDetails } from './details';
import { verify } from '../verify';
import {
  buildVectors,
  serialiseVector,
  SPEC_MINIMAL_PAYLOAD,
  SPEC_MINIMAL_RECEIPT_TEXT,
  type VectorFile,
} from '../../../test/generators/make-receipt-vectors';
import {
  loadReceiptVectorFiles,
  RECEIPT_VECTOR_FOLDER,
  RECEIPT_VECTOR_NOW,
  suppliedOf,
} from '../../../test/support/receipt-vectors';

const HERE = dirname(fileURLToPath(import.meta.url));
const FOLDER = RECEIPT_VECTOR_FOLDER;
const NOW = RECEIPT_VECTOR_NOW;

const vectors = loadReceiptVectorFiles();
const files = vectors.map((v) => v.name);

/** The receipt facts of a receipt report (ReportDetails is open, so narrow by hand). */
function receiptDetails(report: Report): ReceiptDetails | undefined {
  return report.details?.type === 'receipt' ? (report.details as ReceiptDetails) : undefined;
}

/** Every check of a report, batch members' checks included. */
function allChecks(report: Report): Check[] {
  return [...report.checks, ...(report.children ?? []).flatMap(allChecks)];
}

async function run(name: string, vector: VectorFile): Promise<Report> {
  return verify({ name, text: vector.input }, suppliedOf(vector), {
    now: NOW,
    ...vector.policy,
    ...(vector.retrieved_as !== undefined ? { expectedReceiptId: vector.retrieved_as } : {}),
  });
}

describe('receipt golden vectors', () => {
  it('found the vector files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(vectors)('$name', async ({ name, vector }) => {
    expect(typeof vector.description).toBe('string');
    expect(vector.spec).toMatch(/§/);
    const report = await run(name, vector);
    const checks = allChecks(report);
    const failures = checks
      .filter((c) => c.status === 'fail')
      .map((c) => ({ message: c.message, path: c.path }));
    const { expect: want } = vector;

    expect(report.verdict, JSON.stringify(failures)).toBe(want.verdict);
    if (want.verdict === 'failed') {
      expect(want.failures?.length ?? 0, 'a failing vector names its failures').toBeGreaterThan(0);
    } else {
      expect(failures, 'a passing vector has no failures at all').toEqual([]);
    }
    for (const failure of want.failures ?? []) expect(failures).toContainEqual(failure);
    const warnings = checks
      .filter((c) => c.status === 'warning')
      .map((c) => ({ message: c.message, path: c.path }));
    for (const warning of want.warnings ?? []) expect(warnings).toContainEqual(warning);
    if (want.kind !== undefined) expect(report.kind).toBe(want.kind);
    const infos = checks
      .filter((c) => c.status === 'info')
      .map((c) => ({ message: c.message, path: c.path }));
    for (const info of want.infos ?? []) expect(infos).toContainEqual(info);
    for (const [profile, status] of Object.entries(want.profiles ?? {})) {
      expect(report.profiles?.find((p) => p.id === profile)?.status, profile).toBe(status);
    }
    for (const [dimension, status] of Object.entries(want.dimensions ?? {})) {
      expect(report.dimensions[dimension as keyof Report['dimensions']]?.status, dimension).toBe(
        status,
      );
    }
    for (const [rule, status] of Object.entries(want.statuses ?? {})) {
      const found = [...new Set(checks.filter((c) => c.rule === rule).map((c) => c.status))];
      const wanted = Array.isArray(status) ? status : [status];
      expect(found.sort(), rule).toEqual([...new Set(wanted)].sort());
    }
    if (want.canonical_text !== undefined || want.canonical_length !== undefined) {
      const details = receiptDetails(report);
      expect(details).toBeDefined();
      if (details) {
        if (want.canonical_text !== undefined)
          expect(details.canonicalText).toBe(want.canonical_text);
        if (want.canonical_length !== undefined)
          expect(details.canonicalBytes?.length).toBe(want.canonical_length);
      }
    }
  });
});

describe('the generated vectors', () => {
  it('are on disk exactly as make-receipt-vectors.ts writes them (run it after editing)', () => {
    for (const [name, vector] of buildVectors()) {
      expect(files, name).toContain(name);
      expect(readFileSync(join(FOLDER, name), 'utf8'), name).toBe(serialiseVector(vector));
    }
  });

  it('keep the §2.5 worked example verbatim, decoding to the 91-byte payload', async () => {
    const minimal = vectors.find((v) => v.name === 'valid-minimal.json')?.vector;
    expect(minimal?.input).toBe(SPEC_MINIMAL_RECEIPT_TEXT);
    // The format reference in the repository carries the worked example verbatim.
    expect(readFileSync(join(HERE, '../../../docs/format.md'), 'utf8')).toContain(
      SPEC_MINIMAL_RECEIPT_TEXT,
    );
    const report = await verify({ name: 'minimal', text: SPEC_MINIMAL_RECEIPT_TEXT }, [], {
      now: NOW,
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
