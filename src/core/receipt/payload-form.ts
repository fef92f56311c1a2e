/**
 * Information about the decoded payload (spec §2.2): whether it is the reference producer's
 * key-sorted compact JSON, and the labelled reference-producer profile check for `inputs`.
 */
import type { CheckList } from '../checks';
import { hasMember } from '../json/ast';
import { isReferenceCanonicalForm } from './canonical-form';
import type { ReceiptDetails } from './details';
import { TOO_DEEP, type ParsedPayload } from './payload';
import { RECEIPT_RULES as R } from './receipt-rules';

/** Information only: canonical form and the reference producer's profile never fail a receipt. */
export function checkPayloadForm(
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
    if (!inner)
      list.warning(R.referenceProducerPayload, place, {
        detail:
          'Profile check only: the reference producer writes a JSON object with tool, inputs and outputs; the core format does not require it.',
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
  const root = inner.root;
  if (!hasMember(root, 'inputs')) {
    list.warning(R.referenceProducerInputs, place, {
      detail: 'Profile check only: the core format does not require inputs.',
    });
  }
  for (const name of ['tool', 'outputs']) {
    if (!hasMember(root, name))
      list.warning(R.referenceProducerMember, place, {
        params: { member: name },
        detail: `Profile check only: the core format does not require ${name}.`,
      });
  }
  if (hasMember(root, 'tool') && hasMember(root, 'inputs') && hasMember(root, 'outputs'))
    list.pass(R.referenceProducerPayload, place);
}
