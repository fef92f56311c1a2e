/**
 * Every document kind, once: the kinds of this folder, and the anchor types' kinds
 * (anchor/registry.ts) where their names stand. Detection, grouping, dispatch, labels and code
 * loading loop over this registry; a kind named in model/kinds.ts without a descriptor fails its
 * test (registry.test.ts).
 */
import { ANCHOR_KINDS } from '../anchor/registry';
import type { DocumentKind } from '../model/kinds';
import { BATCH_KIND } from './batch';
import type { KindDescriptor } from './kind';
import {
  CLOUDEVENT_RECEIPT_KIND,
  EVENTBRIDGE_RECEIPT_KIND,
  RECEIPT_KIND,
  WRAPPED_RECEIPT_KIND,
} from './receipt';
import { COMMITMENT_KIND, TIMELINE_KIND } from './timeline';
import { UNKNOWN_KIND } from './unknown';
import { VECTOR_SET_KIND } from './vector-set';
import { WORKFLOW_KIND } from './workflow';

export const KINDS = {
  receipt: RECEIPT_KIND,
  'wrapped-receipt': WRAPPED_RECEIPT_KIND,
  'cloudevent-receipt': CLOUDEVENT_RECEIPT_KIND,
  'eventbridge-receipt': EVENTBRIDGE_RECEIPT_KIND,
  workflow: WORKFLOW_KIND,
  timeline: TIMELINE_KIND,
  commitment: COMMITMENT_KIND,
  batch: BATCH_KIND,
  ...ANCHOR_KINDS,
  'vector-set': VECTOR_SET_KIND,
  unknown: UNKNOWN_KIND,
} as Readonly<Record<DocumentKind, KindDescriptor>>;

export const KIND_LIST: readonly KindDescriptor[] = Object.values(KINDS);

/** JSON recognisers of every kind, most specific first. */
export const JSON_RECOGNISERS = KIND_LIST.flatMap((descriptor) =>
  (descriptor.recogniseJson ?? []).map((recogniser) => ({ ...recogniser, kind: descriptor.kind })),
).sort((a, b) => a.rank - b.rank);

export const BYTE_RECOGNISERS = KIND_LIST.filter((d) => d.recogniseBytes);
export const TEXT_RECOGNISERS = KIND_LIST.filter((d) => d.recogniseText);

/** The list of accepted kinds, for the message an unrecognised document gets: each kind says how. */
const accepted = KIND_LIST.flatMap((descriptor) =>
  descriptor.accepts ? [descriptor.accepts] : [],
);
export const ACCEPTED_KINDS_MESSAGE = `Accepted: ${accepted.slice(0, -1).join(', ')}, or ${accepted.at(-1)}.`;
