/**
 * Per-call receipt rules (spec §2.1, §2.2): checkReceipt runs them in report order. The rules
 * are declared in receipt-rules.ts; each check lives in the file named after what it judges.
 */
import type { CheckList } from '../checks';
import type { ReceiptContext } from '../context';
import { describeType, pointerOf, toPlain, type JsonObject, type JsonValue } from '../json/ast';
import { checkCanonicalBytes, checkOutputHash } from './canonical-bytes';
import {
  checkCreatedAt,
  checkId,
  checkProvenanceClass,
  checkSchemaVersion,
  checkStrictId,
  checkStrictSchemaVersion,
  checkTool,
  checkVerificationStatus,
} from './core-members';
import type { ReceiptDetails } from './details';
import { checkInnerAgreement } from './inner-agreement';
import { receiptMembers } from './members';
import { checkCanonicalByteLength, checkMetadataHash } from './optional-members';
import { tryParseObject } from './payload';
import { checkPayloadForm, checkReferenceProducerProfile } from './payload-form';
import { RECEIPT_RULES as R, RECEIPT_PRESENCE_RULES, REQUIRED_MEMBERS } from './receipt-rules';

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

  const members = receiptMembers(receipt);
  let missing = 0;
  for (const name of REQUIRED_MEMBERS) {
    if (members[name] === undefined) {
      missing++;
      list.fail(RECEIPT_PRESENCE_RULES[name], receipt);
    }
  }
  if (missing === 0) {
    list.pass(R.membersPresent, receipt);
  }

  const uuid = checkId(members.id, list, details);
  checkStrictId(members.id, uuid !== undefined, receipt, list);
  checkSchemaVersion(members.receipt_schema_version, list, details);
  checkStrictSchemaVersion(members.receipt_schema_version, receipt, list);
  checkCreatedAt(members.created_at, ctx, list, details);
  checkTool(members.tool, list, details);
  checkProvenanceClass(members.provenance_class, list, details);
  const bytes = checkCanonicalBytes(members.canonical_bytes, ctx, list, details);
  const hash = checkOutputHash(members.output_hash, bytes, ctx, list, details);
  checkVerificationStatus(members.verification_status, list);
  // Parsed once: the agreement rule, the form note and the profile read the same payload.
  const payload =
    details.canonicalText !== undefined ? tryParseObject(details.canonicalText) : undefined;
  if (bytes) {
    checkCanonicalByteLength(members.canonical_byte_length, bytes, list);
    checkInnerAgreement(members, payload, details, list);
    checkPayloadForm(payload, details, list);
  }
  checkReferenceProducerProfile(receipt, members.canonical_bytes, payload, details, list);
  checkMetadataHash(members.metadata_hash, list);

  const preview = members.result_preview;
  if (preview) {
    list.info(R.resultPreview, preview);
  }
  const publisherChecks = members.checks;
  if (publisherChecks) details.publisherChecks = toPlain(publisherChecks);

  const facts: ReceiptFacts = { details, object: receipt, outputHashMatches: hash.matches };
  if (bytes) facts.bytes = bytes;
  if (hash.computed) facts.computedOutputHash = hash.computed;
  return facts;
}
