/**
 * Table runner for the per-call receipt golden vectors in ./vectors (one JSON file per case).
 * Adding a case means adding a file; test/generators/make-receipt-vectors.ts writes the
 * generated ones.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Check, Report } from '../report';
import type { ReceiptDetails } from './details';
import { verify, type InputDocument } from '../verify';
import { REQUIRED_MEMBERS } from './rules';
import {
  buildVectors,
  serialiseVector,
  SPEC_MINIMAL_PAYLOAD,
  SPEC_MINIMAL_RECEIPT_TEXT,
  VECTOR_NOW,
  type VectorFile,
} from '../../../test/generators/make-receipt-vectors';

const HERE = dirname(fileURLToPath(import.meta.url));
const FOLDER = join(HERE, 'vectors');
const NOW = Date.parse(VECTOR_NOW);

const files = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.json'))
  .sort();
const vectors = files.map((name) => ({
  name,
  vector: JSON.parse(readFileSync(join(FOLDER, name), 'utf8')) as VectorFile,
}));

/** The receipt facts of a receipt report (ReportDetails is open, so narrow by hand). */
function receiptDetails(report: Report): ReceiptDetails | undefined {
  return report.details?.type === 'receipt' ? (report.details as ReceiptDetails) : undefined;
}

/** Every check of a report, batch members' checks included. */
function allChecks(report: Report): Check[] {
  return [...report.checks, ...(report.children ?? []).flatMap(allChecks)];
}

async function run(name: string, vector: VectorFile): Promise<Report> {
  const supplied: InputDocument[] = (vector.supplied ?? []).map((s) =>
    s.base64 !== undefined
      ? { name: s.name, bytes: new Uint8Array(Buffer.from(s.base64, 'base64')) }
      : { name: s.name, text: s.text ?? '' },
  );
  return verify({ name, text: vector.input }, supplied, { now: NOW });
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

  it('cover every rule of rules.ts and evidence.ts both passing and failing', async () => {
    /** Rule id -> statuses seen across all vectors. */
    const seen = new Map<string, Set<string>>();
    for (const { name, vector } of vectors) {
      for (const check of allChecks(await run(name, vector))) {
        const statuses = seen.get(check.rule) ?? new Set<string>();
        statuses.add(check.status);
        seen.set(check.rule, statuses);
      }
    }
    const both = (rule: string): string[] => {
      const statuses = seen.get(rule) ?? new Set<string>();
      return ['pass', 'fail'].filter((s) => !statuses.has(s));
    };
    const missing: string[] = [];
    for (const rule of BOTH_WAYS) {
      const lacking = both(rule);
      if (lacking.length > 0) missing.push(`${rule}: never ${lacking.join(', ')}`);
    }
    for (const [rule, statuses] of Object.entries(OTHER_OUTCOMES)) {
      for (const status of statuses) {
        if (!seen.get(rule)?.has(status)) missing.push(`${rule}: never ${status}`);
      }
    }
    for (const [rule, counterpart] of Object.entries(FAIL_ID_OF_PASS_RULE)) {
      if (!seen.get(rule)?.has('fail')) missing.push(`${rule}: never fail`);
      if (!seen.get(counterpart)?.has('pass')) missing.push(`${counterpart}: never pass`);
    }
    expect(missing).toEqual([]);
  });
});

/** Rules whose one id is reported both as pass and as fail. */
const BOTH_WAYS = [
  'receipt.object',
  'receipt.id.format',
  'receipt.receipt_schema_version.format',
  'receipt.created_at.future',
  'receipt.tool.shape',
  'receipt.provenance_class.known',
  'receipt.canonical_bytes.base64',
  'receipt.canonical_bytes.utf8',
  'receipt.output_hash.format',
  'receipt.output_hash.match',
  'receipt.verification_status',
  'receipt.canonical_byte_length',
  'receipt.inner.receipt_schema_version',
  'receipt.inner.provenance_class',
  'receipt.evidence_sha256.format',
  'receipt.evidence_sha256.match',
  'receipt.evidence_byte_length',
  'receipt.evidence_references.format',
];

/**
 * Rules whose failures carry a more specific id than their pass: fail id -> pass id.
 * (One pass "all eight core members are present" stands for the eight presence rules; one
 * pass "valid RFC 3339 date-time" for the type, shape and calendar failures.)
 */
const FAIL_ID_OF_PASS_RULE: Record<string, string> = {
  ...Object.fromEntries(
    REQUIRED_MEMBERS.map((m) => [`receipt.${m}.present`, 'receipt.members.present']),
  ),
  'receipt.created_at.type': 'receipt.created_at.format',
  'receipt.created_at.rfc3339': 'receipt.created_at.format',
  'receipt.created_at.calendar': 'receipt.created_at.format',
};

/** Rules that by the spec never pass or never fail, with the outcomes they must show. */
const OTHER_OUTCOMES: Record<string, string[]> = {
  // unavailable when canonical_bytes cannot be decoded; not_checked without an evidence file.
  'receipt.output_hash.match': ['unavailable'],
  'receipt.evidence_sha256.match': ['not_checked'],
  // A reference nobody supplied bytes for is not_checked, never a failure.
  'receipt.evidence_references.match': ['pass', 'not_checked'],
  // §2.2: preimage unpublished -> unavailable, never pass or fail.
  'receipt.metadata_hash': ['unavailable'],
  'receipt.inner.depth': ['unavailable'],
  // A committed member written twice can never be shown to agree.
  'receipt.inner.duplicate_member': ['fail'],
  // Information and labelled profile checks never count toward a dimension.
  'receipt.payload.form': ['info'],
  'receipt.result_preview': ['info'],
  'receipt.wrapped': ['info'],
  'profile.reference-producer.inputs': ['warning'],
  'receipt.evidence.none': ['not_checked'],
  'receipt.issuer.unsigned': ['not_checked'],
  'json.duplicate_member': ['fail'],
};

describe('the coverage lists', () => {
  it('name every rule id that rules.ts and evidence.ts can report', () => {
    const ids = new Set<string>();
    for (const file of ['rules.ts', 'evidence.ts']) {
      const source = readFileSync(join(HERE, file), 'utf8');
      for (const match of source.matchAll(/'((?:receipt|profile)\.[A-Za-z0-9_.-]+)'/g)) {
        ids.add(match[1] as string);
      }
      if (source.includes('`receipt.${name}.present`')) {
        for (const m of REQUIRED_MEMBERS) ids.add(`receipt.${m}.present`);
      }
    }
    const listed = new Set([
      ...BOTH_WAYS,
      ...Object.keys(FAIL_ID_OF_PASS_RULE),
      ...Object.values(FAIL_ID_OF_PASS_RULE),
      ...Object.keys(OTHER_OUTCOMES),
    ]);
    expect([...ids].filter((id) => !listed.has(id))).toEqual([]);
    expect(ids.size).toBeGreaterThan(25);
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
    // The spec lives beside the repo in the project workspace; checkouts without it skip this.
    const specPath = join(HERE, '../../../../shared/spec/aer1.md');
    if (existsSync(specPath)) {
      expect(readFileSync(specPath, 'utf8')).toContain(SPEC_MINIMAL_RECEIPT_TEXT);
    }
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
