/** Hash-chained job timelines (spec §4) and their external commitments (§4.5). */
import type { DetectedDocument } from '../model/document';
import { ENTRY_OWN_MEMBERS } from '../chain/entry-members';
import { hasMember, member, stringMember, type JsonValue } from '../json/ast';
import { arrayItem, arrayLength, COMPOUND, scalarItem } from '../json/parse';
import {
  objectWithMembers,
  verifierOnDemand,
  type KindDescriptor,
  type LinkKey,
  type ObjectReading,
  type PartVisitor,
} from './kind';
import { KIND_LABELS, kindWithArticle } from '../model/kinds';

/** The job of a timeline: its first entry's job_id. */
function timelineOffers(doc: DetectedDocument): LinkKey[] {
  const root = doc.root;
  const entries = root?.type === 'object' ? member(root, 'timeline') : root;
  const first = entries?.type === 'array' ? entries.items[0] : entries;
  const job = first?.type === 'object' ? stringMember(first, 'job_id') : undefined;
  return job !== undefined ? [`job:${job}`] : [];
}

/**
 * What an array's items say so far about it being a job timeline: it is one when it holds an
 * object and every object in it has prev_digest. Folded one item at a time (timelineShape), so
 * batch records can be classified without being held all at once (batch-syntax.ts).
 */
export type TimelineShape = 'no-object' | 'timeline' | 'not-timeline';

/** How one item counts: an entry (an object with prev_digest), another object, or neither. */
export type TimelineItem = 'entry' | 'object' | 'other';

export function timelineItemOf(item: JsonValue): TimelineItem {
  if (item.type !== 'object') return 'other';
  return hasMember(item, 'prev_digest') ? 'entry' : 'object';
}

/** The same for a value JSON.parse made (batch-syntax.ts). */
export function timelineItemOfPlain(item: unknown): TimelineItem {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'other';
  return Object.hasOwn(item, 'prev_digest') ? 'entry' : 'object';
}

export function timelineShape(shape: TimelineShape, item: TimelineItem): TimelineShape {
  if (shape === 'not-timeline' || item === 'other') return shape;
  return item === 'entry' ? 'timeline' : 'not-timeline';
}

function isTimelineArray(items: readonly JsonValue[]): boolean {
  let shape: TimelineShape = 'no-object';
  for (let i = 0; i < items.length && shape !== 'not-timeline'; i++)
    shape = timelineShape(shape, timelineItemOf(items[i]!));
  return shape === 'timeline';
}

const ENTRY_READING: ObjectReading = {
  label: 'a timeline entry',
  reason: 'an item of the timeline',
  owns: ENTRY_OWN_MEMBERS,
};

const EMBEDDED_COMMITMENT_READING: ObjectReading = {
  label: kindWithArticle('commitment'),
  reason: 'the commitment beside the timeline',
  kind: 'commitment',
};

/** Each entry is verified as a timeline entry, an embedded commitment as a commitment. */
function timelineParts(root: JsonValue, visit: PartVisitor): void {
  const entries = root.type === 'object' ? member(root, 'timeline') : root;
  if (entries?.type === 'array') {
    // (Only object items are entries to read: scalar ones make no nodes.)
    for (let i = 0, n = arrayLength(entries); i < n; i++) {
      const entry = scalarItem(entries, i) === COMPOUND ? arrayItem(entries, i) : undefined;
      if (entry) visit(entry, ENTRY_READING);
    }
  }
  const commitment = root.type === 'object' ? member(root, 'commitment') : undefined;
  if (commitment) visit(commitment, EMBEDDED_COMMITMENT_READING);
}

/** One verifier for timelines and their commitments, loaded once for either. */
const TIMELINE_VERIFIER = verifierOnDemand(
  'the timeline verifier',
  async () => (await import('../chain/verify-timeline')).verifyTimelineDocument,
);

export const TIMELINE_KIND: KindDescriptor = {
  kind: 'timeline',
  label: KIND_LABELS.timeline,
  accepts: 'a job timeline (array of entries with prev_digest, or {timeline, commitment})',
  recogniseJson: [
    {
      rank: 15,
      members: [],
      test: (value) =>
        value.type === 'array' && isTimelineArray(value.items)
          ? 'array of entries with prev_digest'
          : undefined,
    },
    {
      rank: 40,
      members: ['timeline'],
      test: (value) =>
        value.type === 'object' && member(value, 'timeline')?.type === 'array'
          ? 'object with a timeline array'
          : undefined,
    },
    {
      ...objectWithMembers(
        80,
        ['prev_digest', 'canonical_bytes'],
        'a single timeline entry (prev_digest)',
      ),
      fallback: true,
    },
  ],
  role: 'record',
  offers: timelineOffers,
  parts: timelineParts,
  ...TIMELINE_VERIFIER,
  vectors: 'chain',
  details: 'chain',
};

export const COMMITMENT_KIND: KindDescriptor = {
  kind: 'commitment',
  label: KIND_LABELS.commitment,
  accepts: 'a timeline commitment',
  recogniseJson: [
    objectWithMembers(
      60,
      ['final_entry_digest', 'entry_count'],
      'object with final_entry_digest and entry_count',
    ),
  ],
  role: 'material',
  joins: (doc) => {
    const job = doc.root?.type === 'object' ? stringMember(doc.root, 'job_id') : undefined;
    return job !== undefined ? [`job:${job}`] : [];
  },
  ...TIMELINE_VERIFIER,
  vectors: 'chain',
  details: 'chain',
};
