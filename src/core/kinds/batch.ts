/** Receipt batches (spec §2): a JSON array or JSON Lines, each member verified as if alone. */
import type { DetectedDocument } from '../model/document';
import { stringMember } from '../json/ast';
import { readsAsTree, type BatchMembers, type KindDescriptor, type LinkKey } from './kind';
import { recordName } from '../json-lines-record';
import { DOCUMENT_RULES } from '../document-rules';
import { KIND_LABELS } from '../model/kinds';

/** Why a non-empty array is a batch, for people. */
export function batchReason(count: number): string {
  return `array of ${count} ${count === 1 ? 'document' : 'documents'}`;
}

export const BATCH_KIND: KindDescriptor = {
  kind: 'batch',
  label: KIND_LABELS.batch,
  accepts: 'a batch (JSON array or JSON Lines of receipts)',
  recogniseJson: [
    {
      rank: 100,
      members: [],
      test: (value) =>
        value.type === 'array' && value.items.length > 0
          ? batchReason(value.items.length)
          : undefined,
    },
  ],
  role: 'record',
  // A batch may hold a workflow's step receipts: it joins that workflow, and keeps its own
  // report for whatever else it holds.
  joins: (doc) => {
    const keys: LinkKey[] = [];
    const members = batchMembers(doc);
    for (let i = 0; i < members.count; i++) {
      if (!readsAsTree(members, i)) continue;
      const { value } = members.at(i);
      const id = value.type === 'object' ? stringMember(value, 'id') : undefined;
      if (id !== undefined) keys.push(`step:${id}`);
    }
    return keys;
  },
  keepsOwnReportWhenJoined: true,
  members: batchMembers,
  // Its own checks (batch.members, batch.nested) are declared with those of every document.
  rules: [DOCUMENT_RULES],
  // Its report is a summary of its members' (batch-summary.ts): no details of its own.
  vectors: 'receipt',
};

/** Each member with the name it is reported under ("steps.jsonl line record 3"). */
function batchMembers(doc: DetectedDocument): BatchMembers {
  const name = (i: number): string =>
    doc.jsonLines ? recordName(doc.name, i + 1) : `${doc.name} item ${i + 1}`;
  const records = doc.records;
  if (records) {
    return {
      count: records.count,
      at: (i) => {
        const { root, duplicates } = records.read(i);
        return { value: root, name: name(i), duplicates };
      },
      tooLong: (i) => records.isTooLong(i),
      brokenText: (i) => records.brokenText(i),
      place: (i) => records.place(i),
      name,
    };
  }
  const items = doc.root?.type === 'array' ? doc.root.items : [];
  return { count: items.length, at: (i) => ({ value: items[i]!, name: name(i) }), name };
}
