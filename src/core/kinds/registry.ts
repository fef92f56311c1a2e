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

export { KIND_LABELS, kindWithArticle } from './labels';
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

/** The list of accepted kinds, for the message an unrecognised document gets. */
export const ACCEPTED_KINDS_MESSAGE =
  'Accepted: a per-call receipt (canonical_bytes + output_hash), a wrapped receipt (envelope.receipt, ' +
  "a CloudEvent's data, an EventBridge event's detail.data), " +
  'a workflow receipt (type "verifiable-workflow-receipt" or steps + merkle_root), a job timeline ' +
  '(array of entries with prev_digest, or {timeline, commitment}), a timeline commitment, a batch ' +
  '(JSON array or JSON Lines of receipts), a Nostr event, an OpenTimestamps .ots proof, an ' +
  '80-byte Bitcoin block header in hex, or a vector set (vectors or cases, each with the result it ' +
  'expects).';
