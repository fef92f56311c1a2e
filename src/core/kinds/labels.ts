/**
 * Each kind's label, as data that imports nothing: the page shows labels long before (and
 * without) loading any verifier, so they must not pull the kind descriptors into its bundle.
 * Each descriptor (kinds/*.ts) takes its label from here.
 */
import type { DocumentKind } from '../model/report';

export const KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  receipt: 'per-call receipt',
  'wrapped-receipt': 'wrapped receipt (envelope.receipt)',
  'cloudevent-receipt': 'CloudEvent receipt (data)',
  'eventbridge-receipt': 'EventBridge event receipt (detail.data)',
  workflow: 'workflow receipt',
  timeline: 'job timeline (hash chain)',
  commitment: 'job timeline commitment',
  batch: 'receipt batch',
  'nostr-event': 'Nostr event',
  'ots-proof': 'OpenTimestamps proof',
  'block-header': 'Bitcoin block header',
  'vector-set': 'vector set',
  unknown: 'unrecognised document',
};

/** "a per-call receipt", "an OpenTimestamps proof", "an unrecognised document". */
export function kindWithArticle(kind: DocumentKind): string {
  const label = KIND_LABELS[kind];
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}
