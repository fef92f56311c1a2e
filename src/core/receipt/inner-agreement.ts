/**
 * Outer/inner agreement (spec §2.2): a version or provenance committed inside canonical_bytes
 * must equal the outer member, and a committed member written twice can never be shown to agree.
 */
import type { CheckList } from '../checks';
import { describeType, member, type JsonValue } from '../json/ast';
import type { ReceiptMembers } from './members';
import { JSON_MAX_DEPTH } from '../bounds';
import type { ReceiptDetails } from './details';
import { TOO_DEEP, type ParsedPayload } from './payload';
import { RECEIPT_RULES as R } from './receipt-rules';
import type { Rule } from '../rules/rule';

/** A committed member written twice reads differently in different parsers: it cannot agree. */
function isAmbiguous(inner: ParsedPayload, object: JsonValue | undefined, name: string): boolean {
  const duplicates = inner.duplicates;
  for (let i = 0; i < duplicates.length; i++) {
    const d = duplicates[i]!;
    if (d.object === object && d.name === name) return true;
  }
  return false;
}

/** The decoded payload may commit a version or provenance; the outer members must agree (§2.2). */
export function checkInnerAgreement(
  receipt: ReceiptMembers,
  inner: ParsedPayload | typeof TOO_DEEP | undefined,
  details: ReceiptDetails,
  list: CheckList,
): void {
  // The payload's findings are placed on canonical_bytes, with its line and column.
  const payloadPlace = receipt.canonical_bytes ?? {
    pointer: `${details.receiptPath}/canonical_bytes`,
  };
  if (inner === TOO_DEEP) {
    // The payload is JSON we cannot walk: whatever it commits could not be compared, which
    // must not read as agreement (spec: never upgrade "could not check" into "passed").
    list.unavailable(R.innerDepth, payloadPlace, { params: { depth: JSON_MAX_DEPTH } });
    return;
  }
  if (!inner) {
    // Nothing inside can disagree, but say so: a silent skip reads as an agreement shown.
    list.notChecked(R.innerPayload, payloadPlace, {
      params: {
        form: details.canonicalText === undefined ? 'is not UTF-8 text' : 'is not a JSON object',
      },
    });
    return;
  }
  const claimsNode = member(inner.root, 'issuer_claims');
  // (Most payloads repeat no name: then none of these is ambiguous.)
  if (inner.duplicates.length > 0) {
    for (const [object, name, path] of [
      [inner.root, 'receipt_schema_version', 'receipt_schema_version'],
      [inner.root, 'issuer_claims', 'issuer_claims'],
      [claimsNode, 'provenance_class', 'issuer_claims.provenance_class'],
    ] as const) {
      if (isAmbiguous(inner, object, name)) {
        list.fail(R.innerDuplicateMember, payloadPlace, {
          params: { member: path },
          detail:
            'Parsers disagree on which value counts, so the outer member cannot be shown to agree with it.',
        });
      }
    }
  }
  const versionAmbiguous = isAmbiguous(inner, inner.root, 'receipt_schema_version');
  const classAmbiguous =
    isAmbiguous(inner, inner.root, 'issuer_claims') ||
    isAmbiguous(inner, claimsNode, 'provenance_class');
  const innerVersion = versionAmbiguous ? undefined : member(inner.root, 'receipt_schema_version');
  const outerVersion = receipt.receipt_schema_version;
  // A committed value of another type (0.2, null) is committed all the same: the outer string
  // cannot equal it, and skipping it would let a type change hide a downgrade.
  if (innerVersion && outerVersion)
    checkAgreement(
      R.innerSchemaVersion,
      outerVersion,
      innerVersion,
      'A version changed outside the hashed bytes (downgrade?).',
      list,
    );
  const claims = classAmbiguous ? undefined : claimsNode;
  const outerClass = receipt.provenance_class;
  if (claims && claims.type !== 'object' && outerClass) {
    // issuer_claims that is no object commits no provenance_class we can read: could not check.
    list.unavailable(R.innerProvenanceClass, outerClass, {
      params: { claims: describeType(claims) },
      detail:
        'Whatever provenance the payload meant to commit cannot be compared with the outer member.',
    });
  }
  const innerClass = claims?.type === 'object' ? member(claims, 'provenance_class') : undefined;
  if (innerClass && outerClass)
    checkAgreement(
      R.innerProvenanceClass,
      outerClass,
      innerClass,
      'The provenance was relabelled outside the hashed bytes.',
      list,
    );
}

/**
 * The outer member against the value committed inside: they agree only as the same string; a
 * committed value of any other type is said by its type.
 */
function checkAgreement(
  rule: Rule,
  outer: JsonValue,
  inner: JsonValue,
  detail: string,
  list: CheckList,
): void {
  if (outer.type === 'string' && inner.type === 'string' && outer.value === inner.value) {
    list.pass(rule, outer);
    return;
  }
  list.fail(rule, outer, {
    expected: inner.type === 'string' ? inner.value : `${describeType(inner)} (committed inside)`,
    found: describeType(outer),
    detail,
  });
}
