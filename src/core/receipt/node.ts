import { member, stringMember, type JsonObject, type JsonValue } from '../json/ast';
import type { DocumentKind } from '../model/report';

/**
 * One object a wrapper puts around the receipt: the hosted answer itself, a CloudEvent, the
 * EventBridge event around a CloudEvent. Its members other than `own` that a receipt also has
 * must say what the receipt says (wrapper-agreement.ts).
 */
export interface WrapperLayer {
  /** Members from the document's root to this object ([] for the root itself). */
  at: readonly string[];
  /** This object's own attributes: never read as receipt members (a CloudEvent's `id` is its event id). */
  own: readonly string[];
  /** Extension attributes that must equal a receipt member: attribute -> receipt member. */
  mirrors?: Readonly<Record<string, string>>;
}

/** Where a wrapper kind carries its receipt, and how the report names it. */
export interface ReceiptWrapper {
  /** Members from the document's root to the receipt. */
  path: readonly string[];
  /** "envelope.receipt", "detail.data". */
  where: string;
  /** What the receipt was taken out of: "a hosted /api/v2 answer". */
  of: string;
  /** What the rest of the wrapper is, for the report: it is not verified. */
  rest: string;
  layers: readonly WrapperLayer[];
}

/** CloudEvents 1.0 context attributes: the event's own, never the receipt's. */
const CLOUDEVENT_ATTRIBUTES = [
  'specversion',
  'id',
  'source',
  'type',
  'time',
  'datacontenttype',
  'dataschema',
  'subject',
  'data',
  'data_base64',
] as const;
/** The kit's binding mirrors two receipt members in extension attributes. */
const AER1_EXTENSIONS = {
  aer1provenance: 'provenance_class',
  aer1schemaversion: 'receipt_schema_version',
} as const;
/** An EventBridge event's own members. */
const EVENTBRIDGE_ATTRIBUTES = [
  'version',
  'id',
  'detail-type',
  'source',
  'account',
  'time',
  'region',
  'resources',
  'detail',
] as const;

/**
 * Every wrapper a receipt is found in, by the kind detection gives the document (spec §2.6; the
 * kit's CloudEvents binding). The one place that unwraps: detection, the receipt rules, linking
 * and anchors all read the receipt through receiptNodeOf, so a new wrapper is one entry here.
 */
export const RECEIPT_WRAPPERS: Readonly<Partial<Record<DocumentKind, ReceiptWrapper>>> = {
  'wrapped-receipt': {
    path: ['envelope', 'receipt'],
    where: 'envelope.receipt',
    of: 'a hosted /api/v2 answer',
    rest: "the rest of the answer is the publisher's and is not verified",
    layers: [{ at: [], own: [] }],
  },
  'cloudevent-receipt': {
    path: ['data'],
    where: 'data',
    of: 'a structured CloudEvent',
    rest: "the event's own attributes are transport metadata and are not verified",
    layers: [{ at: [], own: CLOUDEVENT_ATTRIBUTES, mirrors: AER1_EXTENSIONS }],
  },
  'eventbridge-receipt': {
    path: ['detail', 'data'],
    where: 'detail.data',
    of: 'an EventBridge event carrying a CloudEvent',
    rest: "the event's and the CloudEvent's own attributes are transport metadata and are not verified",
    // The binding puts the extension attributes on the CloudEvent; read on the event too.
    layers: [
      { at: [], own: EVENTBRIDGE_ATTRIBUTES, mirrors: AER1_EXTENSIONS },
      { at: ['detail'], own: CLOUDEVENT_ATTRIBUTES, mirrors: AER1_EXTENSIONS },
    ],
  },
};

/** The value at `path` below `value`, when every step is an object member. */
export function valueAt(value: JsonValue, path: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = value;
  for (const name of path) node = node?.type === 'object' ? member(node, name) : undefined;
  return node;
}

/**
 * The receipt inside a document of `kind`: its wrapper's receipt, or the value itself. Any
 * value at the wrapper's path counts, so a non-object there fails as "receipt is not a JSON
 * object" at its own path.
 */
export function receiptNodeOf(
  value: JsonValue,
  kind: DocumentKind,
): { node: JsonValue; wrapper?: ReceiptWrapper } {
  const wrapper = RECEIPT_WRAPPERS[kind];
  const inner = wrapper ? valueAt(value, wrapper.path) : undefined;
  return inner && wrapper ? { node: inner, wrapper } : { node: value };
}

/** Whether documents of `kind` are per-call receipts, bare or wrapped. */
export function isReceiptKind(kind: DocumentKind): boolean {
  return kind === 'receipt' || RECEIPT_WRAPPERS[kind] !== undefined;
}

/** The receipt object inside a document of `kind`, when it is one. */
export function receiptObjectOf(
  value: JsonValue | undefined,
  kind: DocumentKind,
): JsonObject | undefined {
  if (!value) return undefined;
  const { node } = receiptNodeOf(value, kind);
  return node.type === 'object' ? node : undefined;
}

/** A receipt's string `id`, bare or wrapped. */
export function receiptIdOf(value: JsonValue | undefined, kind: DocumentKind): string | undefined {
  const receipt = receiptObjectOf(value, kind);
  return receipt ? stringMember(receipt, 'id') : undefined;
}
