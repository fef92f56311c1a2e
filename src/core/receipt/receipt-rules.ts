/**
 * The per-call receipt rules as data (spec §2.1 core members, §2.2 additional checks): ids,
 * dimensions, sections and message templates. Failure templates are the reference wording of
 * §2.1, so results compare with the reference conformance runner; rule ids are ours and stable.
 */
import { FUTURE_SKEW_MS } from '../bounds';
import { defineRules, type Rule } from '../rules/rule';

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
    section: '§3',
    reference: '§2.1',
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

/** §2.2 strict profile: the receipt schema versions the reference implementations publish. */
export const PUBLISHED_SCHEMA_VERSIONS: readonly string[] = ['0.3', '0.4'];

/**
 * The per-call receipt rules (§2.1 core members, §2.2 additional checks). Failure templates
 * are the reference wording of §2.1.
 */
export const RECEIPT_RULES = defineRules({
  object: {
    id: 'receipt.object',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    pass: 'receipt is a JSON object',
    fail: 'receipt is not a JSON object',
  },
  membersPresent: {
    id: 'receipt.members.present',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    // Each missing member fails its own presence rule (RECEIPT_PRESENCE_RULES).
    pass: 'all eight core members are present',
  },
  idFormat: {
    id: 'receipt.id.format',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    pass: 'id is a lowercase UUID',
    fail: 'id is not a lowercase UUID',
  },
  schemaVersionFormat: {
    id: 'receipt.receipt_schema_version.format',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    pass: 'receipt_schema_version is a non-empty string',
    fail: 'receipt_schema_version is not a non-empty string',
  },
  createdAtType: {
    id: 'receipt.created_at.type',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    fail: 'created_at is not a string',
  },
  createdAtRfc3339: {
    id: 'receipt.created_at.rfc3339',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    fail: 'created_at is not RFC 3339',
  },
  createdAtCalendar: {
    id: 'receipt.created_at.calendar',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    fail: 'created_at is not a valid calendar date/time',
  },
  createdAtFormat: {
    id: 'receipt.created_at.format',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    // Failures are the type, rfc3339 and calendar rules above.
    pass: 'created_at is a valid RFC 3339 date-time',
  },
  createdAtFuture: {
    id: 'receipt.created_at.future',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.2',
    pass: `created_at is not in the future (${FUTURE_SKEW_MS / 60_000} min clock skew allowed)`,
    // Core has no clock policy (the kit's frozen `future-dated` vector is core-valid): a warning
    // with the distance, never a failure. Rejecting it is the consumer policy below.
    warning: "created_at is <distance> after this device's clock",
  },
  policyMaxFuture: {
    id: 'policy.created_at.max_future',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.2',
    profile: 'consumer-policy',
    pass: "created_at is no more than <limit> after this device's clock (consumer policy)",
    warning: "created_at is more than <limit> after this device's clock (consumer policy)",
  },
  policyMaxAge: {
    id: 'policy.created_at.max_age',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.2',
    profile: 'consumer-policy',
    pass: 'created_at is no older than <limit> (consumer policy)',
    warning: 'created_at is older than <limit> (consumer policy)',
  },
  strictIdV4: {
    id: 'profile.strict.id_v4',
    dimension: 'schema_validity',
    section: '§3',
    revision: '-09',
    origin: 'kit',
    reference: '§2.2',
    profile: 'strict',
    pass: 'id is a lowercase UUID v4',
    warning: 'id is not a lowercase UUID v4',
  },
  strictSchemaVersion: {
    id: 'profile.strict.receipt_schema_version',
    dimension: 'schema_validity',
    section: '§3',
    revision: '-08',
    origin: 'kit',
    reference: '§2.2',
    profile: 'strict',
    pass: 'receipt_schema_version is a published version (<version>)',
    // The reference wording of the -08 era named only "0.3"; "0.4" is published too, so the
    // message names every published version rather than contradict a passing "0.4".
    warning: `receipt_schema_version is not a published version: ${PUBLISHED_SCHEMA_VERSIONS.join(' or ')}`,
  },
  toolShape: {
    id: 'receipt.tool.shape',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§2.1',
    pass: 'tool has non-empty name, version and scope',
    fail: 'tool is not an object with name/version/scope strings',
  },
  provenanceClassKnown: {
    id: 'receipt.provenance_class.known',
    dimension: 'schema_validity',
    section: '§5',
    reference: '§2.1',
    pass: 'provenance_class is a known class',
    fail: 'provenance_class is not a known class',
  },
  canonicalBytesBase64: {
    id: 'receipt.canonical_bytes.base64',
    dimension: 'schema_validity',
    section: '§4',
    reference: '§2.1',
    pass: 'canonical_bytes is strict base64 (<length> bytes)',
    fail: 'canonical_bytes is not valid base64',
  },
  canonicalBytesUtf8: {
    id: 'receipt.canonical_bytes.utf8',
    dimension: 'schema_validity',
    section: '§4',
    reference: '§2.1',
    pass: 'canonical_bytes decode to strict UTF-8',
    fail: 'canonical_bytes is not valid UTF-8',
  },
  outputHashFormat: {
    id: 'receipt.output_hash.format',
    dimension: 'schema_validity',
    section: '§4',
    reference: '§2.1',
    pass: 'output_hash is sha256: + lowercase hex',
    fail: 'output_hash is not sha256: + lowercase hex digest',
  },
  outputHashMatch: {
    id: 'receipt.output_hash.match',
    dimension: 'byte_integrity',
    section: '§6 step 3',
    reference: '§2.1',
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
    section: '§3',
    reference: '§2.1',
    // The publisher's own word, required by the format: worded so it cannot read as ours.
    pass: 'verification_status is "verified" — the required value; the publisher\'s claim, not this page\'s finding',
    fail: 'verification_status is not verified',
  },
  canonicalByteLength: {
    id: 'receipt.canonical_byte_length',
    dimension: 'byte_integrity',
    section: '§4',
    origin: 'verifier',
    reference: '§2.2',
    pass: 'canonical_byte_length equals the decoded length (<length>)',
    // <finding>: "does not match the decoded length", or that it matches but is no integer lexeme.
    fail: 'canonical_byte_length <finding>',
  },
  innerDepth: {
    id: 'receipt.inner.depth',
    dimension: 'byte_integrity',
    section: '§4',
    revision: '-12',
    origin: 'verifier',
    reference: '§2.2',
    unavailable:
      'canonical_bytes nest deeper than <depth> levels, so outer/inner agreement could not be checked',
  },
  innerPayload: {
    id: 'receipt.inner.payload',
    dimension: 'byte_integrity',
    section: '§4',
    revision: '-12',
    reference: '§2.2',
    // <form>: "is not a JSON object" (plain text, a JSON array or string) or "is not UTF-8 text".
    not_checked:
      'outer/inner agreement not checked: the decoded payload <form>, so it commits no receipt_schema_version or issuer_claims to compare',
  },
  innerDuplicateMember: {
    id: 'receipt.inner.duplicate_member',
    dimension: 'schema_validity',
    section: '§4',
    revision: '-12',
    origin: 'verifier',
    reference: '§2.2',
    fail: 'canonical_bytes commit <member> more than once (duplicate member names)',
  },
  innerSchemaVersion: {
    id: 'receipt.inner.receipt_schema_version',
    dimension: 'byte_integrity',
    section: '§4',
    revision: '-12',
    reference: '§2.2',
    pass: 'receipt_schema_version agrees with the version inside canonical_bytes',
    fail: 'receipt_schema_version does not match the version committed in canonical_bytes',
  },
  innerProvenanceClass: {
    id: 'receipt.inner.provenance_class',
    dimension: 'byte_integrity',
    section: '§4',
    revision: '-12',
    reference: '§2.2',
    pass: 'provenance_class agrees with issuer_claims.provenance_class inside canonical_bytes',
    fail: 'provenance_class does not match issuer_claims.provenance_class committed in canonical_bytes',
    unavailable:
      'issuer_claims inside canonical_bytes is <claims>, not an object: the provenance it commits cannot be compared',
  },
  payloadForm: {
    id: 'receipt.payload.form',
    dimension: 'byte_integrity',
    section: '§4',
    origin: 'verifier',
    reference: '§2.2',
    // <form>: key-sorted compact JSON, other JSON, not a JSON object, or nested too deeply.
    info: 'the decoded payload <form>',
  },
  // The kit's reference-producer profile (check_reference_profile): the payload is a JSON object
  // with an `inputs` member, every decode step failing closed with the kit's own words. tool and
  // outputs are what the producer also writes; the profile does not require them.
  referenceProducerBytes: {
    id: 'profile.reference-producer.canonical_bytes',
    dimension: 'schema_validity',
    section: '§4',
    origin: 'kit',
    reference: '§2.2',
    profile: 'reference-producer',
    // <form>: "a string", "valid base64" or "valid UTF-8" (the kit's three messages).
    warning: 'canonical_bytes is not <form>',
  },
  referenceProducerPayload: {
    id: 'profile.reference-producer.payload',
    dimension: 'schema_validity',
    section: '§4',
    origin: 'kit',
    reference: '§2.2',
    profile: 'reference-producer',
    // <what>: "JSON" or "a JSON object" (the kit's two messages).
    warning: 'canonical payload is not <what>',
  },
  referenceProducerInputs: {
    id: 'profile.reference-producer.inputs',
    dimension: 'schema_validity',
    section: '§4',
    origin: 'kit',
    reference: '§2.2',
    profile: 'reference-producer',
    pass: "the payload is a JSON object with an 'inputs' member (reference producer)",
    warning: "reference-producer payload omits the 'inputs' member",
    unavailable:
      "the payload nests too deeply to read, so whether it has an 'inputs' member could not be checked",
  },
  referenceProducerMember: {
    id: 'profile.reference-producer.member',
    dimension: 'schema_validity',
    section: '§4',
    origin: 'kit',
    reference: '§2.2',
    profile: 'reference-producer',
    info: "the payload has no '<member>' member; the reference producer writes one, but its profile requires only inputs",
  },
  metadataHash: {
    id: 'receipt.metadata_hash',
    dimension: 'byte_integrity',
    section: '§3',
    revision: '-26',
    reference: '§2.2',
    unavailable:
      'metadata_hash is present but its preimage construction is not published, so it cannot be recomputed',
  },
  resultPreview: {
    id: 'receipt.result_preview',
    dimension: 'byte_integrity',
    section: '§6 step 5',
    reference: '§2.6',
    info: 'result_preview is for humans and was not compared; only canonical_bytes are committed',
  },
});
