import { checkReceiptAnchor } from '../anchor/receipt-anchor';
import { ANCHOR_LIMITS } from '../anchor/verify-anchor-document';
import { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../detect';
import { member, type JsonValue } from '../json/ast';
import { buildReport, STANDING_LIMITS, type Report } from '../report';
import type { ReceiptDetails } from './details';
import { checkReceiptEvidence } from './evidence';
import { checkReceipt } from './rules';

/** Report for a per-call receipt, bare or wrapped at envelope.receipt (hosted v2 answer). */
export function verifyReceiptDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): Report<ReceiptDetails> {
  const root = doc.root as JsonValue;
  let node: JsonValue = root;
  if (doc.kind === 'wrapped-receipt' && root.type === 'object') {
    const envelope = member(root, 'envelope');
    node = (envelope?.type === 'object' && member(envelope, 'receipt')) || root;
    list.info(
      'schema_validity',
      'receipt.wrapped',
      "the receipt was taken from envelope.receipt; the rest of the answer is the publisher's and is not verified",
      node,
    );
  }
  const facts = checkReceipt(node, ctx, list);
  if (ctx.expectedReceiptId !== undefined)
    checkRetrievedId(facts.details.id, ctx.expectedReceiptId, node, list);
  if (facts.object) {
    checkReceiptEvidence(facts.object, ctx, list);
    checkReceiptAnchor(facts.object, facts, ctx, list);
  }
  list.notChecked(
    'issuer_authenticity',
    'receipt.issuer.unsigned',
    STANDING_LIMITS.unsigned,
    undefined,
  );
  const limits: string[] = [STANDING_LIMITS.hashMatch];
  const anchorKinds = new Set(facts.details.anchors?.anchors.map((a) => a.kind));
  if (anchorKinds.has('nostr')) limits.push(ANCHOR_LIMITS.nostr);
  if (anchorKinds.has('ots')) limits.push(ANCHOR_LIMITS.ots);
  if (facts.details.publisherChecks !== undefined) {
    limits.push(
      'The publisher\'s own "checks" object is its opinion, shown as claimed; it was not used for this verdict.',
    );
  }
  return buildReport({
    kind: doc.kind,
    source: doc.name,
    checks: list.checks,
    limits,
    chainApplies: false,
    details: facts.details,
  });
}

/** §2.4 step 1: a receipt fetched by id must carry the id that was asked for. */
function checkRetrievedId(
  found: string | undefined,
  asked: string,
  node: JsonValue,
  list: CheckList,
): void {
  const place = node.type === 'object' ? (member(node, 'id') ?? node) : node;
  if (found === asked) {
    list.pass(
      'evidence_linkage',
      'receipt.retrieved_id',
      'the retrieved receipt carries the id that was asked for',
      place,
    );
  } else {
    list.fail(
      'evidence_linkage',
      'receipt.retrieved_id',
      'the retrieved receipt id does not equal the id asked for',
      place,
      {
        expected: asked,
        found: found ?? 'no id',
      },
    );
  }
}
