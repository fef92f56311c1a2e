/**
 * Every document kind, once. Detection, grouping, dispatch and labels loop over this registry;
 * the Record type makes a kind without a descriptor a type error.
 */
import type { DocumentKind } from '../model/report';
import { BLOCK_HEADER_KIND, NOSTR_EVENT_KIND, OTS_PROOF_KIND } from './anchor-material';
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

export const KINDS: Readonly<Record<DocumentKind, KindDescriptor>> = {
  receipt: RECEIPT_KIND,
  'wrapped-receipt': WRAPPED_RECEIPT_KIND,
  'cloudevent-receipt': CLOUDEVENT_RECEIPT_KIND,
  'eventbridge-receipt': EVENTBRIDGE_RECEIPT_KIND,
  workflow: WORKFLOW_KIND,
  timeline: TIMELINE_KIND,
  commitment: COMMITMENT_KIND,
  batch: BATCH_KIND,
  'nostr-event': NOSTR_EVENT_KIND,
  'ots-proof': OTS_PROOF_KIND,
  'block-header': BLOCK_HEADER_KIND,
  'vector-set': VECTOR_SET_KIND,
  unknown: UNKNOWN_KIND,
};

const ALL = Object.values(KINDS);

/** JSON recognisers of every kind, most specific first. */
export const JSON_RECOGNISERS = ALL.flatMap((descriptor) =>
  (descriptor.recogniseJson ?? []).map((recogniser) => ({ ...recogniser, kind: descriptor.kind })),
).sort((a, b) => a.rank - b.rank);

export const BYTE_RECOGNISERS = ALL.filter((d) => d.recogniseBytes);
export const TEXT_RECOGNISERS = ALL.filter((d) => d.recogniseText);

/** The list of accepted kinds, for the message an unrecognised document gets: each kind says how. */
const accepted = ALL.flatMap((descriptor) => (descriptor.accepts ? [descriptor.accepts] : []));
export const ACCEPTED_KINDS_MESSAGE = `Accepted: ${accepted.slice(0, -1).join(', ')}, or ${accepted.at(-1)}.`;
