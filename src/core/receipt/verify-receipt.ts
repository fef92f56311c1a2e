/**
 * The one verifier of a receipt node, wherever it appears: alone, in a wrapper (envelope.receipt,
 * a CloudEvent's data), as a batch member, as a workflow's supplied step receipt. Every receipt
 * rule, evidence, anchor and the retrieved id; the pipeline (verify.ts) adds duplicate members
 * for them all.
 */
import { checkReceiptAnchor } from '../anchor/receipt-anchor';
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import { member, type JsonValue } from '../json/ast';
import { buildReport } from '../report';
import { type Report } from '../model/report';
import { defineRules } from '../rules/rule';
import type { ReceiptDetails } from './details';
import { checkReceiptEvidence } from './evidence';
import { receiptNodeOf } from './node';
import { checkReceipt } from './rules';
import { checkFirstCommitment } from './canonical-bytes';
import { checkWrapperLayers } from './wrapper-agreement';
import { STANDING_LIMITS } from '../limits';
import { ANCHOR_LIST } from '../anchor/registry';

export const RECEIPT_DOCUMENT_RULES = defineRules({
  wrapped: {
    id: 'receipt.wrapped',
    dimension: 'schema_validity',
    section: '§6 step 1',
    origin: 'verifier',
    reference: '§2.6',
    // <where> of <wrapper>: "envelope.receipt of a hosted /api/v2 answer", "data of a structured
    // CloudEvent"; <rest>: what the rest of the wrapper is (receipt/node.ts RECEIPT_WRAPPERS).
    info: 'the receipt was taken from <where> of <wrapper>; <rest>',
  },
  retrievedId: {
    id: 'receipt.retrieved_id',
    dimension: 'evidence_linkage',
    section: '§6 step 1',
    reference: '§2.4',
    pass: 'the retrieved receipt carries the id that was asked for',
    fail: 'the retrieved receipt id does not equal the id asked for',
  },
  unsigned: {
    id: 'receipt.issuer.unsigned',
    dimension: 'issuer_authenticity',
    section: '§6 step 4',
    reference: '§6',
    not_checked: STANDING_LIMITS.unsigned,
  },
});

/** Report for a per-call receipt document, bare or in any wrapper (receipt/node.ts). */
export function verifyReceiptDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): Report<ReceiptDetails> {
  const { node, wrapper } = receiptNodeOf(doc.root as JsonValue, doc.kind);
  if (wrapper) {
    list.info(RECEIPT_DOCUMENT_RULES.wrapped, node, {
      params: { where: wrapper.where, wrapper: wrapper.of, rest: wrapper.rest },
    });
    checkWrapperLayers(doc.root, node, wrapper, list);
  }
  const facts = checkReceipt(node, ctx, list);
  if (facts.object && doc.duplicates.length > 0)
    facts.outputHashMatches &&= checkFirstCommitment(facts.object, doc.duplicates, ctx, list);
  if (wrapper) facts.details.wrapper = `${wrapper.where} of ${wrapper.of}`;
  if (ctx.expectedReceiptId !== undefined)
    checkRetrievedId(facts.details.id, ctx.expectedReceiptId, node, list);
  if (facts.object) {
    checkReceiptEvidence(facts.object, ctx, list);
    checkReceiptAnchor(facts.object, facts, ctx, list);
  }
  list.notChecked(RECEIPT_DOCUMENT_RULES.unsigned);
  // Only the limits that apply: what a matching hash proves is said when the hash matched, and
  // what a signature shows when a signature was checked.
  const limits: string[] = facts.outputHashMatches ? [STANDING_LIMITS.hashMatch] : [];
  // (and what each anchor type shows, when one of its anchors said enough).
  const anchors = facts.details.anchors?.anchors ?? [];
  for (const { name, limit } of ANCHOR_LIST)
    if (limit && anchors.some((a) => a.kind === name && (limit.appliesTo?.(a) ?? true)))
      limits.push(limit.text);
  if (facts.details.publisherChecks !== undefined) {
    limits.push(STANDING_LIMITS.publisherChecks);
  }
  return buildReport({
    kind: doc.kind,
    source: doc.name,
    checks: list,
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
  if (found === asked) list.pass(RECEIPT_DOCUMENT_RULES.retrievedId, place);
  else
    list.fail(RECEIPT_DOCUMENT_RULES.retrievedId, place, {
      expected: asked,
      found: found ?? 'no id',
    });
}
