/**
 * Anchor verification for a per-call receipt (spec §5): the `anchor` member, by the anchor type
 * that recognises its shape (registry.ts), then every supplied proof and event against the
 * receipt's anchored values. The anchors found go to the report as `details.anchors`.
 */
import { ANCHOR_RULES } from './rules';
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { isDigest, parseDigestBytes } from '../encoding/digest';
import { describeType, member, type JsonObject } from '../json/ast';
import type { DetectedDocument } from '../model/document';
import type { ReceiptFacts } from '../receipt/rules';
import type { AnchoredReceipt } from './anchor-type';
import { checkSuppliedAnchors, type AnchoredValue } from './check-anchors';
import { emptyAnchorDetails } from './details';
import { MEMBER_ANCHORS, SUPPLIED_ANCHOR_KINDS } from './registry';
import { suppliedHeaders, summariseHeaders } from './supplied';

/** The values an anchor of this receipt may commit to. */
export function receiptAnchoredValues(receipt: JsonObject, facts: ReceiptFacts): AnchoredValue[] {
  const declared = member(receipt, 'output_hash');
  const hash =
    declared?.type === 'string' && isDigest(declared.value, 'prefixed')
      ? declared.value
      : facts.computedOutputHash;
  const bytes = hash ? parseDigestBytes(hash, 'prefixed') : undefined;
  return bytes ? [{ label: 'receipt output_hash', member: 'receipt.output_hash', bytes }] : [];
}

export function checkReceiptAnchor(
  receipt: JsonObject,
  facts: ReceiptFacts,
  ctx: VerifyContext,
  list: CheckList,
): void {
  const anchor = member(receipt, 'anchor');
  // No anchor and no supplied proof or event: nothing to check, and nothing to compute the
  // anchored values for (the common case of a batch member; checkSuppliedAnchors would find
  // nothing either).
  if (!anchor && !ctx.supplied.some((d) => SUPPLIED_ANCHOR_KINDS.has(d.kind))) {
    list.notChecked(ANCHOR_RULES.none);
    return;
  }
  const details = emptyAnchorDetails();
  const type =
    anchor?.type === 'object'
      ? MEMBER_ANCHORS.find((a) => a.member!.recognise(anchor))?.member
      : undefined;
  const values = receiptAnchoredValues(receipt, facts);
  const id = member(receipt, 'id');
  const receiptId = id?.type === 'string' ? id.value : undefined;
  const anchored: AnchoredReceipt = { receipt, facts, ctx, list };

  let consumed: readonly DetectedDocument[] | undefined;
  if (anchor?.type === 'object' && type?.before) {
    const before = type.before(anchor, anchored, values);
    details.anchors.push(...before.entries);
    consumed = before.consumed;
  }

  const headers = suppliedHeaders(ctx);
  const supplied = checkSuppliedAnchors(
    values,
    ctx,
    list,
    {
      ...(consumed ? { exclude: consumed } : {}),
      ...(receiptId !== undefined
        ? { identifiers: [{ label: 'receipt id', member: 'receipt.id', text: receiptId }] }
        : {}),
    },
    headers,
  );

  if (anchor?.type === 'object' && type) {
    if (type.after)
      details.anchors.push(
        ...type.after(anchor, anchored, { headers, supplied: supplied.anchors, values }),
      );
  } else if (anchor && anchor.type !== 'object') {
    list.fail(ANCHOR_RULES.object, anchor, {
      expected: 'object',
      found: describeType(anchor),
    });
  } else if (anchor) {
    list.unavailable(ANCHOR_RULES.profile, anchor, {
      found: anchor.type === 'object' ? anchor.members.map((m) => m.name).join(', ') : '',
    });
  }
  details.anchors.push(...supplied.anchors);

  if (!anchor && supplied.anchors.length === 0) {
    list.notChecked(ANCHOR_RULES.none);
    return;
  }
  if (details.anchors.length === 0) return;
  if (headers.length > 0) details.blockHeaders = summariseHeaders(headers);
  facts.details.anchors = details;
}
