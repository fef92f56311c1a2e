/**
 * Anchor verification for a receipt's `anchor` member (spec §5).
 * Placeholder until the anchors issue lands: an anchor that is present is reported as
 * unavailable (present, not checked by this version), never as pass or fail.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { member, type JsonObject } from '../json/ast';
import type { ReceiptFacts } from '../receipt/rules';

export function checkReceiptAnchor(
  receipt: JsonObject,
  _facts: ReceiptFacts,
  _ctx: VerifyContext,
  list: CheckList,
): void {
  const anchor = member(receipt, 'anchor');
  if (!anchor) {
    list.notChecked('anchor_verification', 'anchor.none', 'no anchor present', undefined);
    return;
  }
  list.unavailable(
    'anchor_verification',
    'anchor.unsupported',
    'an anchor is present but this version of the verifier does not check anchors yet',
    anchor,
  );
}
