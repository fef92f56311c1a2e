/**
 * Per-call receipt rules (spec §2.1, §2.2). Failure messages use the reference wording so
 * results compare with the reference conformance runner; rule ids are ours and stable.
 */
import type { CheckList } from '../checks';
import { decodeBase64Strict, describeBase64Problem } from '../encoding/base64';
import { isDigest, lenientDigestHex, parseDigest, prefixedDigest } from '../encoding/digest';
import { bytesToHex } from '../encoding/hex';
import { checkRfc3339 } from '../encoding/rfc3339';
import { decodeUtf8Strict } from '../encoding/utf8';
import type { Hashing } from '../hash/sha256';
import {
  describeType,
  type DuplicateMember,
  member,
  pointerOf,
  toPlain,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { DEFAULT_MAX_DEPTH, JsonNestingError, parseJson } from '../json/parse';
import { defineRules, type Rule } from '../rules/rule';
import type { ReceiptDetails } from './details';
import { isReferenceCanonicalForm } from './canonical-form';
import { PROVENANCE_CLASS } from './provenance';

export const REQUIRED_MEMBERS = [
  'id',
  'receipt_schema_version',
  'created_at',
  'tool',
  'provenance_class',
  'canonical_bytes',
  'output_hash',
  'verification_status',
] as const;

/** A §2.1 presence rule: one id per core member, so a report names which one is missing. */
function presence<N extends (typeof REQUIRED_MEMBERS)[number]>(name: N): Rule {
  return {
    id: `receipt.${name}.present`,
    dimension: 'schema_validity',
    section: '§2.1',
    fail: `missing required member: ${name}`,
  };
}

/** §2.1: the eight presence rules, keyed by member name. */
export const RECEIPT_PRESENCE_RULES = defineRules({
  id: presence('id'),
  receipt_schema_version: presence('receipt_schema_version'),
  created_at: presence('created_at'),
  tool: presence('tool'),
  provenance_class: presence('provenance_class'),
  canonical_bytes: presence('canonical_bytes'),
  output_hash: presence('output_hash'),
  verification_status: presence('verification_status'),
});

/**
 * The per-call receipt rules (§2.1 core members, §2.2 additional checks). Failure templates
 * are the reference wording of §2.1.
 */
export const RECEIPT_RULES = defineRules({
  object: {
    id: 'receipt.object',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'receipt is a JSON object',
    fail: 'receipt is not a JSON object',
  },
  membersPresent: {
    id: 'receipt.members.present',
    dimension: 'schema_validity',
    section: '§2.1',
    // Each missing member fails its own presence rule (RECEIPT_PRESENCE_RULES).
    pass: 'all eight core members are present',
  },
  idFormat: {
    id: 'receipt.id.format',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'id is a lowercase UUID',
    fail: 'id is not a lowercase UUID',
  },
  schemaVersionFormat: {
    id: 'receipt.receipt_schema_version.format',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'receipt_schema_version is a non-empty string',
    fail: 'receipt_schema_version is not a non-empty string',
  },
  createdAtType: {
    id: 'receipt.created_at.type',
    dimension: 'schema_validity',
    section: '§2.1',
    fail: 'created_at is not a string',
  },
  createdAtRfc3339: {
    id: 'receipt.created_at.rfc3339',
    dimension: 'schema_validity',
    section: '§2.1',
    fail: 'created_at is not RFC 3339',
  },
  createdAtCalendar: {
    id: 'receipt.created_at.calendar',
    dimension: 'schema_validity',
    section: '§2.1',
    fail: 'created_at is not a valid calendar date/time',
  },
  createdAtFormat: {
    id: 'receipt.created_at.format',
    dimension: 'schema_validity',
    section: '§2.1',
    // Failures are the type, rfc3339 and calendar rules above.
    pass: 'created_at is a valid RFC 3339 date-time',
  },
  createdAtFuture: {
    id: 'receipt.created_at.future',
    dimension: 'schema_validity',
    section: '§2.2',
    pass: 'created_at is not in the future (5 min clock skew allowed)',
    fail: 'created_at is in the future',
  },
  toolShape: {
    id: 'receipt.tool.shape',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'tool has non-empty name, version and scope',
    fail: 'tool is not an object with name/version/scope strings',
  },
  provenanceClassKnown: {
    id: 'receipt.provenance_class.known',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'provenance_class is a known class',
    fail: 'provenance_class is not a known class',
  },
  canonicalBytesBase64: {
    id: 'receipt.canonical_bytes.base64',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'canonical_bytes is strict base64 (<length> bytes)',
    fail: 'canonical_bytes is not valid base64',
  },
  canonicalBytesUtf8: {
    id: 'receipt.canonical_bytes.utf8',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'canonical_bytes decode to strict UTF-8',
    fail: 'canonical_bytes is not valid UTF-8',
  },
  outputHashFormat: {
    id: 'receipt.output_hash.format',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'output_hash is sha256: + lowercase hex',
    fail: 'output_hash is not sha256: + lowercase hex digest',
  },
  outputHashMatch: {
    id: 'receipt.output_hash.match',
    dimension: 'byte_integrity',
    section: '§2.1',
    // <which>: "output_hash matches", or "the digest in output_hash equals" with the <caveat>
    // that it is not written in the §2.1 form (that is the format rule's failure, not this one's).
    pass: '<which> sha256(canonical_bytes)<caveat>',
    fail: 'output_hash does not match sha256(canonical_bytes)',
    unavailable:
      'output_hash could not be recomputed: canonical_bytes are missing or not valid base64',
  },
  verificationStatus: {
    id: 'receipt.verification_status',
    dimension: 'schema_validity',
    section: '§2.1',
    pass: 'verification_status is "verified"',
    fail: 'verification_status is not verified',
  },
  canonicalByteLength: {
    id: 'receipt.canonical_byte_length',
    dimension: 'byte_integrity',
    section: '§2.2',
    pass: 'canonical_byte_length equals the decoded length (<length>)',
    fail: 'canonical_byte_length does not match the decoded length',
  },
  innerDepth: {
    id: 'receipt.inner.depth',
    dimension: 'byte_integrity',
    section: '§2.2',
    unavailable:
      'canonical_bytes nest deeper than <depth> levels, so outer/inner agreement could not be checked',
  },
  innerDuplicateMember: {
    id: 'receipt.inner.duplicate_member',
    dimension: 'schema_validity',
    section: '§2.2',
    fail: 'canonical_bytes commit <member> more than once (duplicate member names)',
  },
  innerSchemaVersion: {
    id: 'receipt.inner.receipt_schema_version',
    dimension: 'byte_integrity',
    section: '§2.2',
    pass: 'receipt_schema_version agrees with the version inside canonical_bytes',
    fail: 'receipt_schema_version does not match the version committed in canonical_bytes',
  },
  innerProvenanceClass: {
    id: 'receipt.inner.provenance_class',
    dimension: 'byte_integrity',
    section: '§2.2',
    pass: 'provenance_class agrees with issuer_claims.provenance_class inside canonical_bytes',
    fail: 'provenance_class does not match issuer_claims.provenance_class committed in canonical_bytes',
  },
  payloadForm: {
    id: 'receipt.payload.form',
    dimension: 'byte_integrity',
    section: '§2.2',
    // <form>: key-sorted compact JSON, other JSON, not a JSON object, or nested too deeply.
    info: 'the decoded payload <form>',
  },
  referenceProducerInputs: {
    id: 'profile.reference-producer.inputs',
    dimension: 'schema_validity',
    section: '§2.2',
    warning: "reference-producer payload omits the 'inputs' member",
  },
  metadataHash: {
    id: 'receipt.metadata_hash',
    dimension: 'byte_integrity',
    section: '§2.2',
    unavailable:
      'metadata_hash is present but its preimage construction is not published, so it cannot be recomputed',
  },
  resultPreview: {
    id: 'receipt.result_preview',
    dimension: 'byte_integrity',
    section: '§2.6',
    info: 'result_preview is for humans and was not compared; only canonical_bytes are committed',
  },
});

/** Short name for the table inside this module. */
const R = RECEIPT_RULES;

export const LOWERCASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Clock skew tolerated before a created_at counts as future-dated. */
export const FUTURE_SKEW_MS = 5 * 60_000;

export interface ReceiptContext {
  hashing: Hashing;
  /** Current time in ms since the epoch (injected so tests are repeatable). */
  now: number;
}

/** What the rules learned, for the report details and for later checks (anchors, linkage). */
export interface ReceiptFacts {
  details: ReceiptDetails;
  object?: JsonObject;
  /** Decoded canonical bytes when the base64 was valid. */
  bytes?: Uint8Array;
  /** "sha256:<hex>" recomputed from the decoded bytes. */
  computedOutputHash?: string;
  outputHashMatches: boolean;
}

export function checkReceipt(node: JsonValue, ctx: ReceiptContext, list: CheckList): ReceiptFacts {
  const details: ReceiptDetails = { type: 'receipt', receiptPath: '' };
  if (node.type !== 'object') {
    list.fail(R.object, node, {
      expected: 'object',
      found: describeType(node),
    });
    return { details, outputHashMatches: false };
  }
  const receipt = node;
  details.receiptPath = pointerOf(receipt);
  list.pass(R.object, receipt);

  let missing = 0;
  for (const name of REQUIRED_MEMBERS) {
    if (!receipt.byName.has(name)) {
      missing++;
      list.fail(RECEIPT_PRESENCE_RULES[name], receipt);
    }
  }
  if (missing === 0) {
    list.pass(R.membersPresent, receipt);
  }

  checkId(receipt, list, details);
  checkSchemaVersion(receipt, list, details);
  checkCreatedAt(receipt, ctx, list, details);
  checkTool(receipt, list, details);
  checkProvenanceClass(receipt, list, details);
  const bytes = checkCanonicalBytes(receipt, list, details);
  const hash = checkOutputHash(receipt, bytes, ctx, list, details);
  checkVerificationStatus(receipt, list);
  if (bytes) {
    checkCanonicalByteLength(receipt, bytes, list);
    // Parsed once: both the agreement rule and the form note read the same payload.
    const payload =
      details.canonicalText !== undefined ? tryParseObject(details.canonicalText) : undefined;
    checkInnerAgreement(receipt, payload, details, list);
    checkPayloadForm(payload, details, list);
  }
  checkMetadataHash(receipt, list);

  const preview = member(receipt, 'result_preview');
  if (preview) {
    list.info(R.resultPreview, preview);
  }
  const publisherChecks = member(receipt, 'checks');
  if (publisherChecks) details.publisherChecks = toPlain(publisherChecks);

  const facts: ReceiptFacts = { details, object: receipt, outputHashMatches: hash.matches };
  if (bytes) facts.bytes = bytes;
  if (hash.computed) facts.computedOutputHash = hash.computed;
  return facts;
}

function checkId(receipt: JsonObject, list: CheckList, details: ReceiptDetails): void {
  const id = member(receipt, 'id');
  if (!id) return;
  if (id.type === 'string') details.id = id.value;
  if (id.type === 'string' && LOWERCASE_UUID.test(id.value)) {
    list.pass(R.idFormat, id);
  } else {
    list.fail(R.idFormat, id, {
      expected: 'lowercase UUID (8-4-4-4-12 hex), nothing around it',
      found: describeType(id),
    });
  }
}

function checkSchemaVersion(receipt: JsonObject, list: CheckList, details: ReceiptDetails): void {
  const version = member(receipt, 'receipt_schema_version');
  if (!version) return;
  if (version.type === 'string' && version.value.length > 0) {
    details.receiptSchemaVersion = version.value;
    list.pass(R.schemaVersionFormat, version);
  } else {
    list.fail(R.schemaVersionFormat, version, {
      expected: 'non-empty string',
      found: describeType(version),
    });
  }
}

function checkCreatedAt(
  receipt: JsonObject,
  ctx: ReceiptContext,
  list: CheckList,
  details: ReceiptDetails,
): void {
  const createdAt = member(receipt, 'created_at');
  if (!createdAt) return;
  if (createdAt.type !== 'string') {
    list.fail(R.createdAtType, createdAt, { found: describeType(createdAt) });
    return;
  }
  details.createdAt = createdAt.value;
  const result = checkRfc3339(createdAt.value);
  if (!result.ok) {
    const calendar = result.problem === 'calendar';
    list.fail(calendar ? R.createdAtCalendar : R.createdAtRfc3339, createdAt, {
      expected: calendar ? 'a real calendar instant' : 'RFC 3339 date-time',
      found: describeType(createdAt),
      detail: result.detail,
    });
    return;
  }
  list.pass(R.createdAtFormat, createdAt);
  if (result.epochMs > ctx.now + FUTURE_SKEW_MS) {
    list.fail(R.createdAtFuture, createdAt, {
      expected: `no later than ${new Date(ctx.now).toISOString()} (+5 min skew)`,
      found: createdAt.value,
      detail:
        'The reference offline verifier rejects future-dated receipts (timestamp plausibility).',
    });
  } else {
    list.pass(R.createdAtFuture, createdAt);
  }
}

function checkTool(receipt: JsonObject, list: CheckList, details: ReceiptDetails): void {
  const tool = member(receipt, 'tool');
  if (!tool) return;
  if (tool.type !== 'object') {
    list.fail(R.toolShape, tool, {
      expected: 'object',
      found: describeType(tool),
    });
    return;
  }
  details.tool = {};
  let ok = true;
  for (const field of ['name', 'version', 'scope'] as const) {
    const value = member(tool, field);
    if (value?.type === 'string') details.tool[field] = value.value;
    if (value?.type !== 'string' || value.value.length === 0) {
      ok = false;
      list.fail(R.toolShape, value ?? tool, {
        expected: `tool.${field}: non-empty string`,
        found: value ? describeType(value) : `no tool.${field}`,
      });
    }
  }
  if (ok) list.pass(R.toolShape, tool);
}

function checkProvenanceClass(receipt: JsonObject, list: CheckList, details: ReceiptDetails): void {
  const provenance = member(receipt, 'provenance_class');
  if (!provenance) return;
  if (provenance.type === 'string') details.provenanceClass = provenance.value;
  if (provenance.type === 'string' && PROVENANCE_CLASS.test(provenance.value)) {
    list.pass(R.provenanceClassKnown, provenance);
  } else {
    list.fail(R.provenanceClassKnown, provenance, {
      expected: 'EXECUTED BY <SYSTEM> | OBSERVED VIA GATEWAY | LOGGED BY AGENT',
      found: describeType(provenance),
    });
  }
}

function checkCanonicalBytes(
  receipt: JsonObject,
  list: CheckList,
  details: ReceiptDetails,
): Uint8Array | undefined {
  const canonical = member(receipt, 'canonical_bytes');
  if (!canonical) return undefined;
  if (canonical.type !== 'string') {
    list.fail(R.canonicalBytesBase64, canonical, {
      expected: 'base64 string',
      found: describeType(canonical),
    });
    return undefined;
  }
  const decoded = decodeBase64Strict(canonical.value);
  if (!decoded.ok) {
    list.fail(R.canonicalBytesBase64, canonical, {
      expected: 'strict standard base64',
      detail: describeBase64Problem(decoded.problem, decoded.index),
    });
    return undefined;
  }
  details.canonicalBytes = decoded.bytes;
  list.pass(R.canonicalBytesBase64, canonical, { params: { length: decoded.bytes.length } });
  const text = decodeUtf8Strict(decoded.bytes);
  if (text.ok) {
    details.canonicalText = text.text;
    list.pass(R.canonicalBytesUtf8, canonical);
  } else {
    list.fail(R.canonicalBytesUtf8, canonical, {
      detail: `first invalid byte at offset ${text.offset} (0x${(decoded.bytes[text.offset] ?? 0).toString(16).padStart(2, '0')})`,
    });
  }
  return decoded.bytes;
}

function checkOutputHash(
  receipt: JsonObject,
  bytes: Uint8Array | undefined,
  ctx: ReceiptContext,
  list: CheckList,
  details: ReceiptDetails,
): { matches: boolean; computed?: string } {
  const outputHash = member(receipt, 'output_hash');
  const computed = bytes ? prefixedDigest(bytesToHex(ctx.hashing.sha256(bytes))) : undefined;
  if (computed) details.computedOutputHash = computed;
  if (!outputHash) {
    return computed ? { matches: false, computed } : { matches: false };
  }
  if (outputHash.type === 'string') details.outputHash = outputHash.value;
  if (outputHash.type !== 'string' || !isDigest(outputHash.value, 'prefixed')) {
    list.fail(R.outputHashFormat, outputHash, {
      expected: 'sha256:<64 lowercase hex>',
      found: describeType(outputHash),
    });
    if (computed) {
      // One rule per defect (§2.5): a digest that is right but written in the wrong form fails
      // the format rule only; a digest of other bytes is also a mismatch.
      const digestValue =
        outputHash.type === 'string' ? lenientDigestHex(outputHash.value) : undefined;
      if (digestValue === parseDigest(computed, 'prefixed')) {
        list.pass(R.outputHashMatch, outputHash, {
          params: {
            which: 'the digest in output_hash equals',
            caveat: ', though it is not written as sha256: + lowercase hex',
          },
          expected: computed,
          found: describeType(outputHash),
        });
      } else {
        list.fail(R.outputHashMatch, outputHash, {
          expected: computed,
          found: describeType(outputHash),
        });
      }
    }
    return computed ? { matches: false, computed } : { matches: false };
  }
  list.pass(R.outputHashFormat, outputHash);
  if (!computed) {
    list.unavailable(R.outputHashMatch, outputHash);
    return { matches: false };
  }
  if (computed === outputHash.value) {
    list.pass(R.outputHashMatch, outputHash, {
      params: { which: 'output_hash matches', caveat: '' },
      expected: computed,
      found: outputHash.value,
    });
    return { matches: true, computed };
  }
  list.fail(R.outputHashMatch, outputHash, {
    expected: computed,
    found: outputHash.value,
    detail: 'The carried bytes hash to a different digest: the bytes or the digest were changed.',
  });
  return { matches: false, computed };
}

function checkVerificationStatus(receipt: JsonObject, list: CheckList): void {
  const status = member(receipt, 'verification_status');
  if (!status) return;
  if (status.type === 'string' && status.value === 'verified') {
    list.pass(R.verificationStatus, status);
  } else {
    list.fail(R.verificationStatus, status, {
      expected: '"verified"',
      found: describeType(status),
    });
  }
}

function checkCanonicalByteLength(receipt: JsonObject, bytes: Uint8Array, list: CheckList): void {
  const length = member(receipt, 'canonical_byte_length');
  if (!length) return;
  if (length.type === 'number' && length.value === bytes.length) {
    list.pass(R.canonicalByteLength, length, { params: { length: bytes.length } });
  } else {
    list.fail(R.canonicalByteLength, length, {
      expected: String(bytes.length),
      found: describeType(length),
    });
  }
}

/** The decoded payload may commit a version or provenance; the outer members must agree (§2.2). */
function checkInnerAgreement(
  receipt: JsonObject,
  inner: ParsedPayload | typeof TOO_DEEP | undefined,
  details: ReceiptDetails,
  list: CheckList,
): void {
  if (inner === TOO_DEEP) {
    // The payload is JSON we cannot walk: whatever it commits could not be compared, which
    // must not read as agreement (spec: never upgrade "could not check" into "passed").
    list.unavailable(
      R.innerDepth,
      { pointer: `${details.receiptPath}/canonical_bytes` },
      { params: { depth: DEFAULT_MAX_DEPTH } },
    );
    return;
  }
  if (!inner) return;
  // A committed member written twice reads differently in different parsers: it cannot agree.
  const ambiguous = (object: JsonValue | undefined, name: string): boolean =>
    inner.duplicates.some((d) => d.object === object && d.name === name);
  const claimsNode = member(inner.root, 'issuer_claims');
  for (const [object, name, path] of [
    [inner.root, 'receipt_schema_version', 'receipt_schema_version'],
    [inner.root, 'issuer_claims', 'issuer_claims'],
    [claimsNode, 'provenance_class', 'issuer_claims.provenance_class'],
  ] as const) {
    if (ambiguous(object, name)) {
      list.fail(
        R.innerDuplicateMember,
        { pointer: `${details.receiptPath}/canonical_bytes` },
        {
          params: { member: path },
          detail:
            'Parsers disagree on which value counts, so the outer member cannot be shown to agree with it.',
        },
      );
    }
  }
  const versionAmbiguous = ambiguous(inner.root, 'receipt_schema_version');
  const classAmbiguous =
    ambiguous(inner.root, 'issuer_claims') || ambiguous(claimsNode, 'provenance_class');
  const innerVersion = versionAmbiguous ? undefined : member(inner.root, 'receipt_schema_version');
  const outerVersion = member(receipt, 'receipt_schema_version');
  if (innerVersion?.type === 'string' && outerVersion) {
    if (outerVersion.type === 'string' && outerVersion.value === innerVersion.value) {
      list.pass(R.innerSchemaVersion, outerVersion);
    } else {
      list.fail(R.innerSchemaVersion, outerVersion, {
        expected: innerVersion.value,
        found: describeType(outerVersion),
        detail: 'A version changed outside the hashed bytes (downgrade?).',
      });
    }
  }
  const claims = classAmbiguous ? undefined : claimsNode;
  const innerClass = claims?.type === 'object' ? member(claims, 'provenance_class') : undefined;
  const outerClass = member(receipt, 'provenance_class');
  if (innerClass?.type === 'string' && outerClass) {
    if (outerClass.type === 'string' && outerClass.value === innerClass.value) {
      list.pass(R.innerProvenanceClass, outerClass);
    } else {
      list.fail(R.innerProvenanceClass, outerClass, {
        expected: innerClass.value,
        found: describeType(outerClass),
        detail: 'The provenance was relabelled outside the hashed bytes.',
      });
    }
  }
}

/** Information only: canonical form and the reference producer's profile never fail a receipt. */
function checkPayloadForm(
  inner: ParsedPayload | typeof TOO_DEEP | undefined,
  details: ReceiptDetails,
  list: CheckList,
): void {
  if (details.canonicalText === undefined) return;
  const place = { pointer: `${details.receiptPath}/canonical_bytes` };
  if (inner === TOO_DEEP || !inner) {
    list.info(R.payloadForm, place, {
      params: {
        form:
          inner === TOO_DEEP
            ? 'nests too deeply to inspect (shown as text)'
            : 'is not a JSON object (shown as text)',
      },
    });
    return;
  }
  if (isReferenceCanonicalForm(details.canonicalText, inner.root)) {
    list.info(R.payloadForm, place, {
      params: { form: "is key-sorted compact JSON (the reference producer's form)" },
    });
  } else {
    list.info(R.payloadForm, place, {
      params: {
        form: 'is JSON but not key-sorted compact JSON; AER-1 mandates no canonical form, so this is not a failure',
      },
    });
  }
  if (!inner.root.byName.has('inputs')) {
    list.warning(R.referenceProducerInputs, place, {
      detail: 'Profile check only: the core format does not require inputs.',
    });
  }
}

function checkMetadataHash(receipt: JsonObject, list: CheckList): void {
  const metadataHash = member(receipt, 'metadata_hash');
  if (!metadataHash) return;
  list.unavailable(R.metadataHash, metadataHash, {
    detail:
      'Schema 0.4 binds metadata outside canonical_bytes; this verifier reports it as unavailable, not as pass or fail.',
  });
}

const TOO_DEEP = Symbol('too deep');

/**
 * The payload as a JSON object; undefined when it is not one; TOO_DEEP when it opens as an
 * object but nests past the depth limit (so what it commits cannot be read).
 */
function tryParseObject(text: string): ParsedPayload | typeof TOO_DEEP | undefined {
  try {
    const parsed = parseJson(text, { maxDepth: DEFAULT_MAX_DEPTH });
    return parsed.root.type === 'object'
      ? { root: parsed.root, duplicates: parsed.duplicates }
      : undefined;
  } catch (error) {
    if (error instanceof JsonNestingError && /^\ufeff?[ \t\n\r]*\{/.test(text)) return TOO_DEEP;
    return undefined;
  }
}

interface ParsedPayload {
  root: JsonObject;
  duplicates: DuplicateMember[];
}
