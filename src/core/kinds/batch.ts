/** Receipt batches (spec §2): a JSON array or JSON Lines, each member verified as if alone. */
import type { DetectedDocument } from '../detect';
import { stringMember } from '../json/ast';
import type { BatchMember, KindDescriptor, LinkKey } from './kind';
import { KIND_LABELS } from './labels';

export const BATCH_KIND: KindDescriptor = {
  kind: 'batch',
  label: KIND_LABELS.batch,
  recogniseJson: [
    {
      rank: 100,
      test: (value) =>
        value.type === 'array' && value.items.length > 0
          ? `array of ${value.items.length} documents`
          : undefined,
    },
  ],
  role: 'record',
  // A batch may hold a workflow's step receipts: it joins that workflow, and keeps its own
  // report for whatever else it holds.
  joins: (doc) => {
    const keys: LinkKey[] = [];
    if (doc.root?.type === 'array') {
      for (const item of doc.root.items) {
        const id = item.type === 'object' ? stringMember(item, 'id') : undefined;
        if (id !== undefined) keys.push(`step:${id}`);
      }
    }
    return keys;
  },
  keepsOwnReportWhenJoined: true,
  members: batchMembers,
};

/** Each member with the name it is reported under ("steps.jsonl line record 3"). */
function batchMembers(doc: DetectedDocument): BatchMember[] {
  const items = doc.root?.type === 'array' ? doc.root.items : [];
  const noun = doc.jsonLines ? 'line record' : 'item';
  return items.map((value, i) => ({ value, name: `${doc.name} ${noun} ${i + 1}` }));
}
