/**
 * Writes the per-call receipt golden vectors (spec §2) into src/core/receipt/vectors/, one JSON
 * file per case, named after what it carries. Base64 and SHA-256 values come from Node's Buffer
 * and crypto, not from the code under test, so a vector is an independent statement of what the
 * spec says.
 *
 *   npx tsx test/generators/make-receipt-vectors.ts [--out <folder>]
 *
 * Deterministic: no clock, no randomness. vectors.test.ts checks that every file this script
 * makes is on disk unchanged, so edit this script rather than a generated file. Hand-written
 * cases (files this script does not make) are welcome too: the runner reads every file.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * One case as this script states it: the receipt text exactly as bytes/whitespace/duplicates
 * matter, and the verdict. It is written in the one vector format (toVectorFile).
 */
interface ReceiptCase {
  description: string;
  /** Where in docs/spec (spec/aer1.md) the rule comes from. */
  spec: string;
  /** The document as text, so exact whitespace, escapes and duplicate names are preserved. */
  input: string;
  /** Other documents supplied alongside (evidence files): text, or bytes as base64. */
  supplied?: { name: string; text?: string; base64?: string }[];
  /** When set, the receipt was fetched by this id (spec §2.4 step 1): it must carry it. */
  retrieved_as?: string;
  /** A consumer clock policy to verify under (VerifyOptions maxFutureMs / maxAgeMs). */
  policy?: { maxFutureMs?: number; maxAgeMs?: number };
  expect: VectorExpectation;
}

interface VectorExpectation {
  verdict: 'verified' | 'failed' | 'incomplete';
  /** A subset of the six dimensions. */
  dimensions?: Partial<Record<string, 'pass' | 'fail' | 'not_checked' | 'unavailable'>>;
  /** Each must appear (message and JSON pointer) among the failed checks. */
  failures?: { message: string; path: string }[];
  /** Each must appear (message and JSON pointer) among the warnings. */
  warnings?: { message: string; path: string }[];
  /** Profile id -> the status of its line in report.profiles (src/core/profiles.ts). */
  profiles?: Record<string, string>;
  /**
   * Rule id -> status: every check with that id has that status (and there is one).
   * Rule id -> [statuses]: the set of statuses seen for that id is exactly this set.
   */
  statuses?: Record<string, string | string[]>;
  /** The kind detection gives the document (report.kind), e.g. a wrapper's. */
  kind?: string;
  /** Each must appear (message and JSON pointer) among the information checks. */
  infos?: { message: string; path: string }[];
  /** The decoded canonical_bytes as text (report.details.canonicalText). */
  canonical_text?: string;
  /** The decoded canonical_bytes length. */
  canonical_length?: number;
}

// ---- Reference values ------------------------------------------------------------------------

/** Spec §2.5, copied verbatim (line breaks and leading spaces included): it must verify. */
export const SPEC_MINIMAL_RECEIPT_TEXT = `{"id":"b6c63ac5-f324-4fa7-ad58-c4bf83faa86a","receipt_schema_version":"0.3",
 "created_at":"2026-09-27T09:00:00.000Z","tool":{"name":"live_price","version":"4.0.0","scope":"public"},
 "provenance_class":"EXECUTED BY ZAMBO",
 "canonical_bytes":"eyJ0b29sIjoibGl2ZV9wcmljZSIsImlucHV0cyI6eyJwYWlyIjoiQlRDL1VTRCJ9LCJvdXRwdXRzIjp7InByaWNlX3VzZCI6OTc0MTIuNTV9LCJtcyI6MTA4fQ==",
 "output_hash":"sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7",
 "verification_status":"verified"}`;

/** Spec §2.5: what those bytes decode to (91 bytes). */
export const SPEC_MINIMAL_PAYLOAD =
  '{"tool":"live_price","inputs":{"pair":"BTC/USD"},"outputs":{"price_usd":97412.55},"ms":108}';

/** The fixed "now" of every vector: 2026-11-29T00:00:00Z. */
export const VECTOR_NOW = '2026-11-29T00:00:00Z';

const SPEC_MINIMAL_BASE64 =
  'eyJ0b29sIjoibGl2ZV9wcmljZSIsImlucHV0cyI6eyJwYWlyIjoiQlRDL1VTRCJ9LCJvdXRwdXRzIjp7InByaWNlX3VzZCI6OTc0MTIuNTV9LCJtcyI6MTA4fQ==';
const SPEC_MINIMAL_HASH = 'sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7';

/** Reference failure messages of spec §2.1 (the de-facto rule identifiers). */
const MSG = {
  notObject: 'receipt is not a JSON object',
  missing: (name: string) => `missing required member: ${name}`,
  id: 'id is not a lowercase UUID',
  version: 'receipt_schema_version is not a non-empty string',
  createdAtType: 'created_at is not a string',
  createdAtShape: 'created_at is not RFC 3339',
  createdAtCalendar: 'created_at is not a valid calendar date/time',
  tool: 'tool is not an object with name/version/scope strings',
  provenance: 'provenance_class is not a known class',
  base64: 'canonical_bytes is not valid base64',
  utf8: 'canonical_bytes is not valid UTF-8',
  hashFormat: 'output_hash is not sha256: + lowercase hex digest',
  hashMatch: 'output_hash does not match sha256(canonical_bytes)',
  status: 'verification_status is not verified',
} as const;

/** Our own wording, for the §2.2 checks the reference table gives no message for. */
const OWN = {
  future: 'created_at is in the future',
  byteLength: 'canonical_byte_length does not match the decoded length',
  byteLengthLexeme:
    'canonical_byte_length is the decoded length, but written with a fraction or an exponent',
  innerVersion: 'receipt_schema_version does not match the version committed in canonical_bytes',
  innerClass:
    'provenance_class does not match issuer_claims.provenance_class committed in canonical_bytes',
  duplicate: (name: string) => `duplicate member name: ${name}`,
  evidenceFormat: 'evidence_sha256 is not sha256: + lowercase hex digest',
  evidenceNoMatch: 'no supplied file matches evidence_sha256',
  evidenceLength: 'evidence_byte_length does not match the supplied evidence',
  retrievedId: 'the retrieved receipt id does not equal the id asked for',
  referenceFormat: (i: number) =>
    `evidence_references[${i}].canonical_sha256 is not sha256-<lowercase hex>`,
} as const;

const CORE_MEMBERS = [
  'id',
  'receipt_schema_version',
  'created_at',
  'tool',
  'provenance_class',
  'canonical_bytes',
  'output_hash',
  'verification_status',
] as const;

// ---- Helpers (Node's own Buffer and crypto) --------------------------------------------------

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Receipt = Record<string, Json>;

function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function base64(bytes: Buffer | string): string {
  return (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).toString('base64');
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`make-vectors: ${message}`);
}

const MINIMAL: Receipt = {
  id: 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a',
  receipt_schema_version: '0.3',
  created_at: '2026-09-27T09:00:00.000Z',
  tool: { name: 'live_price', version: '4.0.0', scope: 'public' },
  provenance_class: 'EXECUTED BY ZAMBO',
  canonical_bytes: SPEC_MINIMAL_BASE64,
  output_hash: SPEC_MINIMAL_HASH,
  verification_status: 'verified',
};

/** The minimal receipt with members replaced in place (or appended), some removed. */
function receiptWith(changes: Receipt = {}, omit: readonly string[] = []): Receipt {
  const out: Receipt = {};
  for (const [key, value] of Object.entries(MINIMAL)) {
    if (omit.includes(key)) continue;
    out[key] = key in changes ? (changes[key] as Json) : value;
  }
  for (const [key, value] of Object.entries(changes)) if (!(key in out)) out[key] = value;
  return out;
}

/** A receipt committing these payload bytes, with a correct output_hash. */
function receiptOver(payload: Buffer | string, changes: Receipt = {}): Receipt {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return receiptWith({
    canonical_bytes: base64(bytes),
    output_hash: `sha256:${sha256Hex(bytes)}`,
    ...changes,
  });
}

function text(value: Json): string {
  return JSON.stringify(value);
}

const ALL_PASS_DIMENSIONS = {
  byte_integrity: 'pass',
  schema_validity: 'pass',
  issuer_authenticity: 'not_checked',
  evidence_linkage: 'not_checked',
  anchor_verification: 'not_checked',
  chain_integrity: 'not_checked',
} as const;

function valid(
  description: string,
  spec: string,
  input: string,
  extra: Partial<VectorExpectation> = {},
): ReceiptCase {
  return {
    description,
    spec,
    input,
    expect: { verdict: 'verified', ...extra },
  };
}

function failing(
  description: string,
  spec: string,
  input: string,
  failures: { message: string; path: string }[],
  extra: Partial<VectorExpectation> = {},
): ReceiptCase {
  return { description, spec, input, expect: { verdict: 'failed', failures, ...extra } };
}

// ---- The vectors -----------------------------------------------------------------------------

export function buildVectors(): Map<string, VectorFile> {
  const v = new Map<string, VectorFile>();
  const add = (name: string, file: ReceiptCase): void => {
    assert(!v.has(`${name}.json`), `duplicate vector name ${name}`);
    v.set(`${name}.json`, toVectorFile(file));
  };

  // Self-checks of the reference values with Node's own primitives.
  const minimalBytes = Buffer.from(SPEC_MINIMAL_BASE64, 'base64');
  assert(minimalBytes.toString('utf8') === SPEC_MINIMAL_PAYLOAD, 'spec payload text');
  assert(minimalBytes.length === 91, 'spec payload is 91 bytes');
  assert(`sha256:${sha256Hex(minimalBytes)}` === SPEC_MINIMAL_HASH, 'spec output_hash');
  assert(text(JSON.parse(SPEC_MINIMAL_RECEIPT_TEXT) as Json) === text(MINIMAL), 'spec receipt');

  // -- §2.5 worked examples ------------------------------------------------------------------
  add(
    'valid-minimal',
    valid(
      'The minimal valid receipt of the reference kit, copied verbatim from the spec (line breaks included). Its payload carries unsorted keys, which is not a failure.',
      '§2.5 worked example; §2.2 canonical form',
      SPEC_MINIMAL_RECEIPT_TEXT,
      {
        dimensions: { ...ALL_PASS_DIMENSIONS },
        canonical_text: SPEC_MINIMAL_PAYLOAD,
        canonical_length: 91,
        statuses: {
          'receipt.output_hash.match': 'pass',
          'receipt.payload.form': 'info',
          'receipt.created_at.future': 'pass',
        },
      },
    ),
  );

  // The live example's 520 bytes are not in the spec, so this vector keeps the live record's
  // shape and identity (id, tool, time) over a synthetic 520-byte payload in producer form.
  const livePayload = (() => {
    const base = {
      inputs: { pair: 'BTC/USD', source: 'aggregate' },
      ms: 131,
      note: '',
      outputs: { currency: 'USD', price_usd: 97412.55, quoted_at: '2026-09-23T23:45:20.629Z' },
      tool: 'live_price',
      venue_labels: ['Börse Stuttgart', 'Kraken', 'Coinbase', '€ reference'],
    };
    const without = Buffer.byteLength(JSON.stringify(base), 'utf8');
    base.note = 'x'.repeat(520 - without);
    const out = JSON.stringify(base);
    assert(Buffer.byteLength(out, 'utf8') === 520, 'live payload is 520 bytes');
    return out;
  })();
  const liveEvidence = JSON.stringify({
    request: { pair: 'BTC/USD' },
    responses: [{ venue: 'Kraken', price: '97412.60' }],
  });
  const liveReceipt: Receipt = {
    ...receiptOver(livePayload, {
      id: '130da435-e157-498e-af90-605866a86a27',
      created_at: '2026-09-23T23:45:20.760Z',
    }),
    hash_algorithm: 'sha256',
    canonical_byte_length: 520,
    result_preview: 'BTC/USD 97,412.55',
    caller: { kind: 'api', label: 'docs example' },
    side_effects: [],
    evidence_sha256: `sha256:${sha256Hex(liveEvidence)}`,
    evidence_url: 'https://zambo.dev/api/receipt/130da435-e157-498e-af90-605866a86a27/evidence',
    evidence_byte_length: Buffer.byteLength(liveEvidence, 'utf8'),
    checks: { output_hash: 'pass', anchor: 'published' },
  };
  add(
    'valid-live-example-shape',
    valid(
      "The hosted record's shape (§2.6 extra members: hash_algorithm, canonical_byte_length, result_preview, caller, side_effects, evidence_*, the publisher's checks) with the draft's live example id, tool and time. The live 520 bytes (output_hash sha256:0492c18e…) are not in the spec, so the payload here is synthetic (520 bytes, key-sorted compact JSON with literal UTF-8) and output_hash is its own digest. No evidence file is supplied, so evidence linkage is unavailable (present, not checkable here). The anchor member is left to the §5 vectors.",
      '§2.5 live example; §2.6 hosted record',
      JSON.stringify(liveReceipt, null, 2),
      {
        dimensions: { ...ALL_PASS_DIMENSIONS, evidence_linkage: 'unavailable' },
        canonical_length: 520,
        statuses: {
          'receipt.canonical_byte_length': 'pass',
          'receipt.evidence_sha256.match': 'unavailable',
          'receipt.result_preview': 'info',
          'receipt.payload.form': 'info',
        },
      },
    ),
  );

  // -- §2.1 id ---------------------------------------------------------------------------------
  add(
    'id-uppercase',
    failing(
      'id in uppercase hex.',
      '§2.1 id; §2.5 must fail',
      text(receiptWith({ id: 'B6C63AC5-F324-4FA7-AD58-C4BF83FAA86A' })),
      [{ message: MSG.id, path: '/id' }],
      { dimensions: { byte_integrity: 'pass', schema_validity: 'fail' } },
    ),
  );
  add(
    'id-trailing-newline',
    failing(
      'id followed by a newline (a `$` that also matches before a final newline would accept it).',
      '§2.1 id; §2.5 must fail',
      text(receiptWith({ id: 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a\n' })),
      [{ message: MSG.id, path: '/id' }],
    ),
  );
  add(
    'id-leading-space',
    failing(
      'id with a leading space.',
      '§2.1 id (no surrounding whitespace)',
      text(receiptWith({ id: ' b6c63ac5-f324-4fa7-ad58-c4bf83faa86a' })),
      [{ message: MSG.id, path: '/id' }],
    ),
  );
  add(
    'id-braced',
    failing(
      'id in the Microsoft braced form.',
      '§2.1 id',
      text(receiptWith({ id: '{b6c63ac5-f324-4fa7-ad58-c4bf83faa86a}' })),
      [{ message: MSG.id, path: '/id' }],
    ),
  );
  add(
    'id-not-a-string',
    failing('id as a number.', '§2.1 id', text(receiptWith({ id: 42 })), [
      { message: MSG.id, path: '/id' },
    ]),
  );
  add(
    'id-any-version',
    valid(
      'A lowercase UUID of version 1 (any version is allowed; only the log-anchor tier demands v4).',
      '§2.1 id (any version)',
      text(receiptWith({ id: 'c232ab00-9414-11ec-b3c8-9f68deced846' })),
    ),
  );

  // -- §2.1 receipt_schema_version -----------------------------------------------------------
  add(
    'receipt_schema_version-empty',
    failing(
      'receipt_schema_version is the empty string.',
      '§2.1 receipt_schema_version',
      text(receiptWith({ receipt_schema_version: '' })),
      [{ message: MSG.version, path: '/receipt_schema_version' }],
    ),
  );
  add(
    'receipt_schema_version-number',
    failing(
      'receipt_schema_version as the number 0.3.',
      '§2.1 receipt_schema_version',
      text(receiptWith({ receipt_schema_version: 0.3 })),
      [{ message: MSG.version, path: '/receipt_schema_version' }],
    ),
  );
  add(
    'receipt_schema_version-0.4',
    valid(
      'Schema 0.4 (late Oct 2026) is a non-empty string like any other.',
      '§2.1 receipt_schema_version',
      text(receiptWith({ receipt_schema_version: '0.4' })),
    ),
  );

  // -- §2.1 created_at -------------------------------------------------------------------------
  const createdAtFail = (name: string, value: Json, message: string, description: string): void =>
    add(
      `created_at-${name}`,
      failing(description, '§2.1 created_at', text(receiptWith({ created_at: value })), [
        { message, path: '/created_at' },
      ]),
    );
  const createdAtValid = (name: string, value: string, description: string): void =>
    add(
      `created_at-${name}`,
      valid(description, '§2.1 created_at', text(receiptWith({ created_at: value })), {
        statuses: { 'receipt.created_at.format': 'pass', 'receipt.created_at.future': 'pass' },
      }),
    );
  createdAtFail(
    '2026-02-30',
    '2026-02-30T09:00:00.000Z',
    MSG.createdAtCalendar,
    'February 30th: the shape is right, the day does not exist (Date.parse accepts it).',
  );
  createdAtFail(
    '2023-02-29',
    '2023-02-29T09:00:00.000Z',
    MSG.createdAtCalendar,
    '29 February of a common year.',
  );
  createdAtFail(
    '1900-02-29',
    '1900-02-29T09:00:00Z',
    MSG.createdAtCalendar,
    '1900 is divisible by 100 but not 400: not a leap year.',
  );
  createdAtValid('2024-02-29', '2024-02-29T09:00:00Z', '29 February of a leap year.');
  createdAtValid('2000-02-29', '2000-02-29T09:00:00Z', '2000 is divisible by 400: a leap year.');
  createdAtFail(
    'offset-plus-24',
    '2026-09-27T09:00:00.000+24:00',
    MSG.createdAtCalendar,
    'Offset hours 24 (at most 23).',
  );
  createdAtFail(
    'offset-minutes-60',
    '2026-09-27T09:00:00+05:60',
    MSG.createdAtCalendar,
    'Offset minutes 60 (at most 59).',
  );
  createdAtValid(
    'offset-minus-23-59',
    '2026-09-27T09:00:00.000-23:59',
    'The largest negative offset, -23:59.',
  );
  createdAtValid('offset-plus-23-59', '2026-09-27T09:00:00+23:59', 'The largest offset, +23:59.');
  createdAtFail('hour-24', '2026-09-27T24:00:00Z', MSG.createdAtCalendar, 'Hour 24 (at most 23).');
  createdAtFail('minute-60', '2026-09-27T09:60:00Z', MSG.createdAtCalendar, 'Minute 60.');
  createdAtFail(
    'leap-second',
    '2026-12-31T23:59:60Z',
    MSG.createdAtCalendar,
    'Second 60: RFC 3339 allows leap seconds, the AER-1 rule (second ≤ 59) does not.',
  );
  createdAtFail('month-13', '2026-13-01T09:00:00Z', MSG.createdAtCalendar, 'Month 13.');
  createdAtFail('day-00', '2026-09-00T09:00:00Z', MSG.createdAtCalendar, 'Day 0.');
  createdAtFail('year-0000', '0000-01-01T00:00:00Z', MSG.createdAtCalendar, 'Year 0 (year ≥ 1).');
  createdAtValid('year-0001', '0001-01-01T00:00:00Z', 'Year 1, the earliest allowed.');
  createdAtValid(
    'fraction-9-digits',
    '2026-09-27T09:00:00.123456789Z',
    'Nine fraction digits: any number of fraction digits ≥ 1.',
  );
  createdAtValid('no-fraction', '2026-09-27T09:00:00Z', 'No fraction at all.');
  createdAtFail(
    'fraction-empty',
    '2026-09-27T09:00:00.Z',
    MSG.createdAtShape,
    'A decimal point with no digits.',
  );
  createdAtFail(
    'lowercase-t',
    '2026-09-27t09:00:00.000Z',
    MSG.createdAtShape,
    'Lowercase t (RFC 3339 allows it, the AER-1 shape does not).',
  );
  createdAtFail(
    'lowercase-z',
    '2026-09-27T09:00:00.000z',
    MSG.createdAtShape,
    'Lowercase z (RFC 3339 allows it, the AER-1 shape does not).',
  );
  createdAtFail(
    'space-separator',
    '2026-09-27 09:00:00.000Z',
    MSG.createdAtShape,
    'A space instead of T.',
  );
  createdAtFail(
    'no-offset',
    '2026-09-27T09:00:00.000',
    MSG.createdAtShape,
    'A local time without Z or offset.',
  );
  createdAtFail(
    'offset-without-colon',
    '2026-09-27T09:00:00+0000',
    MSG.createdAtShape,
    'Offset written +0000 (ISO 8601 basic) instead of +00:00.',
  );
  createdAtFail(
    'trailing-newline',
    '2026-09-27T09:00:00.000Z\n',
    MSG.createdAtShape,
    'A trailing newline after Z.',
  );
  createdAtFail(
    'not-a-string',
    1790499600000,
    MSG.createdAtType,
    'created_at as epoch milliseconds.',
  );

  // §2.2 timestamp plausibility, against the fixed now of the runner (2026-11-29T00:00:00Z).
  // Core has no clock policy: a future created_at is a warning with its distance (§2.2).
  const future = (distance: string): { message: string; path: string } => ({
    message: `created_at is ${distance} after this device's clock`,
    path: '/created_at',
  });
  add(
    'created_at-future',
    valid(
      `created_at 5 min 1 s after the runner's now (${VECTOR_NOW}): beyond the 5-minute clock skew, so a warning with the distance; core has no clock policy, so not a failure.`,
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '2026-11-29T00:05:01Z' })),
      {
        dimensions: { byte_integrity: 'pass', schema_validity: 'pass' },
        warnings: [future('5 minutes')],
        statuses: { 'receipt.created_at.future': 'warning' },
      },
    ),
  );
  add(
    'created_at-future-far',
    valid(
      'created_at in 2030: three years ahead, a warning, not a core failure.',
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '2030-01-01T00:00:00.000Z' })),
      { warnings: [future('3 years')] },
    ),
  );
  add(
    'created_at-future-dated-2027',
    valid(
      "The reference kit's frozen future-dated case, reproduced from its description: created_at in 2027 is core-valid (freshness and replay windows are consumer policy).",
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '2027-06-01T12:00:00Z' })),
      { warnings: [future('6 months')], profiles: { core: 'pass' } },
    ),
  );
  add(
    'created_at-9999-12-31',
    valid(
      "created_at 9999-12-31T23:59:59Z, which the reference kit's adversarial set lists as valid: core-valid with a warning.",
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '9999-12-31T23:59:59Z' })),
      { warnings: [future('7973 years')] },
    ),
  );
  add(
    'created_at-within-clock-skew',
    valid(
      `created_at exactly 5 minutes after the runner's now (${VECTOR_NOW}): within the tolerated skew.`,
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '2026-11-29T00:05:00Z' })),
      { statuses: { 'receipt.created_at.future': 'pass' } },
    ),
  );
  add(
    'created_at-future-by-offset',
    valid(
      'Local time 00:30 at -01:00 is 01:30Z, an hour and a half after now: the offset is applied (a warning, one hour ahead).',
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '2026-11-29T00:30:00-01:00' })),
      { warnings: [future('1 hour')] },
    ),
  );
  // The consumer policy (§2.2): off by default, reported on its own profile line when set.
  add('policy-max-future-exceeded', {
    ...valid(
      'With a consumer policy of at most 5 minutes ahead, a receipt dated 2027 fails the policy line; the core verdict stays verified.',
      '§2.2 created_at in the future (consumer policy)',
      text(receiptWith({ created_at: '2027-06-01T12:00:00Z' })),
      {
        statuses: { 'policy.created_at.max_future': 'warning' },
        profiles: { core: 'pass', 'consumer-policy': 'fail' },
      },
    ),
    policy: { maxFutureMs: 5 * 60_000 },
  });
  add('policy-max-future-held', {
    ...valid(
      'With a consumer policy of at most 5 minutes ahead, the §2.5 receipt (dated two months before now) passes the policy line.',
      '§2.2 created_at in the future (consumer policy)',
      SPEC_MINIMAL_RECEIPT_TEXT,
      {
        statuses: { 'policy.created_at.max_future': 'pass' },
        profiles: { 'consumer-policy': 'pass' },
      },
    ),
    policy: { maxFutureMs: 5 * 60_000 },
  });
  add('policy-max-age-exceeded', {
    ...valid(
      'With a consumer policy of at most 30 days old, the §2.5 receipt (2026-09-27, two months before now) fails the policy line only.',
      '§2.2 freshness window (consumer policy)',
      SPEC_MINIMAL_RECEIPT_TEXT,
      {
        statuses: { 'policy.created_at.max_age': 'warning' },
        profiles: { core: 'pass', 'consumer-policy': 'fail' },
      },
    ),
    policy: { maxAgeMs: 30 * 86_400_000 },
  });
  add('policy-max-age-held', {
    ...valid(
      'With a consumer policy of at most 90 days old, the §2.5 receipt (two months old) passes the policy line.',
      '§2.2 freshness window (consumer policy)',
      SPEC_MINIMAL_RECEIPT_TEXT,
      {
        statuses: { 'policy.created_at.max_age': 'pass' },
        profiles: { 'consumer-policy': 'pass' },
      },
    ),
    policy: { maxAgeMs: 90 * 86_400_000 },
  });
  // The strict profile (§2.2): what the reference implementations add; never the core verdict.
  add(
    'strict-id-uuid-v3',
    valid(
      'id is a lowercase UUID v3: core-valid (any version), but the strict profile requires v4.',
      '§2.2 stricter readings (strict profile)',
      text(receiptWith({ id: 'b6c63ac5-f324-3fa7-ad58-c4bf83faa86a' })),
      {
        statuses: { 'profile.strict.id_v4': 'warning' },
        warnings: [{ message: 'id is not a lowercase UUID v4', path: '/id' }],
        profiles: { core: 'pass', strict: 'fail' },
      },
    ),
  );
  add(
    'strict-schema-version-0.2',
    valid(
      'receipt_schema_version "0.2": core-valid (a non-empty string), but not a published version under the strict profile.',
      '§2.2 stricter readings (strict profile)',
      text(receiptWith({ receipt_schema_version: '0.2' })),
      {
        statuses: { 'profile.strict.receipt_schema_version': 'warning' },
        warnings: [
          {
            message: 'receipt_schema_version is not a published version: 0.3 or 0.4',
            path: '/receipt_schema_version',
          },
        ],
        profiles: { core: 'pass', strict: 'fail' },
      },
    ),
  );
  // The strict reading fails closed, as the reference implementations' does: an id or version
  // that core already fails is no UUID v4 or published version either, not a strict pass.
  add(
    'strict-id-not-a-uuid',
    failing(
      'id is no UUID at all: core fails it, and the strict profile fails it too rather than count only its version check.',
      '§2.1 id; §2.2 stricter readings (strict profile)',
      text(receiptWith({ id: 'receipt-42' })),
      [{ message: MSG.id, path: '/id' }],
      {
        statuses: {
          'profile.strict.id_v4': 'warning',
          'profile.strict.receipt_schema_version': 'pass',
        },
        warnings: [{ message: 'id is not a lowercase UUID v4', path: '/id' }],
        profiles: { core: 'fail', strict: 'fail' },
      },
    ),
  );
  add(
    'strict-schema-version-number',
    failing(
      'receipt_schema_version as the number 0.3: core fails it, and the strict profile fails it too.',
      '§2.1 receipt_schema_version; §2.2 stricter readings (strict profile)',
      text(receiptWith({ receipt_schema_version: 0.3 })),
      [{ message: MSG.version, path: '/receipt_schema_version' }],
      {
        statuses: {
          'profile.strict.receipt_schema_version': 'warning',
          'profile.strict.id_v4': 'pass',
        },
        warnings: [
          {
            message: 'receipt_schema_version is not a published version: 0.3 or 0.4',
            path: '/receipt_schema_version',
          },
        ],
        profiles: { core: 'fail', strict: 'fail' },
      },
    ),
  );
  add(
    'strict-schema-version-0.4',
    valid(
      'receipt_schema_version "0.4" (published late Oct 2026): passes the strict profile.',
      '§2.2 stricter readings (strict profile)',
      text(receiptWith({ receipt_schema_version: '0.4' })),
      {
        statuses: {
          'profile.strict.receipt_schema_version': 'pass',
          'profile.strict.id_v4': 'pass',
        },
        profiles: { core: 'pass', strict: 'pass', 'reference-producer': 'pass' },
      },
    ),
  );
  add(
    'created_at-past-by-offset',
    valid(
      'Local time 01:30 at +02:00 is 23:30Z the day before: not in the future although the local clock reads later than now.',
      '§2.2 created_at in the future',
      text(receiptWith({ created_at: '2026-11-29T01:30:00+02:00' })),
    ),
  );

  // -- §2.1 tool -------------------------------------------------------------------------------
  add(
    'tool-as-string',
    failing(
      'tool as a bare string (the job-timeline form) instead of an object.',
      '§2.1 tool; §2.5 must fail',
      text(receiptWith({ tool: 'live_price' })),
      [{ message: MSG.tool, path: '/tool' }],
    ),
  );
  add(
    'tool-name-empty',
    failing(
      'tool.name is the empty string.',
      '§2.1 tool; §2.5 must fail',
      text(receiptWith({ tool: { name: '', version: '4.0.0', scope: 'public' } })),
      [{ message: MSG.tool, path: '/tool/name' }],
    ),
  );
  add(
    'tool-version-number',
    failing(
      'tool.version as a number.',
      '§2.1 tool',
      text(receiptWith({ tool: { name: 'live_price', version: 4, scope: 'public' } })),
      [{ message: MSG.tool, path: '/tool/version' }],
    ),
  );
  add(
    'tool-missing-scope',
    failing(
      'tool without scope: the failure points at the tool object.',
      '§2.1 tool',
      text(receiptWith({ tool: { name: 'live_price', version: '4.0.0' } })),
      [{ message: MSG.tool, path: '/tool' }],
    ),
  );
  add(
    'tool-extra-members',
    valid(
      'tool with members beyond name/version/scope (extra members are allowed).',
      '§2.1 tool; extra members allowed',
      text(
        receiptWith({
          tool: { name: 'live_price', version: '4.0.0', scope: 'public', vendor: 'zambo' },
        }),
      ),
    ),
  );

  // -- §2.1 / §2.3 provenance_class -------------------------------------------------------------
  const provenanceFail = (name: string, value: Json, description: string): void =>
    add(
      `provenance-${name}`,
      failing(
        description,
        '§2.1 provenance_class; §2.3',
        text(receiptWith({ provenance_class: value })),
        [{ message: MSG.provenance, path: '/provenance_class' }],
      ),
    );
  const provenanceValid = (name: string, value: string, description: string): void =>
    add(
      `provenance-${name}`,
      valid(
        description,
        '§2.1 provenance_class; §2.3',
        text(receiptWith({ provenance_class: value })),
        {
          statuses: { 'receipt.provenance_class.known': 'pass' },
        },
      ),
    );
  provenanceFail(
    'executed-by-lowercase',
    'EXECUTED BY zambo',
    'EXECUTED BY with a lowercase system name.',
  );
  provenanceFail(
    'trailing-newline',
    'EXECUTED BY ZAMBO\n',
    'EXECUTED BY ZAMBO followed by a newline.',
  );
  provenanceFail('executed-by-no-name', 'EXECUTED BY ', 'EXECUTED BY with no system name.');
  provenanceFail(
    'executed-by-leading-space-name',
    'EXECUTED BY  ZAMBO',
    'Two spaces: the system name starts with a space.',
  );
  provenanceFail('observed-lowercase', 'observed via gateway', 'A known class in lowercase.');
  provenanceFail('self-reported', 'SELF REPORTED', 'A label that is not one of the three classes.');
  provenanceFail('not-a-string', ['LOGGED BY AGENT'], 'provenance_class as an array.');
  provenanceValid('observed-via-gateway', 'OBSERVED VIA GATEWAY', 'The gateway class.');
  provenanceValid('logged-by-agent', 'LOGGED BY AGENT', 'The self-reported class.');
  provenanceValid(
    'executed-by-other-system',
    'EXECUTED BY ACME-2 GATEWAY_V1.0',
    'EXECUTED BY another system: uppercase letters, digits, space . _ - after the first character.',
  );

  // -- §2.1 canonical_bytes ---------------------------------------------------------------------
  const base64Fail = (
    name: string,
    receipt: Receipt,
    description: string,
    extra: Partial<VectorExpectation> = {},
  ): void =>
    add(
      `canonical_bytes-${name}`,
      failing(
        description,
        '§2.1 canonical_bytes (strict standard base64)',
        text(receipt),
        [{ message: MSG.base64, path: '/canonical_bytes' }],
        {
          dimensions: { byte_integrity: 'unavailable', schema_validity: 'fail' },
          statuses: { 'receipt.output_hash.match': 'unavailable' },
          ...extra,
        },
      ),
    );
  base64Fail(
    'padding-stripped',
    receiptWith({ canonical_bytes: SPEC_MINIMAL_BASE64.replace(/={1,2}$/, '') }),
    'The minimal example with its == padding stripped (length not a multiple of 4). output_hash is unchanged; it cannot be recomputed, so byte integrity is unavailable, not pass or fail.',
  );
  base64Fail(
    'raw-json',
    receiptWith({ canonical_bytes: SPEC_MINIMAL_PAYLOAD }),
    "canonical_bytes carries the payload JSON text itself instead of its base64. output_hash is the digest of that text, but the member is not base64. The reference-producer profile fails closed at the same step, in the kit's words.",
    {
      warnings: [{ message: MSG.base64, path: '/canonical_bytes' }],
      profiles: { core: 'fail', 'reference-producer': 'fail' },
    },
  );
  {
    const payload = '{"inputs":{"q":"a?b>c~"},"tool":"search"}';
    const standard = base64(payload);
    assert(/[+/]/.test(standard), 'url-safe vector needs + or / in its base64');
    base64Fail(
      'url-safe-alphabet',
      receiptOver(payload, { canonical_bytes: standard.replace(/\+/g, '-').replace(/\//g, '_') }),
      `The base64url alphabet (- and _ for + and /). The standard form is ${standard}; output_hash is the digest of the decoded payload.`,
    );
    const wrapped = SPEC_MINIMAL_BASE64.slice(0, 76) + '\n' + SPEC_MINIMAL_BASE64.slice(76);
    base64Fail(
      'line-wrapped',
      receiptWith({ canonical_bytes: wrapped }),
      'MIME-style line break after 76 characters (whitespace inside base64).',
    );
    base64Fail(
      'space-inside',
      receiptWith({
        canonical_bytes:
          SPEC_MINIMAL_BASE64.slice(0, 40) +
          ' ' +
          SPEC_MINIMAL_BASE64.slice(40, -4) +
          SPEC_MINIMAL_BASE64.slice(-3),
      }),
      'A space inside the base64 (length kept a multiple of 4 by dropping a character).',
    );
    base64Fail(
      'trailing-newline',
      receiptWith({ canonical_bytes: SPEC_MINIMAL_BASE64.slice(0, -4) + 'fQ=\n' }),
      'A newline where the last = should be.',
    );
    const nonCanonical = SPEC_MINIMAL_BASE64.replace(/fQ==$/, 'fR==');
    assert(
      Buffer.from(nonCanonical, 'base64').equals(minimalBytes),
      'lenient decoders read fR== as fQ==',
    );
    base64Fail(
      'non-canonical-padding-bits',
      receiptWith({ canonical_bytes: nonCanonical }),
      'Last symbol R instead of Q before ==: the unused low bits are not zero. Lenient decoders (atob, Buffer) give the same 91 bytes, but re-encoding gives fQ==, so the text is not canonical.',
    );
    base64Fail(
      'padding-in-middle',
      receiptWith({ canonical_bytes: 'eyJ0=' + SPEC_MINIMAL_BASE64.slice(5) }),
      'An = inside the text, not at the end.',
    );
    base64Fail(
      'three-padding',
      receiptWith({ canonical_bytes: SPEC_MINIMAL_BASE64.slice(0, -4) + 'f===' }),
      'Three = (at most two).',
    );
    base64Fail(
      'not-a-string',
      receiptWith({ canonical_bytes: [123, 34] }),
      'canonical_bytes as an array of byte values.',
    );
  }
  const utf8Fail = (
    name: string,
    bytes: Buffer,
    description: string,
    extra: Partial<VectorExpectation> = {},
  ): void =>
    add(
      `canonical_bytes-${name}`,
      failing(
        description,
        '§2.1 canonical_bytes (strict UTF-8)',
        text(receiptOver(bytes)),
        [{ message: MSG.utf8, path: '/canonical_bytes' }],
        {
          dimensions: { byte_integrity: 'pass', schema_validity: 'fail' },
          statuses: {
            'receipt.output_hash.match': 'pass',
            'receipt.canonical_bytes.base64': 'pass',
          },
          canonical_length: bytes.length,
          ...extra,
        },
      ),
    );
  utf8Fail(
    '0xff',
    Buffer.from([0xff]),
    "One byte 0xFF: valid base64 (/w==), never valid UTF-8. output_hash is its correct digest, so only the UTF-8 rule fails; the reference-producer profile fails too, as the kit's does, rather than not applying.",
    {
      warnings: [{ message: MSG.utf8, path: '/canonical_bytes' }],
      profiles: { core: 'fail', 'reference-producer': 'fail' },
    },
  );
  utf8Fail(
    'overlong-utf8',
    Buffer.concat([Buffer.from('{"path":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
    'C0 AF, the overlong two-byte form of "/", inside a JSON payload.',
  );
  utf8Fail(
    'surrogate-utf8',
    Buffer.concat([Buffer.from('{"s":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    'ED A0 80, the UTF-8 form of the surrogate U+D800 (CESU-style), which strict UTF-8 forbids.',
  );
  utf8Fail(
    'truncated-utf8',
    Buffer.concat([Buffer.from('{"price":"97412'), Buffer.from([0xe2, 0x82])]),
    'A three-byte sequence (€ is E2 82 AC) cut after two bytes at the end.',
  );
  utf8Fail(
    'beyond-u10ffff',
    Buffer.from([0xf4, 0x90, 0x80, 0x80]),
    'F4 90 80 80 would be U+110000, past the last code point.',
  );
  add(
    'canonical_bytes-bom-kept',
    valid(
      'Payload starting with a UTF-8 byte order mark: strict UTF-8, hashed exactly as carried (BOM included).',
      '§2.1 canonical_bytes; hashing over decoded bytes as carried',
      text(
        receiptOver(
          Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SPEC_MINIMAL_PAYLOAD)]),
        ),
      ),
      { canonical_length: 94, canonical_text: '\ufeff' + SPEC_MINIMAL_PAYLOAD },
    ),
  );
  add(
    'canonical_bytes-empty',
    valid(
      'Empty canonical_bytes: "" is valid base64 of zero bytes, and output_hash is SHA-256 of the empty string.',
      '§2.1 canonical_bytes, output_hash',
      text(receiptOver(Buffer.alloc(0))),
      { canonical_length: 0, canonical_text: '' },
    ),
  );

  // -- §2.1 output_hash -------------------------------------------------------------------------
  add(
    'output_hash-uppercase-hex',
    failing(
      'The right digest in uppercase hex.',
      '§2.1 output_hash; §2.5 must fail',
      text(receiptWith({ output_hash: 'sha256:' + SPEC_MINIMAL_HASH.slice(7).toUpperCase() })),
      [{ message: MSG.hashFormat, path: '/output_hash' }],
      { dimensions: { schema_validity: 'fail', byte_integrity: 'pass' } },
    ),
  );
  add(
    'output_hash-no-prefix',
    failing(
      'The right digest without the sha256: prefix.',
      '§2.1 output_hash; §2.5 must fail',
      text(receiptWith({ output_hash: SPEC_MINIMAL_HASH.slice(7) })),
      [{ message: MSG.hashFormat, path: '/output_hash' }],
      { dimensions: { schema_validity: 'fail', byte_integrity: 'pass' } },
    ),
  );
  add(
    'output_hash-hyphen-prefix',
    failing(
      'sha256-<hex> (the evidence_references form) instead of sha256:<hex>.',
      '§2.1 output_hash',
      text(receiptWith({ output_hash: 'sha256-' + SPEC_MINIMAL_HASH.slice(7) })),
      [{ message: MSG.hashFormat, path: '/output_hash' }],
    ),
  );
  {
    const otherBytes = SPEC_MINIMAL_PAYLOAD.replace('97412.55', '97412.56');
    add(
      'output_hash-other-bytes',
      failing(
        'A well-formed output_hash of other bytes (price 97412.56 instead of 97412.55): the carried bytes do not agree with the digest.',
        '§2.1 output_hash; §2.5 must fail',
        text(receiptWith({ output_hash: `sha256:${sha256Hex(otherBytes)}` })),
        [{ message: MSG.hashMatch, path: '/output_hash' }],
        {
          dimensions: { byte_integrity: 'fail', schema_validity: 'pass' },
          statuses: { 'receipt.output_hash.format': 'pass', 'receipt.output_hash.match': 'fail' },
        },
      ),
    );
  }
  add(
    'output_hash-of-base64-text',
    failing(
      'output_hash computed over the base64 text instead of the decoded bytes (a common port mistake).',
      '§2.1 output_hash; §2.4 step 3',
      text(receiptWith({ output_hash: `sha256:${sha256Hex(SPEC_MINIMAL_BASE64)}` })),
      [{ message: MSG.hashMatch, path: '/output_hash' }],
      { dimensions: { byte_integrity: 'fail' } },
    ),
  );
  {
    const parsed = JSON.parse(SPEC_MINIMAL_PAYLOAD) as Record<string, Json>;
    const resorted = JSON.stringify(
      Object.fromEntries(
        Object.keys(parsed)
          .sort()
          .map((k) => [k, parsed[k] as Json]),
      ),
    );
    assert(resorted !== SPEC_MINIMAL_PAYLOAD, 're-serialised payload differs');
    add(
      'output_hash-of-reserialised-payload',
      failing(
        `output_hash computed over a key-sorted re-serialisation of the payload (${resorted}) instead of the bytes as carried: the format mandates no canonicalisation, so this must not match.`,
        '§2.1 hashing over the decoded bytes exactly as carried',
        text(receiptWith({ output_hash: `sha256:${sha256Hex(resorted)}` })),
        [{ message: MSG.hashMatch, path: '/output_hash' }],
        { dimensions: { byte_integrity: 'fail' } },
      ),
    );
  }
  add(
    'output_hash-not-a-string',
    failing(
      'output_hash as an object {algorithm, digest}.',
      '§2.1 output_hash',
      text(
        receiptWith({ output_hash: { algorithm: 'sha256', digest: SPEC_MINIMAL_HASH.slice(7) } }),
      ),
      [{ message: MSG.hashFormat, path: '/output_hash' }],
    ),
  );

  // -- §2.1 verification_status -----------------------------------------------------------------
  add(
    'verification_status-pending',
    failing(
      'verification_status "pending".',
      '§2.1 verification_status; §2.5 must fail',
      text(receiptWith({ verification_status: 'pending' })),
      [{ message: MSG.status, path: '/verification_status' }],
    ),
  );
  add(
    'verification_status-capitalised',
    failing(
      'verification_status "Verified" (exactly "verified" is required).',
      '§2.1 verification_status',
      text(receiptWith({ verification_status: 'Verified' })),
      [{ message: MSG.status, path: '/verification_status' }],
    ),
  );
  add(
    'verification_status-true',
    failing(
      'verification_status as the boolean true.',
      '§2.1 verification_status',
      text(receiptWith({ verification_status: true })),
      [{ message: MSG.status, path: '/verification_status' }],
    ),
  );

  // -- §2.1 missing members ---------------------------------------------------------------------
  for (const name of CORE_MEMBERS) {
    add(
      `missing-${name}`,
      failing(
        `The minimal receipt without ${name}.`,
        '§2.1 each core member must be present; §2.5 must fail',
        text(receiptWith({}, [name])),
        [{ message: MSG.missing(name), path: '' }],
        name === 'canonical_bytes'
          ? {
              statuses: { 'receipt.output_hash.match': 'unavailable' },
              // The kit's profile: no canonical_bytes string to decode.
              warnings: [{ message: 'canonical_bytes is not a string', path: '' }],
            }
          : {},
      ),
    );
  }
  add(
    'missing-all-but-hash',
    failing(
      'Only canonical_bytes and output_hash: recognised as a receipt (§1), six members missing.',
      '§2.1 each core member must be present',
      text({ canonical_bytes: SPEC_MINIMAL_BASE64, output_hash: SPEC_MINIMAL_HASH }),
      [
        'id',
        'receipt_schema_version',
        'created_at',
        'tool',
        'provenance_class',
        'verification_status',
      ].map((name) => ({ message: MSG.missing(name), path: '' })),
      { dimensions: { byte_integrity: 'pass', schema_validity: 'fail' } },
    ),
  );

  add(
    'empty-object',
    failing(
      'An empty JSON object: an empty receipt, so each of the eight core members is reported missing (the reference lists all eight), not an unrecognised document.',
      '§2.1 each core member must be present',
      text({}),
      CORE_MEMBERS.map((name) => ({ message: MSG.missing(name), path: '' })),
      { dimensions: { schema_validity: 'fail' } },
    ),
  );

  // -- (whole) not an object ---------------------------------------------------------------------
  add(
    'receipt-not-an-object',
    failing(
      'A hosted v2 answer whose envelope.receipt is a string, not a receipt object.',
      '§2.1 (whole) must be a JSON object; §2.6 envelope.receipt',
      text({ envelope: { receipt: 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a' } }),
      [{ message: MSG.notObject, path: '/envelope/receipt' }],
    ),
  );
  add(
    'receipt-array-in-envelope',
    failing(
      'envelope.receipt is an array holding the receipt.',
      '§2.1 (whole) must be a JSON object',
      text({ envelope: { receipt: [MINIMAL] } }),
      [{ message: MSG.notObject, path: '/envelope/receipt' }],
    ),
  );
  add(
    'document-scalar',
    failing(
      'A bare JSON string at the top level: not a receipt nor any other kind, so it fails as an unrecognised document (with the list of accepted kinds), not as a crash.',
      '§1 unrecognised documents',
      JSON.stringify('b6c63ac5-f324-4fa7-ad58-c4bf83faa86a'),
      [{ message: 'unrecognised document: a JSON string, not an object or array', path: '' }],
    ),
  );

  // -- §2.2 canonical_byte_length ----------------------------------------------------------------
  add(
    'canonical_byte_length-match',
    valid(
      'canonical_byte_length 91 equals the decoded length.',
      '§2.2 canonical_byte_length',
      text(receiptWith({ canonical_byte_length: 91 })),
      { statuses: { 'receipt.canonical_byte_length': 'pass' } },
    ),
  );
  add(
    'canonical_byte_length-mismatch',
    failing(
      'canonical_byte_length 90, the decoded bytes are 91.',
      '§2.2 canonical_byte_length',
      text(receiptWith({ canonical_byte_length: 90 })),
      [{ message: OWN.byteLength, path: '/canonical_byte_length' }],
      { dimensions: { byte_integrity: 'fail', schema_validity: 'pass' } },
    ),
  );
  add(
    'canonical_byte_length-base64-length',
    failing(
      'canonical_byte_length 124, the length of the base64 text rather than of the decoded bytes.',
      '§2.2 canonical_byte_length',
      text(receiptWith({ canonical_byte_length: SPEC_MINIMAL_BASE64.length })),
      [{ message: OWN.byteLength, path: '/canonical_byte_length' }],
    ),
  );
  add(
    'canonical_byte_length-string',
    failing(
      'canonical_byte_length as the string "91".',
      '§2.2 canonical_byte_length',
      text(receiptWith({ canonical_byte_length: '91' })),
      [{ message: OWN.byteLength, path: '/canonical_byte_length' }],
    ),
  );

  for (const [name, lexeme, what] of [
    [
      'canonical_byte_length-float-precision',
      '91.0000000000000001',
      'a fraction that rounds to 91 as a double',
    ],
    ['canonical_byte_length-exponent', '9.1e1', 'an exponent form whose value is 91'],
    ['canonical_byte_length-fraction-zero', '91.0', 'a zero fraction'],
  ] as const) {
    add(
      name,
      failing(
        `canonical_byte_length written as ${lexeme} (${what}): the length must be a plain non-negative integer lexeme, compared exactly, so it does not pass as 91.`,
        '§2.2 canonical_byte_length',
        text(receiptWith({ canonical_byte_length: 91 })).replace(
          '"canonical_byte_length":91',
          `"canonical_byte_length":${lexeme}`,
        ),
        [{ message: OWN.byteLengthLexeme, path: '/canonical_byte_length' }],
        { statuses: { 'receipt.canonical_byte_length': 'fail' } },
      ),
    );
  }

  // -- Text that does not show what it stores ----------------------------------------------------
  add('tool-name-bidi-override', {
    description:
      'tool.name is "\\u202Eecirp_evil", which displays as "live_price" (and reverses the text after it): a warning naming the member and the code point. The bytes still hash as carried, so the verdict stands.',
    spec: '§2.1 tool',
    input: text(
      receiptWith({ tool: { name: '\u202Eecirp_evil', version: '4.0.0', scope: 'public' } }),
    ),
    expect: {
      verdict: 'verified',
      statuses: { 'text.hidden_characters': 'warning' },
    },
  });
  add('tool-version-zero-width', {
    description: 'tool.version "4.0\\u200B.0" carries a zero-width space: a warning naming U+200B.',
    spec: '§2.1 tool',
    input: text(
      receiptWith({ tool: { name: 'live_price', version: '4.0\u200B.0', scope: 'public' } }),
    ),
    expect: { verdict: 'verified', statuses: { 'text.hidden_characters': 'warning' } },
  });
  add('lone-surrogate-in-member-name-and-value', {
    description:
      'An extra member whose name and value hold lone surrogates (\\ud800, \\udc00): not Unicode characters, so each gets a warning rather than verifying silently.',
    spec: '§2.1',
    input: text(receiptWith({ ['note\ud800']: 'x\udc00' })),
    expect: { verdict: 'verified', statuses: { 'text.lone_surrogate': 'warning' } },
  });

  // -- §2.2 outer/inner agreement ------------------------------------------------------------------
  const innerPayload = (extra: Record<string, Json>): string =>
    JSON.stringify({
      inputs: { pair: 'BTC/USD' },
      ...extra,
      outputs: { price_usd: 97412.55 },
      tool: 'live_price',
    });
  add(
    'inner-receipt_schema_version-downgrade',
    failing(
      'The hashed payload commits receipt_schema_version "0.4"; the outer member says "0.3" (a downgrade made outside the hashed bytes).',
      '§2.2 outer/inner agreement',
      text(receiptOver(innerPayload({ receipt_schema_version: '0.4' }))),
      [{ message: OWN.innerVersion, path: '/receipt_schema_version' }],
      { dimensions: { byte_integrity: 'fail', schema_validity: 'pass' } },
    ),
  );
  add(
    'inner-receipt_schema_version-agrees',
    valid(
      'Payload and outer member both say "0.4".',
      '§2.2 outer/inner agreement',
      text(
        receiptOver(innerPayload({ receipt_schema_version: '0.4' }), {
          receipt_schema_version: '0.4',
        }),
      ),
      { statuses: { 'receipt.inner.receipt_schema_version': 'pass' } },
    ),
  );
  add(
    'inner-provenance_class-relabel',
    failing(
      'The hashed payload says issuer_claims.provenance_class "LOGGED BY AGENT"; the outer member was relabelled "EXECUTED BY ZAMBO".',
      '§2.2 outer/inner agreement; §2.3 no upgrade of a report',
      text(receiptOver(innerPayload({ issuer_claims: { provenance_class: 'LOGGED BY AGENT' } }))),
      [{ message: OWN.innerClass, path: '/provenance_class' }],
      { dimensions: { byte_integrity: 'fail', schema_validity: 'pass' } },
    ),
  );
  add(
    'inner-provenance_class-duplicated',
    failing(
      'The hashed payload writes issuer_claims.provenance_class twice ("LOGGED BY AGENT", then "EXECUTED BY ZAMBO"). JSON.parse keeps the last and would agree with the outer "EXECUTED BY ZAMBO"; a first-wins parser sees a relabel. Ambiguity is never agreement.',
      '§2.2 duplicate member names; §2.2 outer/inner agreement; §2.3 no upgrade of a report',
      text(
        receiptOver(
          '{"inputs":{},"issuer_claims":{"provenance_class":"LOGGED BY AGENT","provenance_class":"EXECUTED BY ZAMBO"}}',
        ),
      ),
      [
        {
          message:
            'canonical_bytes commit issuer_claims.provenance_class more than once (duplicate member names)',
          path: '/canonical_bytes',
        },
      ],
      { statuses: { 'receipt.inner.provenance_class': [] } },
    ),
  );
  add(
    'inner-provenance_class-agrees',
    valid(
      'Payload issuer_claims.provenance_class and the outer member agree.',
      '§2.2 outer/inner agreement',
      text(receiptOver(innerPayload({ issuer_claims: { provenance_class: 'EXECUTED BY ZAMBO' } }))),
      { statuses: { 'receipt.inner.provenance_class': 'pass' } },
    ),
  );
  // A committed value of another type is committed all the same: never a silent skip.
  add(
    'inner-receipt_schema_version-number',
    failing(
      'The hashed payload commits receipt_schema_version as the number 0.2; the outer member says "0.3". A type change must not hide a downgrade.',
      '§2.2 outer/inner agreement',
      text(receiptOver(innerPayload({ receipt_schema_version: 0.2 }))),
      [{ message: OWN.innerVersion, path: '/receipt_schema_version' }],
      { dimensions: { byte_integrity: 'fail', schema_validity: 'pass' } },
    ),
  );
  add(
    'inner-provenance_class-array',
    failing(
      'The hashed payload commits issuer_claims.provenance_class as ["LOGGED BY AGENT"]; the outer member says "EXECUTED BY ZAMBO". A type change must not hide a relabel.',
      '§2.2 outer/inner agreement; §2.3 no upgrade of a report',
      text(receiptOver(innerPayload({ issuer_claims: { provenance_class: ['LOGGED BY AGENT'] } }))),
      [{ message: OWN.innerClass, path: '/provenance_class' }],
      { dimensions: { byte_integrity: 'fail', schema_validity: 'pass' } },
    ),
  );
  add('inner-issuer_claims-not-an-object', {
    description:
      'The hashed payload commits issuer_claims as the string "LOGGED BY AGENT": no provenance_class can be read from it to compare with the outer member, which must not read as agreement: unavailable, verdict incomplete.',
    spec: '§2.2 outer/inner agreement; golden rule',
    input: text(receiptOver(innerPayload({ issuer_claims: 'LOGGED BY AGENT' }))),
    expect: {
      verdict: 'incomplete',
      dimensions: { byte_integrity: 'unavailable', schema_validity: 'pass' },
      statuses: {
        'receipt.inner.provenance_class': 'unavailable',
        'receipt.output_hash.match': 'pass',
      },
    },
  });
  {
    const deep = '['.repeat(300) + ']'.repeat(300);
    const payload = `{"deep":${deep},"receipt_schema_version":"0.4","tool":"live_price"}`;
    add('inner-payload-too-deep', {
      description:
        'The payload commits receipt_schema_version "0.4" (outer says "0.3") next to a 300-deep array, past the reader\'s depth limit. The agreement cannot be checked, which must not read as agreement: unavailable, verdict incomplete.',
      spec: '§2.2 outer/inner agreement; golden rule',
      input: text(receiptOver(payload)),
      expect: {
        verdict: 'incomplete',
        dimensions: { byte_integrity: 'unavailable', schema_validity: 'pass' },
        statuses: {
          'receipt.inner.depth': 'unavailable',
          'receipt.output_hash.match': 'pass',
          'profile.reference-producer.inputs': 'unavailable',
        },
        profiles: { 'reference-producer': 'incomplete' },
      },
    });
  }

  add(
    'payload-deep-array',
    valid(
      'A payload that is a 300-deep JSON array: it commits no version or provenance, so there is nothing to compare (the agreement is noted as not checked, saying why) and the receipt verifies; the payload is shown as text.',
      '§2.2 outer/inner agreement (applies to JSON objects only)',
      text(receiptOver('['.repeat(300) + ']'.repeat(300))),
      { statuses: { 'receipt.inner.payload': 'not_checked', 'receipt.payload.form': 'info' } },
    ),
  );
  add(
    'inner-payload-not-json',
    valid(
      'The payload is plain text that mentions receipt_schema_version 0.4 (outer says 0.3): text commits no member, so outer/inner agreement is not checked, and the report says why rather than skipping it silently. The byte integrity still passes, noting what it did not check.',
      '§2.2 outer/inner agreement (applies to JSON objects only)',
      text(receiptOver('receipt_schema_version 0.4; provenance_class LOGGED BY AGENT')),
      {
        dimensions: { byte_integrity: 'pass' },
        statuses: {
          'receipt.inner.payload': 'not_checked',
          'receipt.inner.receipt_schema_version': [],
          'receipt.output_hash.match': 'pass',
        },
      },
    ),
  );

  // -- §2.2 metadata_hash ----------------------------------------------------------------------------
  add('metadata_hash-present', {
    description:
      'Schema 0.4 metadata_hash: present, its preimage is not published, so it is unavailable (never pass or fail) and the verdict is incomplete.',
    spec: '§2.2 metadata_hash',
    input: text(
      receiptWith({
        receipt_schema_version: '0.4',
        metadata_hash: `sha256:${sha256Hex('metadata')}`,
      }),
    ),
    expect: {
      verdict: 'incomplete',
      dimensions: { byte_integrity: 'unavailable', schema_validity: 'pass' },
      statuses: { 'receipt.metadata_hash': 'unavailable', 'receipt.output_hash.match': 'pass' },
    },
  });

  // -- §2.2 duplicate member names ---------------------------------------------------------------------
  {
    const compact = text(MINIMAL);
    add(
      'duplicate-member-top-level',
      failing(
        'id appears twice (JSON.parse would keep the second silently). Both values are valid UUIDs.',
        '§2.2 duplicate member names',
        compact.replace('{', '{"id":"00000000-0000-4000-8000-000000000000",'),
        [{ message: OWN.duplicate('id'), path: '/id' }],
        { dimensions: { byte_integrity: 'pass', schema_validity: 'fail' } },
      ),
    );
    add(
      'duplicate-member-nested',
      failing(
        'tool.name appears twice.',
        '§2.2 duplicate member names',
        compact.replace('"tool":{', '"tool":{"name":"other_tool",'),
        [{ message: OWN.duplicate('name'), path: '/tool/name' }],
      ),
    );
    add(
      'duplicate-member-same-value',
      failing(
        'verification_status appears twice with the same value: still parser-dependent in principle, still a failure.',
        '§2.2 duplicate member names',
        compact.replace(/}$/, ',"verification_status":"verified"}'),
        [{ message: OWN.duplicate('verification_status'), path: '/verification_status' }],
      ),
    );
    add(
      'duplicate-member-escaped-name',
      failing(
        'output_hash appears a second time spelt with a \\u escape ("output\\u005fhash"): the same name after unescaping.',
        '§2.2 duplicate member names',
        compact.replace(/}$/, `,"output\\u005fhash":${JSON.stringify(SPEC_MINIMAL_HASH)}}`),
        [{ message: OWN.duplicate('output_hash'), path: '/output_hash' }],
      ),
    );
    // Read as a first-wins parser reads it, the receipt commits another digest: byte integrity
    // is not shown by the last pair matching.
    add(
      'duplicate-output_hash-first-differs',
      failing(
        'output_hash appears twice: first a digest of other bytes, then the right one. JSON.parse keeps the last and matches; a parser that keeps the first sees a mismatch, so the match fails too.',
        '§2.2 duplicate member names; §2.1 output_hash',
        compact.replace('{', `{"output\\u005fhash":"sha256:${'0'.repeat(64)}",`),
        [
          { message: OWN.duplicate('output_hash'), path: '/output_hash' },
          { message: 'output_hash does not match sha256(canonical_bytes)', path: '/output_hash' },
        ],
        {
          dimensions: { byte_integrity: 'fail', schema_validity: 'fail' },
          statuses: { 'receipt.output_hash.match': ['fail', 'pass'] },
        },
      ),
    );
    add(
      'duplicate-member-wrapped',
      failing(
        'A duplicate inside a wrapped receipt: the path names it inside the envelope.',
        '§2.2 duplicate member names; §2.6',
        `{"envelope":{"receipt":${compact.replace('"tool":{', '"tool":{"scope":"private",')}}}`,
        [{ message: OWN.duplicate('scope'), path: '/envelope/receipt/tool/scope' }],
      ),
    );
  }

  // -- §2.2 payload form and the reference-producer profile ------------------------------------------------
  add(
    'payload-without-inputs',
    valid(
      "The payload has no 'inputs' member: a labelled profile warning, not a core failure.",
      '§2.2 reference-producer profile',
      text(receiptOver('{"outputs":{"price_usd":97412.55},"tool":"live_price"}')),
      {
        statuses: { 'profile.reference-producer.inputs': 'warning' },
        profiles: { core: 'pass', 'reference-producer': 'fail' },
      },
    ),
  );
  add(
    'payload-json-string',
    valid(
      "The kit's invalid-profile case, reproduced from its description: the payload is a JSON string, not an object. Core-valid; the reference-producer profile fails with the kit's words.",
      '§2.2 reference-producer profile',
      text(receiptOver('"BTC/USD 97412.55"')),
      {
        statuses: { 'profile.reference-producer.payload': 'warning' },
        warnings: [{ message: 'canonical payload is not a JSON object', path: '/canonical_bytes' }],
        profiles: { core: 'pass', 'reference-producer': 'fail' },
      },
    ),
  );
  add(
    'payload-without-outputs',
    valid(
      "The payload has tool and inputs but no 'outputs': core-valid, and the reference-producer profile passes (it requires only inputs); the missing member is information.",
      '§2.2 reference-producer profile',
      text(receiptOver('{"inputs":{"pair":"BTC/USD"},"tool":"live_price"}')),
      {
        statuses: {
          'profile.reference-producer.member': 'info',
          'profile.reference-producer.inputs': 'pass',
        },
        profiles: { core: 'pass', 'reference-producer': 'pass' },
      },
    ),
  );
  add(
    'payload-without-tool',
    valid(
      "The kit's CI template receipts: a payload with inputs and outputs and no 'tool'. The kit's profile passes them, and so does ours; the missing tool is information only.",
      '§2.2 reference-producer profile',
      text(receiptOver('{"inputs":{"pair":"BTC/USD"},"outputs":{"price_usd":97412.55}}')),
      {
        statuses: {
          'profile.reference-producer.member': 'info',
          'profile.reference-producer.inputs': 'pass',
          'profile.reference-producer.payload': [],
        },
        profiles: { core: 'pass', 'reference-producer': 'pass' },
      },
    ),
  );
  add(
    'payload-sorted-compact',
    valid(
      'A payload in the reference producer form (key-sorted compact JSON): information only.',
      '§2.2 canonical form',
      text(
        receiptOver(
          '{"inputs":{"pair":"BTC/USD"},"ms":108,"outputs":{"price_usd":97412.55},"tool":"live_price"}',
        ),
      ),
      { statuses: { 'receipt.payload.form': 'info' } },
    ),
  );
  add(
    'payload-plain-text',
    valid(
      'The payload is plain UTF-8 text, not JSON: shown as text, not a failure (AER-1 commits bytes).',
      '§2.2 canonical form',
      text(receiptOver('BTC/USD 97412.55 at 2026-09-27T09:00:00Z')),
      {
        statuses: { 'receipt.inner.payload': 'not_checked', 'receipt.payload.form': 'info' },
        warnings: [{ message: 'canonical payload is not JSON', path: '/canonical_bytes' }],
        profiles: { core: 'pass', 'reference-producer': 'fail' },
      },
    ),
  );
  add(
    'result_preview-disagrees',
    valid(
      "result_preview says a different price than the bytes: a preview is for humans, so it is neither compared nor a failure. The publisher's own checks object is shown as its claim, not used.",
      '§2.4 result_preview; §2.6 checks',
      text(
        receiptWith({
          result_preview: '{"price_usd": 1.00}',
          checks: { output_hash: 'fail', verification_status: 'verified' },
        }),
      ),
      { statuses: { 'receipt.result_preview': 'info' } },
    ),
  );
  add(
    'extra-members',
    valid(
      'Unknown extra members are allowed and never required.',
      '§2.1 extra members allowed',
      text(receiptWith({ x_vendor: { anything: [1, 2, 3] }, caller: null })),
    ),
  );
  add(
    'pretty-printed-with-bom',
    valid(
      'The minimal receipt pretty-printed with CRLF line ends after a byte order mark: whitespace outside strings changes nothing.',
      '§2.1',
      '\ufeff' + JSON.stringify(MINIMAL, null, 2).replace(/\n/g, '\r\n') + '\r\n',
    ),
  );

  // -- §2.6 wrapped receipts ----------------------------------------------------------------------------
  add(
    'wrapped-envelope-receipt',
    valid(
      "The hosted /api/v2 answer: the receipt at envelope.receipt, surrounded by the publisher's own fields (not verified).",
      '§2.6 /api/v2 answer',
      JSON.stringify(
        { ok: true, envelope: { receipt: MINIMAL, served_by: 'zambo.dev' }, verified: true },
        null,
        2,
      ),
      { statuses: { 'receipt.wrapped': 'info', 'receipt.output_hash.match': 'pass' } },
    ),
  );
  add(
    'wrapped-envelope-receipt-id-uppercase',
    failing(
      'A wrapped receipt with an uppercase id: failures point inside the envelope.',
      '§2.6; §2.1 id',
      text({ envelope: { receipt: receiptWith({ id: 'B6C63AC5-F324-4FA7-AD58-C4BF83FAA86A' }) } }),
      [{ message: MSG.id, path: '/envelope/receipt/id' }],
    ),
  );
  add(
    'wrapped-envelope-receipt-missing-output_hash',
    failing(
      'A wrapped receipt without output_hash: the missing member is reported at the receipt object.',
      '§2.6; §2.1 missing members',
      text({ envelope: { receipt: receiptWith({}, ['output_hash']) } }),
      [{ message: MSG.missing('output_hash'), path: '/envelope/receipt' }],
    ),
  );

  // -- the kit's CloudEvents binding: a structured CloudEvent with the receipt at data, and an
  // EventBridge event with the CloudEvent at detail (receipt at detail.data). Built as the kit's
  // wrap() builds them: id, source, type, time from the receipt; aer1provenance and
  // aer1schemaversion mirror provenance_class and receipt_schema_version. -------------------------
  const CE_TYPE = 'dev.zambo.aer1.receipt.v1';
  const cloudEvent = (receipt: Receipt = MINIMAL, changes: Receipt = {}): Receipt => ({
    specversion: '1.0',
    id: receipt.id as string,
    source: '/tools/live_price',
    type: CE_TYPE,
    time: receipt.created_at as string,
    datacontenttype: 'application/json',
    data: receipt,
    aer1provenance: receipt.provenance_class as string,
    aer1schemaversion: receipt.receipt_schema_version as string,
    ...changes,
  });
  const eventBridge = (detail: Receipt, changes: Receipt = {}): Receipt => ({
    version: '0',
    id: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
    'detail-type': CE_TYPE,
    source: 'dev.zambo.aer1',
    account: '123456789012',
    time: '2026-09-27T09:00:01Z',
    region: 'eu-central-1',
    resources: [],
    detail,
    ...changes,
  });
  const ceInfo = (where: string, of: string, rest: string, path: string) => ({
    message: `the receipt was taken from ${where} of ${of}; ${rest}`,
    path,
  });
  const CE_REST = "the event's own attributes are transport metadata and are not verified";
  const EB_REST =
    "the event's and the CloudEvent's own attributes are transport metadata and are not verified";
  add(
    'cloudevent-structured',
    valid(
      "The kit's CloudEvents binding, structured mode: the receipt is the event's data; its id, source, type and time are the event's own attributes, and aer1provenance / aer1schemaversion mirror the receipt. Verified with every receipt rule.",
      '§2.6 wrapped receipts (CloudEvents binding)',
      JSON.stringify(cloudEvent(), null, 2),
      {
        kind: 'cloudevent-receipt',
        infos: [ceInfo('data', 'a structured CloudEvent', CE_REST, '/data')],
        statuses: {
          'receipt.wrapped': 'info',
          'receipt.wrapped.extension_agreement': 'pass',
          'receipt.wrapped.outer_agreement': [],
          'receipt.output_hash.match': 'pass',
        },
      },
    ),
  );
  add(
    'cloudevent-eventbridge',
    valid(
      "The kit's binding on AWS EventBridge: the CloudEvent is the event's detail, so the receipt is at detail.data. The EventBridge event's own id and time are not the receipt's.",
      '§2.6 wrapped receipts (CloudEvents binding)',
      JSON.stringify(eventBridge(cloudEvent()), null, 2),
      {
        kind: 'eventbridge-receipt',
        infos: [
          ceInfo(
            'detail.data',
            'an EventBridge event carrying a CloudEvent',
            EB_REST,
            '/detail/data',
          ),
        ],
        statuses: {
          'receipt.wrapped.extension_agreement': 'pass',
          'receipt.wrapped.outer_agreement': [],
        },
      },
    ),
  );
  add(
    'cloudevent-event-id-not-receipt-id',
    valid(
      "A CloudEvent whose id and time are the event's own (not the receipt's id and created_at): they are CloudEvents attributes, never read as receipt members.",
      '§2.6 wrapped receipts (CloudEvents binding)',
      text(
        cloudEvent(MINIMAL, {
          id: 'evt-000417',
          time: '2026-09-27T09:00:02Z',
          source: '/agents/ledger',
        }),
      ),
      {
        kind: 'cloudevent-receipt',
        statuses: { 'receipt.wrapped.outer_agreement': [], 'receipt.id.format': 'pass' },
      },
    ),
  );
  add(
    'cloudevent-aer1provenance-relabelled',
    failing(
      "The CloudEvent's aer1provenance says OBSERVED VIA GATEWAY while the receipt it carries says EXECUTED BY ZAMBO: a router reading the attribute would see another class than the receipt commits.",
      '§2.6 wrapped receipts (CloudEvents binding); §2.3 provenance',
      text(cloudEvent(MINIMAL, { aer1provenance: 'OBSERVED VIA GATEWAY' })),
      [
        {
          message: "the CloudEvent's aer1provenance does not equal the receipt's provenance_class",
          path: '/aer1provenance',
        },
      ],
      {
        kind: 'cloudevent-receipt',
        statuses: {
          'receipt.wrapped.extension_agreement': ['fail', 'pass'],
          'receipt.output_hash.match': 'pass',
        },
      },
    ),
  );
  add(
    'cloudevent-eventbridge-aer1schemaversion-other',
    failing(
      'On EventBridge, the CloudEvent at detail says aer1schemaversion 0.4 around a 0.3 receipt.',
      '§2.6 wrapped receipts (CloudEvents binding)',
      text(eventBridge(cloudEvent(MINIMAL, { aer1schemaversion: '0.4' }))),
      [
        {
          message:
            "the CloudEvent's aer1schemaversion does not equal the receipt's receipt_schema_version",
          path: '/detail/aer1schemaversion',
        },
      ],
      { kind: 'eventbridge-receipt' },
    ),
  );
  add(
    'cloudevent-data-output_hash-other',
    failing(
      'A CloudEvent carrying a receipt whose output_hash is not the digest of its bytes: the receipt rules run on data, and fail there.',
      '§2.6 wrapped receipts (CloudEvents binding); §2.1 output_hash',
      text(cloudEvent(receiptWith({ output_hash: `sha256:${'1'.repeat(64)}` }))),
      [{ message: MSG.hashMatch, path: '/data/output_hash' }],
      { kind: 'cloudevent-receipt' },
    ),
  );
  add(
    'cloudevent-outer-output_hash-other',
    failing(
      "A CloudEvent that also carries an output_hash of its own, not the receipt's: only data is verified, so the outer value must agree or be left out.",
      '§2.6 wrapped receipts (CloudEvents binding)',
      text(cloudEvent(MINIMAL, { output_hash: `sha256:${'2'.repeat(64)}` })),
      [
        {
          message: "the outer object's output_hash does not equal the wrapped receipt's",
          path: '/output_hash',
        },
      ],
      { kind: 'cloudevent-receipt' },
    ),
  );
  add(
    'cloudevent-of-another-type',
    failing(
      'A CloudEvent of another type whose data is no receipt: not an AER-1 document.',
      '§1 detection',
      text({
        specversion: '1.0',
        id: 'a-1',
        source: '/billing',
        type: 'com.example.invoice.paid',
        data: { invoice: 42 },
      }),
      [{ message: 'unrecognised document: a JSON object of no AER-1 kind', path: '' }],
      { kind: 'unknown' },
    ),
  );

  // -- §1 one kind per document: a wrapper beside another kind's members, an outer object that
  // says something of its own about the receipt it wraps (issue 30) ------------------------------
  const ambiguous = (other: string): string =>
    `this object is both a wrapped receipt (envelope.receipt) and ${other}`;
  const stepId = 'e80168eb-a6a1-4ec9-8478-ac108f9397ff';
  add(
    'wrapped-envelope-receipt-beside-workflow-members',
    failing(
      'A workflow receipt whose merkle_root is 64 zeros, with a valid receipt at envelope.receipt: read as the wrapped receipt alone it would verify and the broken root would never count. An object of two kinds is refused, naming the members not verified.',
      '§1 document kinds; §3.2 merkle_root',
      text({
        type: 'verifiable-workflow-receipt',
        version: '1',
        steps: [{ seq: 1, receipt_id: stepId }],
        merkle_root: '0'.repeat(64),
        envelope: { receipt: MINIMAL },
      }),
      [{ message: ambiguous('a workflow receipt'), path: '/type' }],
      { statuses: { 'receipt.output_hash.match': 'pass' } },
    ),
  );
  add(
    'wrapped-envelope-receipt-beside-timeline',
    failing(
      'A job timeline whose link is broken, beside a valid receipt at envelope.receipt: refused as two kinds.',
      '§1 document kinds; §4.3',
      text({
        timeline: [{ id: 'r-0', job_id: 'j', seq: 1, prev_digest: '1'.repeat(64) }],
        envelope: { receipt: MINIMAL },
      }),
      [{ message: ambiguous('a job timeline (hash chain)'), path: '/timeline' }],
    ),
  );
  add(
    'wrapped-envelope-receipt-outer-output_hash-other',
    failing(
      'The outer object carries receipt members of its own around a valid envelope.receipt, its output_hash not the digest of its canonical_bytes: the pair fails where it sits, and the outer object disagrees with the receipt it wraps.',
      '§2.6 wrapped receipts; §2.1 output_hash',
      text({
        ...receiptWith({ output_hash: `sha256:${'1'.repeat(64)}` }),
        envelope: { receipt: MINIMAL },
      }),
      [
        {
          message: 'the document: output_hash does not match sha256(canonical_bytes)',
          path: '/output_hash',
        },
        {
          message: "the outer object's output_hash does not equal the wrapped receipt's",
          path: '/output_hash',
        },
      ],
    ),
  );
  add(
    'wrapped-envelope-receipt-outer-canonical_bytes-not-base64',
    failing(
      'The outer object carries canonical_bytes that are not base64 beside the wrapped receipt.',
      '§2.6 wrapped receipts; §2.1 canonical_bytes',
      text({
        canonical_bytes: 'not base64!',
        output_hash: SPEC_MINIMAL_HASH,
        envelope: { receipt: MINIMAL },
      }),
      [
        { message: 'the document: canonical_bytes is not valid base64', path: '/canonical_bytes' },
        {
          message: "the outer object's canonical_bytes does not equal the wrapped receipt's",
          path: '/canonical_bytes',
        },
      ],
    ),
  );
  add(
    'wrapped-envelope-receipt-outer-id-other',
    failing(
      'The outer object names another receipt id than the receipt it wraps: which receipt is this answer about?',
      '§2.6 wrapped receipts',
      text({ id: 'c6c63ac5-f324-4fa7-ad58-c4bf83faa86a', envelope: { receipt: MINIMAL } }),
      [{ message: "the outer object's id does not equal the wrapped receipt's", path: '/id' }],
    ),
  );
  add(
    'wrapped-envelope-receipt-outer-echoes-receipt',
    valid(
      'The outer object repeats every member of the receipt it wraps, exactly: nothing is said twice differently, so it verifies.',
      '§2.6 wrapped receipts',
      text({ ...MINIMAL, envelope: { receipt: MINIMAL } }),
      {
        statuses: {
          'receipt.wrapped.outer_agreement': 'pass',
          'document.carried_commitment': 'pass',
        },
      },
    ),
  );
  add(
    'extra-member-prev_digest',
    valid(
      'A receipt with an extra prev_digest member: it also looks like a lone timeline entry, but that reading only names a broken entry, so the receipt is one kind and its extra member is allowed.',
      '§1 document kinds; §2.1 extra members allowed',
      text(receiptWith({ prev_digest: '0'.repeat(64) })),
      { statuses: { 'document.kind.ambiguous': [] } },
    ),
  );

  // -- §1 one kind per object, at every depth: the receipt a wrapper carries is verified as a
  // per-call receipt, so it must be of one kind as a document must (issue 30) -----------------------
  const zeroRootWorkflow: Receipt = {
    type: 'verifiable-workflow-receipt',
    version: '1',
    steps: [{ seq: 1, receipt_id: stepId }],
    merkle_root: '0'.repeat(64),
  };
  const innerAmbiguous = (other: string): string =>
    `this object is both a per-call receipt and ${other}`;
  add(
    'wrapped-envelope-receipt-inner-beside-workflow-members',
    failing(
      "The receipt at envelope.receipt is valid and also carries a workflow receipt's members, its merkle_root 64 zeros: read as the receipt alone it would verify and the root would never count, though the same object given alone is refused as two kinds. The receipt a wrapper carries is refused as two kinds too, naming the workflow's members.",
      '§1 document kinds; §2.6 wrapped receipts; §3.2 merkle_root',
      text({ envelope: { receipt: { ...MINIMAL, ...zeroRootWorkflow } } }),
      [{ message: innerAmbiguous('a workflow receipt'), path: '/envelope/receipt/type' }],
      { statuses: { 'receipt.output_hash.match': 'pass' } },
    ),
  );
  add(
    'wrapped-envelope-receipt-inner-beside-broken-timeline',
    failing(
      'The receipt at envelope.receipt is valid and also carries a timeline whose genesis link is broken: refused as two kinds at the depth where it sits.',
      '§1 document kinds; §2.6 wrapped receipts; §4.3',
      text({
        envelope: {
          receipt: {
            ...MINIMAL,
            timeline: [{ id: 'r-0', job_id: 'j', seq: 1, prev_digest: '1'.repeat(64) }],
          },
        },
      }),
      [
        {
          message: innerAmbiguous('a job timeline (hash chain)'),
          path: '/envelope/receipt/timeline',
        },
      ],
    ),
  );
  add(
    'wrapped-envelope-receipt-inner-wraps-another',
    failing(
      'The receipt at envelope.receipt carries an envelope.receipt of its own, whose output_hash is not the digest of its bytes: a wrapper inside the receipt a wrapper carries is a second kind, refused.',
      '§1 document kinds; §2.6 wrapped receipts',
      text({
        envelope: {
          receipt: {
            ...MINIMAL,
            envelope: { receipt: receiptWith({ output_hash: `sha256:${'1'.repeat(64)}` }) },
          },
        },
      }),
      [
        {
          message: innerAmbiguous('a wrapped receipt (envelope.receipt)'),
          path: '/envelope/receipt/envelope',
        },
      ],
    ),
  );
  add(
    'cloudevent-data-beside-workflow-members',
    failing(
      "A CloudEvent whose data is a valid receipt that also carries a workflow receipt's members with a merkle_root of 64 zeros: the receipt at data is refused as two kinds.",
      '§1 document kinds; §2.6 wrapped receipts (CloudEvents binding)',
      JSON.stringify(cloudEvent({ ...MINIMAL, ...zeroRootWorkflow }), null, 2),
      [{ message: innerAmbiguous('a workflow receipt'), path: '/data/type' }],
      { kind: 'cloudevent-receipt' },
    ),
  );
  add(
    'cloudevent-eventbridge-detail-data-beside-workflow-members',
    failing(
      "The same receipt at an EventBridge event's detail.data: refused as two kinds there.",
      '§1 document kinds; §2.6 wrapped receipts (CloudEvents binding)',
      text(eventBridge(cloudEvent({ ...MINIMAL, ...zeroRootWorkflow }))),
      [{ message: innerAmbiguous('a workflow receipt'), path: '/detail/data/type' }],
      { kind: 'eventbridge-receipt' },
    ),
  );
  add(
    'wrapped-envelope-receipt-inner-extra-member-prev_digest',
    valid(
      'The receipt at envelope.receipt carries an extra prev_digest: that reads as a broken lone timeline entry only, which names no commitment of its own, so the receipt is one kind.',
      '§1 document kinds; §2.1 extra members allowed',
      text({ envelope: { receipt: receiptWith({ prev_digest: '0'.repeat(64) }) } }),
      { statuses: { 'document.kind.ambiguous': [] } },
    ),
  );

  // -- §2.6 evidence ----------------------------------------------------------------------------------------
  const evidenceText = '{"request":{"pair":"BTC/USD"},"response":{"price":"97412.55"}}\n';
  const evidenceDigest = sha256Hex(evidenceText);
  const evidenceLength = Buffer.byteLength(evidenceText, 'utf8');
  const withEvidence = (extra: Receipt = {}): string =>
    text(
      receiptWith({
        evidence_sha256: `sha256:${evidenceDigest}`,
        evidence_byte_length: evidenceLength,
        evidence_url: 'https://zambo.dev/api/receipt/b6c63ac5-f324-4fa7-ad58-c4bf83faa86a/evidence',
        ...extra,
      }),
    );
  add('evidence_sha256-matching-file', {
    description:
      'evidence_sha256 and evidence_byte_length with the matching evidence file supplied: evidence linkage passes.',
    spec: '§2.6 evidence_sha256',
    input: withEvidence(),
    supplied: [{ name: 'evidence.json', text: evidenceText }],
    expect: {
      verdict: 'verified',
      dimensions: { evidence_linkage: 'pass', byte_integrity: 'pass', schema_validity: 'pass' },
      statuses: {
        'receipt.evidence_sha256.format': 'pass',
        'receipt.evidence_sha256.match': 'pass',
        'receipt.evidence_byte_length': 'pass',
      },
    },
  });
  add('evidence_sha256-non-matching-file', {
    description:
      'evidence_sha256 with a different file supplied (one changed character): evidence linkage fails.',
    spec: '§2.6 evidence_sha256',
    input: withEvidence(),
    supplied: [{ name: 'evidence.json', text: evidenceText.replace('97412.55', '97412.56') }],
    expect: {
      verdict: 'failed',
      dimensions: { evidence_linkage: 'fail', byte_integrity: 'pass', schema_validity: 'pass' },
      failures: [{ message: OWN.evidenceNoMatch, path: '/evidence_sha256' }],
    },
  });
  add('evidence_sha256-without-file', {
    description:
      'evidence_sha256 and no evidence file: unavailable (present, but not checkable without the file; neither success nor failure); the receipt itself verifies.',
    spec: '§2.6 evidence_sha256; §6 unavailable',
    input: withEvidence(),
    expect: {
      verdict: 'verified',
      dimensions: { evidence_linkage: 'unavailable' },
      statuses: { 'receipt.evidence_sha256.match': 'unavailable' },
    },
  });
  add('evidence_byte_length-mismatch', {
    description:
      'The supplied file matches evidence_sha256, but evidence_byte_length says one byte more.',
    spec: '§2.6 evidence_byte_length',
    input: withEvidence({ evidence_byte_length: evidenceLength + 1 }),
    supplied: [{ name: 'evidence.json', text: evidenceText }],
    expect: {
      verdict: 'failed',
      dimensions: { evidence_linkage: 'fail' },
      failures: [{ message: OWN.evidenceLength, path: '/evidence_byte_length' }],
      statuses: { 'receipt.evidence_sha256.match': 'pass', 'receipt.evidence_byte_length': 'fail' },
    },
  });
  for (const [name, lexeme, what] of [
    [
      'evidence_byte_length-float-precision',
      `${evidenceLength}.0000000000000001`,
      `a fraction that rounds to ${evidenceLength} as a double`,
    ],
    ['evidence_byte_length-fraction-zero', `${evidenceLength}.0`, 'a zero fraction'],
  ] as const) {
    add(name, {
      description: `The supplied file matches evidence_sha256, and evidence_byte_length is written ${lexeme} (${what}): a length is a plain integer lexeme, compared exactly, so it does not pass as ${evidenceLength}.`,
      spec: '§2.6 evidence_byte_length',
      input: withEvidence().replace(
        `"evidence_byte_length":${evidenceLength}`,
        `"evidence_byte_length":${lexeme}`,
      ),
      supplied: [{ name: 'evidence.json', text: evidenceText }],
      expect: {
        verdict: 'failed',
        dimensions: { evidence_linkage: 'fail' },
        failures: [{ message: OWN.evidenceLength, path: '/evidence_byte_length' }],
        statuses: {
          'receipt.evidence_sha256.match': 'pass',
          'receipt.evidence_byte_length': 'fail',
        },
      },
    });
  }
  {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0xfe]);
    add('evidence_sha256-binary-file', {
      description:
        'Binary evidence (not UTF-8) supplied as bytes: the digest is over the bytes exactly.',
      spec: '§2.6 evidence_sha256',
      input: text(
        receiptWith({
          evidence_sha256: `sha256:${sha256Hex(binary)}`,
          evidence_byte_length: binary.length,
        }),
      ),
      supplied: [{ name: 'screenshot.png', base64: binary.toString('base64') }],
      expect: {
        verdict: 'verified',
        dimensions: { evidence_linkage: 'pass' },
        statuses: {
          'receipt.evidence_sha256.match': 'pass',
          'receipt.evidence_byte_length': 'pass',
        },
      },
    });
  }
  add(
    'evidence_sha256-uppercase',
    failing(
      'evidence_sha256 in uppercase hex.',
      '§2.6 evidence_sha256 (sha256:<hex>)',
      withEvidence({ evidence_sha256: `sha256:${evidenceDigest.toUpperCase()}` }),
      [{ message: OWN.evidenceFormat, path: '/evidence_sha256' }],
    ),
  );
  const reference = (digest: string): Receipt => ({
    evidence_references: [
      {
        type: 'http-capture',
        url: 'https://zambo.dev/evidence/1',
        kid: 'k1',
        relationship: 'source',
        description: 'upstream response',
        canonical_sha256: digest,
      },
    ],
  });
  add('evidence_references-matching-file', {
    description:
      'evidence_references[0].canonical_sha256 (sha256-<hex>, with a hyphen) and the matching file supplied.',
    spec: '§2.6 evidence_references',
    input: text(receiptWith(reference(`sha256-${evidenceDigest}`))),
    supplied: [{ name: 'evidence.json', text: evidenceText }],
    expect: {
      verdict: 'verified',
      dimensions: { evidence_linkage: 'pass' },
      statuses: {
        'receipt.evidence_references.format': 'pass',
        'receipt.evidence_references.match': 'pass',
      },
    },
  });
  add('evidence_references-without-file', {
    description: 'evidence_references with no file supplied: unavailable.',
    spec: '§2.6 evidence_references',
    input: text(receiptWith(reference(`sha256-${evidenceDigest}`))),
    expect: {
      verdict: 'verified',
      dimensions: { evidence_linkage: 'unavailable' },
      statuses: { 'receipt.evidence_references.match': 'unavailable' },
    },
  });
  {
    const otherEvidence = '{"screenshot":"upstream page"}';
    add('evidence_sha256-with-only-a-reference-file', {
      description:
        "Both evidence_sha256 and an evidence reference; only the reference's file is supplied. That file is accounted for, so evidence_sha256 is unavailable (the file was not meant for it), not failed, and so is the dimension.",
      spec: '§2.6 evidence_sha256, evidence_references; §6 unavailable',
      input: text(
        receiptWith({
          evidence_sha256: `sha256:${evidenceDigest}`,
          ...reference(`sha256-${sha256Hex(otherEvidence)}`),
        }),
      ),
      supplied: [{ name: 'screenshot.json', text: otherEvidence }],
      expect: {
        verdict: 'verified',
        dimensions: { evidence_linkage: 'unavailable' },
        statuses: {
          'receipt.evidence_sha256.match': 'unavailable',
          'receipt.evidence_references.match': 'pass',
        },
      },
    });
  }
  add(
    'evidence_references-colon-prefix',
    failing(
      'canonical_sha256 written sha256:<hex> (the output_hash form) instead of sha256-<hex>.',
      '§2.6 evidence_references (note the hyphen)',
      text(receiptWith(reference(`sha256:${evidenceDigest}`))),
      [{ message: OWN.referenceFormat(0), path: '/evidence_references/0/canonical_sha256' }],
    ),
  );

  // -- §2.4 a receipt fetched by id ------------------------------------------------------------
  add('retrieved-id-matches', {
    ...valid(
      'The receipt was fetched by its id (a /run/<id> link): the retrieved receipt carries the id asked for.',
      '§2.4 step 1',
      text(MINIMAL),
      { statuses: { 'receipt.retrieved_id': 'pass' } },
    ),
    retrieved_as: 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a',
  });
  add('retrieved-id-differs', {
    ...failing(
      'A resolver answered a request for one id with another receipt: the receipt is valid in itself, but not the one asked for.',
      '§2.4 step 1',
      text(MINIMAL),
      [{ message: OWN.retrievedId, path: '/id' }],
      { statuses: { 'receipt.retrieved_id': 'fail' } },
    ),
    retrieved_as: '0d0c8f0e-5b5e-4c8e-9a59-3f3c1b2a7e11',
  });

  // -- §1 documents of no kind ------------------------------------------------------------------
  add(
    'document-of-no-kind',
    failing(
      'A JSON object with none of the members of any AER-1 document: unrecognised, with the list of accepted kinds.',
      '§1 detection',
      text({ hello: 'world' }),
      [{ message: 'unrecognised document: a JSON object of no AER-1 kind', path: '' }],
      { statuses: { 'document.kind': 'fail' } },
    ),
  );
  add(
    'document-not-json',
    failing(
      'Text that starts like JSON but does not parse: a failed report with the parse position, never a crash.',
      '§1 detection',
      '{\n  "id": ,\n}',
      [
        {
          message: "Unexpected character ',': expected a JSON value at line 2, column 9",
          path: '',
        },
      ],
      { statuses: { 'json.syntax': 'fail' } },
    ),
  );

  // -- §2 batches -----------------------------------------------------------------------------------------------
  add(
    'batch-array-one-bad',
    failing(
      'A JSON array of two receipts, the second with an uppercase id: the batch fails and the failure points at /1/id.',
      '§1 receipt batch; §2.1 id',
      text([MINIMAL, receiptWith({ id: 'B6C63AC5-F324-4FA7-AD58-C4BF83FAA86A' })]),
      [{ message: MSG.id, path: '/1/id' }],
    ),
  );
  add(
    'batch-json-lines',
    valid(
      'JSON Lines: two valid receipts, one per line, with a trailing newline.',
      '§1 receipt batch (JSON Lines); §2.6',
      `${text(MINIMAL)}\n${text(receiptWith({ provenance_class: 'LOGGED BY AGENT' }))}\n`,
    ),
  );
  add(
    'batch-member-is-an-array',
    failing(
      'A batch whose second member is itself an array: batches are flat lists of documents.',
      '§1 receipt batch',
      text([MINIMAL, [MINIMAL]]),
      [
        {
          message: 'a batch member is itself an array; batches are flat lists of documents',
          path: '/1',
        },
      ],
      { statuses: { 'batch.members': 'info' } },
    ),
  );
  add(
    'batch-json-lines-duplicate',
    failing(
      'JSON Lines whose second record repeats a member: the path names the record.',
      '§1 JSON Lines; §2.2 duplicate member names',
      `${text(MINIMAL)}\n${text(MINIMAL).replace('{', '{"created_at":"2026-09-27T09:00:00.000Z",')}\n`,
      [{ message: OWN.duplicate('created_at'), path: '/1/created_at' }],
    ),
  );

  return v;
}

/** A case in the one vector format (src/conformance/vector-file.ts), its members in their order. */
export interface VectorFile {
  description: string;
  spec: string;
  now: string;
  policy?: { maxFutureMs?: number; maxAgeMs?: number };
  retrieved_as?: string;
  expect: {
    verdict: string;
    kind?: string;
    checks?: { status: string; message: string; path: string }[];
    complete?: string[];
    outcomes?: Record<string, string[]>;
    dimensions?: Partial<Record<string, string>>;
    profiles?: Record<string, string>;
    details?: { canonicalText?: string; canonicalBytes?: { length: number } };
  };
  text: string;
  supplied?: { name: string; text?: string; base64?: string }[];
}

/** A case in the one format, its members in the format's order (clock, expectation, documents). */
function toVectorFile(c: ReceiptCase): VectorFile {
  const e = c.expect;
  const check = (status: string) => (f: { message: string; path: string }) => ({
    status,
    message: f.message,
    path: f.path,
  });
  const checks = [
    ...(e.failures ?? []).map(check('fail')),
    ...(e.warnings ?? []).map(check('warning')),
    ...(e.infos ?? []).map(check('info')),
  ];
  const details: NonNullable<VectorFile['expect']['details']> = {};
  if (e.canonical_text !== undefined) details.canonicalText = e.canonical_text;
  if (e.canonical_length !== undefined) details.canonicalBytes = { length: e.canonical_length };
  const expect: VectorFile['expect'] = { verdict: e.verdict };
  if (e.kind !== undefined) expect.kind = e.kind;
  if (checks.length > 0) expect.checks = checks;
  // A vector that does not fail has no failure at all, batch members' included.
  if (e.verdict !== 'failed') expect.complete = ['fail'];
  if (e.statuses)
    expect.outcomes = Object.fromEntries(
      Object.entries(e.statuses).map(([rule, s]) => [rule, Array.isArray(s) ? s : [s]]),
    );
  if (e.dimensions !== undefined) expect.dimensions = e.dimensions;
  if (e.profiles !== undefined) expect.profiles = e.profiles;
  if (Object.keys(details).length > 0) expect.details = details;
  return {
    description: c.description,
    spec: c.spec,
    now: VECTOR_NOW,
    ...(c.policy !== undefined ? { policy: c.policy } : {}),
    ...(c.retrieved_as !== undefined ? { retrieved_as: c.retrieved_as } : {}),
    expect,
    text: c.input,
    ...(c.supplied && c.supplied.length > 0
      ? {
          supplied: c.supplied.map((d) =>
            d.base64 !== undefined
              ? { name: d.name, base64: d.base64 }
              : { name: d.name, text: d.text ?? '' },
          ),
        }
      : {}),
  };
}

export function serialiseVector(vector: VectorFile): string {
  return JSON.stringify(vector, null, 2) + '\n';
}

/** Where the vectors are committed; `--out <folder>` writes elsewhere (generators.test.ts). */
const VECTOR_FOLDER = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../src/core/receipt/vectors',
);

function main(): void {
  const outIndex = process.argv.indexOf('--out');
  const folder = outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : VECTOR_FOLDER;
  if (folder === '') throw new Error('make-vectors: --out needs a folder');
  const vectors = buildVectors();
  for (const [name, vector] of vectors) writeFileSync(join(folder, name), serialiseVector(vector));
  console.log(`wrote ${vectors.size} vectors to ${folder}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
