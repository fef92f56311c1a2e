/**
 * Information about the decoded payload (spec §2.2): whether it is the reference producer's
 * key-sorted compact JSON; and the labelled reference-producer profile, as the kit checks it.
 */
import type { CheckList } from '../checks';
import { hasMember, type JsonObject, type JsonValue } from '../json/ast';
import { JsonNestingError, parseJson } from '../json/parse';
import { JSON_MAX_DEPTH } from '../bounds';
import { isReferenceCanonicalForm } from './canonical-form';
import type { ReceiptDetails } from './details';
import { TOO_DEEP, type ParsedPayload } from './payload';
import { RECEIPT_RULES as R } from './receipt-rules';

/** Information only: the canonical form never fails a receipt. */
export function checkPayloadForm(
  inner: ParsedPayload | typeof TOO_DEEP | undefined,
  details: ReceiptDetails,
  list: CheckList,
): void {
  if (details.canonicalText === undefined) return;
  const place = { pointer: `${details.receiptPath}/canonical_bytes` };
  const form =
    inner === TOO_DEEP
      ? 'nests too deeply to inspect (shown as text)'
      : !inner
        ? 'is not a JSON object (shown as text)'
        : isReferenceCanonicalForm(details.canonicalText, inner.root)
          ? "is key-sorted compact JSON (the reference producer's form)"
          : 'is JSON but not key-sorted compact JSON; AER-1 mandates no canonical form, so this is not a failure';
  list.info(R.payloadForm, place, { params: { form } });
}

const PROFILE_ONLY = 'Profile check only: the core format does not require it.';

/**
 * The reference-producer profile as the kit's check_reference_profile reads it: canonical_bytes
 * a string, strict base64, strict UTF-8, then a JSON object with an `inputs` member, each step
 * failing closed with the kit's message. The producer also writes tool and outputs: their
 * absence is information, never the profile's failure. Advisory: never part of the verdict.
 */
export function checkReferenceProducerProfile(
  receipt: JsonObject,
  canonical: JsonValue | undefined,
  inner: ParsedPayload | typeof TOO_DEEP | undefined,
  details: ReceiptDetails,
  list: CheckList,
): void {
  const place = canonical ?? receipt;
  const undecodable =
    canonical?.type !== 'string'
      ? 'a string'
      : details.canonicalBytes === undefined
        ? 'valid base64'
        : details.canonicalText === undefined
          ? 'valid UTF-8'
          : undefined;
  if (undecodable !== undefined) {
    list.warning(R.referenceProducerBytes, place, {
      params: { form: undecodable },
      detail: PROFILE_ONLY,
    });
    return;
  }
  if (inner === TOO_DEEP) {
    list.unavailable(R.referenceProducerInputs, place);
    return;
  }
  const shape = inner ? 'object' : jsonShape(details.canonicalText ?? '');
  if (shape === 'too-deep') {
    list.unavailable(R.referenceProducerInputs, place);
    return;
  }
  if (!inner) {
    list.warning(R.referenceProducerPayload, place, {
      params: { what: shape === 'json' ? 'a JSON object' : 'JSON' },
      detail: PROFILE_ONLY,
    });
    return;
  }
  if (hasMember(inner.root, 'inputs')) list.pass(R.referenceProducerInputs, place);
  else list.warning(R.referenceProducerInputs, place, { detail: PROFILE_ONLY });
  for (const name of ['tool', 'outputs'])
    if (!hasMember(inner.root, name))
      list.info(R.referenceProducerMember, place, { params: { member: name } });
}

/** Whether a payload that is not a JSON object is JSON at all (read only on that path). */
function jsonShape(text: string): 'json' | 'not-json' | 'too-deep' {
  try {
    parseJson(text, { maxDepth: JSON_MAX_DEPTH });
    return 'json';
  } catch (error) {
    return error instanceof JsonNestingError ? 'too-deep' : 'not-json';
  }
}
