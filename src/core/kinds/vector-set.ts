/**
 * Vector sets (issue 26): an implementer's file of vectors, each a document with the result it
 * expects. Each vector is verified as the document it describes, through the one pipeline, and
 * compared with its expectation (vector-set/verify-vector-set.ts).
 */
import { vectorList } from '../vector-set/members';
import { verifierOnDemand, type KindDescriptor } from './kind';
import { KIND_LABELS } from '../model/kinds';

export const VECTOR_SET_KIND: KindDescriptor = {
  kind: 'vector-set',
  label: KIND_LABELS['vector-set'],
  accepts: 'a vector set (vectors or cases, each with the result it expects)',
  recogniseJson: [
    {
      // Before the other object kinds: a set names receipts and timelines inside its vectors,
      // never as its own members.
      rank: 5,
      members: ['vectors', 'cases'],
      test: (value) => {
        const list = vectorList(value);
        return list
          ? `object with a ${list.name} list of ${list.items.length} test vectors`
          : undefined;
      },
    },
  ],
  role: 'record',
  holdsDocuments: true,
  ...verifierOnDemand(
    'the vector-set verifier',
    async () => (await import('../vector-set/verify-vector-set')).verifyVectorSet,
  ),
  vectors: 'vector-set',
  details: 'vector-set',
};
