/**
 * Per-call receipts (spec §2), bare or in a wrapper: envelope.receipt (§2.6), and the kit's
 * CloudEvents binding (a structured CloudEvent's data, an EventBridge event's detail.data). Where
 * each wrapper carries its receipt is data (receipt/node.ts RECEIPT_WRAPPERS).
 */
import type { DetectedDocument } from '../model/document';
import { parseDigest, type DigestForm } from '../encoding/digest';
import { member, stringMember, type JsonObject, type JsonValue } from '../json/ast';
import { receiptIdOf, receiptNodeOf, receiptObjectOf } from '../receipt/node';
import type { DocumentKind } from '../model/report';
import { ANCHOR_RULES } from '../anchor/rules';
import { EVIDENCE_RULES } from '../receipt/evidence';
import { RECEIPT_PRESENCE_RULES, RECEIPT_RULES, REQUIRED_MEMBERS } from '../receipt/receipt-rules';
import { WRAPPER_RULES } from '../receipt/wrapper-agreement';
import { RECEIPT_DOCUMENT_RULES, verifyReceiptDocument } from '../receipt/verify-receipt';
import { objectWithMembers, type KindDescriptor, type LinkKey } from './kind';
import { KIND_LABELS, kindWithArticle } from '../model/kinds';

/** The rule tables of every receipt kind: the receipt's own, its evidence's, wrappers', anchors'. */
const RECEIPT_RULE_TABLES = [
  RECEIPT_RULES,
  RECEIPT_PRESENCE_RULES,
  EVIDENCE_RULES,
  RECEIPT_DOCUMENT_RULES,
  WRAPPER_RULES,
  ANCHOR_RULES,
];

/** The link key of a digest member written in the form that member uses. */
function digestKey(value: string | undefined, form: DigestForm): LinkKey | undefined {
  const hex = value !== undefined ? parseDigest(value, form) : undefined;
  return hex !== undefined ? `digest:${hex}` : undefined;
}

/** What a receipt commits to outside its bytes, and the values its anchors may start from. */
function receiptOffers(doc: DetectedDocument): LinkKey[] {
  const receipt = receiptObjectOf(doc.root, doc.kind);
  if (!receipt) return [];
  const keys: (LinkKey | undefined)[] = [];
  keys.push(digestKey(stringMember(receipt, 'evidence_sha256'), 'prefixed'));
  const references = member(receipt, 'evidence_references');
  if (references?.type === 'array') {
    for (const reference of references.items) {
      if (reference.type === 'object')
        keys.push(digestKey(stringMember(reference, 'canonical_sha256'), 'hyphenated'));
    }
  }
  const anchor = member(receipt, 'anchor');
  if (anchor?.type === 'object') {
    const envelope = member(anchor, 'envelope');
    if (envelope?.type === 'object')
      keys.push(digestKey(stringMember(envelope, 'evidence_sha256'), 'bare-or-prefixed'));
    const eventId = stringMember(anchor, 'event_id');
    if (eventId !== undefined) keys.push(`event:${eventId}`);
  }
  const outputHash = parseDigest(stringMember(receipt, 'output_hash') ?? '', 'prefixed');
  if (outputHash !== undefined) keys.push(`anchorable:${outputHash}`);
  return keys.filter((key): key is LinkKey => key !== undefined);
}

/** The receipt object the receipt rules verify in a document of `kind`. */
function receiptAt(kind: DocumentKind): (root: JsonValue) => JsonValue {
  return (root) => receiptNodeOf(root, kind).node;
}

/** A wrapper's receipt is verified as a per-call receipt. */
function wrappedReceipt(kind: DocumentKind): KindDescriptor['parts'] {
  return (root, visit) => {
    const { node, wrapper } = receiptNodeOf(root, kind);
    if (wrapper)
      visit(node, {
        label: kindWithArticle('receipt'),
        reason: `the receipt at ${wrapper.where} of ${wrapper.of}`,
        kind: 'receipt',
      });
  };
}

/** A receipt joins the workflow whose step carries its id. */
function receiptJoins(doc: DetectedDocument): LinkKey[] {
  const id = receiptIdOf(doc.root, doc.kind);
  return id !== undefined ? [`step:${id}`] : [];
}

export const RECEIPT_KIND: KindDescriptor = {
  kind: 'receipt',
  label: KIND_LABELS.receipt,
  accepts: 'a per-call receipt (canonical_bytes + output_hash)',
  recogniseJson: [
    objectWithMembers(
      50,
      ['canonical_bytes', 'output_hash'],
      'object with canonical_bytes and output_hash',
    ),
    {
      // A receipt missing canonical_bytes or output_hash is still a receipt, so that it fails
      // with "missing required member: <name>" (spec §2.5) rather than as an unknown document.
      rank: 90,
      members: REQUIRED_MEMBERS,
      fallback: true,
      test: (value) => {
        if (value.type !== 'object') return undefined;
        if (!value.byName.has('canonical_bytes') && !value.byName.has('output_hash'))
          return undefined;
        const core = REQUIRED_MEMBERS.filter((name) => value.byName.has(name));
        return core.length >= REQUIRED_MEMBERS.length / 2
          ? `object with ${core.length} of the ${REQUIRED_MEMBERS.length} core receipt members`
          : undefined;
      },
    },
    {
      // An empty object pasted into a receipt verifier is an empty receipt: it fails with the
      // eight "missing required member" messages, as the reference does.
      rank: 95,
      members: [],
      fallback: true,
      test: (value) =>
        value.type === 'object' && value.memberValues.length === 0
          ? 'an empty object (a receipt with none of its members)'
          : undefined,
    },
  ],
  role: 'record',
  offers: receiptOffers,
  joins: receiptJoins,
  receiptAt: receiptAt('receipt'),
  verify: verifyReceiptDocument,
  rules: RECEIPT_RULE_TABLES,
  vectors: 'receipt',
  details: 'receipt',
};

export const WRAPPED_RECEIPT_KIND: KindDescriptor = {
  kind: 'wrapped-receipt',
  wraps: 'receipt',
  label: KIND_LABELS['wrapped-receipt'],
  accepts:
    "a wrapped receipt (envelope.receipt, a CloudEvent's data, an EventBridge event's detail.data)",
  recogniseJson: [
    {
      rank: 10,
      members: ['envelope'],
      test: (value) => {
        if (value.type !== 'object') return undefined;
        const envelope = member(value, 'envelope');
        // Any envelope.receipt counts, so a non-object there fails as "receipt is not a JSON object".
        return envelope?.type === 'object' && envelope.byName.has('receipt')
          ? 'object with envelope.receipt'
          : undefined;
      },
    },
  ],
  role: 'record',
  offers: receiptOffers,
  joins: receiptJoins,
  receiptAt: receiptAt('wrapped-receipt'),
  parts: wrappedReceipt('wrapped-receipt'),
  verify: verifyReceiptDocument,
  rules: RECEIPT_RULE_TABLES,
  vectors: 'receipt',
  details: 'receipt',
};

/** The CloudEvents type of the kit's binding. */
export const AER1_CLOUDEVENT_TYPE = 'dev.zambo.aer1.receipt.v1';

/**
 * Why `event` is a CloudEvent carrying an AER-1 receipt at `data`: a CloudEvent (it has
 * specversion and data) of the binding's type, or whose data has the receipt's commitment
 * members. A CloudEvent of any other kind stays unrecognised.
 */
function cloudEventReason(event: JsonValue | undefined, typeOf?: string): string | undefined {
  if (event?.type !== 'object' || !event.has('specversion') || !event.has('data')) return undefined;
  const type = stringMember(event, 'type') ?? typeOf;
  if (type === AER1_CLOUDEVENT_TYPE) return `type ${AER1_CLOUDEVENT_TYPE}`;
  const data = member(event, 'data');
  return data?.type === 'object' && (data.has('canonical_bytes') || data.has('output_hash'))
    ? 'data with canonical_bytes or output_hash'
    : undefined;
}

export const CLOUDEVENT_RECEIPT_KIND: KindDescriptor = {
  kind: 'cloudevent-receipt',
  wraps: 'receipt',
  label: KIND_LABELS['cloudevent-receipt'],
  recogniseJson: [
    {
      rank: 12,
      members: ['specversion', 'data'],
      test: (value) => {
        const why = cloudEventReason(value);
        return why ? `a CloudEvent with the receipt at data (${why})` : undefined;
      },
    },
  ],
  role: 'record',
  offers: receiptOffers,
  joins: receiptJoins,
  receiptAt: receiptAt('cloudevent-receipt'),
  parts: wrappedReceipt('cloudevent-receipt'),
  verify: verifyReceiptDocument,
  rules: RECEIPT_RULE_TABLES,
  vectors: 'receipt',
  details: 'receipt',
};

export const EVENTBRIDGE_RECEIPT_KIND: KindDescriptor = {
  kind: 'eventbridge-receipt',
  wraps: 'receipt',
  label: KIND_LABELS['eventbridge-receipt'],
  recogniseJson: [
    {
      rank: 11,
      members: ['detail'],
      test: (value) => {
        if (value.type !== 'object') return undefined;
        const why = cloudEventReason(
          member(value as JsonObject, 'detail'),
          stringMember(value, 'detail-type'),
        );
        return why ? `an EventBridge event with a CloudEvent at detail (${why})` : undefined;
      },
    },
  ],
  role: 'record',
  offers: receiptOffers,
  joins: receiptJoins,
  receiptAt: receiptAt('eventbridge-receipt'),
  parts: wrappedReceipt('eventbridge-receipt'),
  verify: verifyReceiptDocument,
  rules: RECEIPT_RULE_TABLES,
  vectors: 'receipt',
  details: 'receipt',
};
