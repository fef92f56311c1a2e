/** Workflow receipts (spec §3): ordered steps under one Merkle root. */
import type { DetectedDocument } from '../model/document';
import { parseDigest } from '../encoding/digest';
import { member, stringMember } from '../json/ast';
import { arrayItem, arrayLength, COMPOUND, scalarItem } from '../json/parse';
import { objectWithMembers, verifierOnDemand, type KindDescriptor, type LinkKey } from './kind';
import { KIND_LABELS } from '../model/kinds';

/**
 * The keys of each workflow, made once: ingestion asks for them several times, and each ask
 * built a key per step.
 */
const offered = new WeakMap<DetectedDocument, LinkKey[]>();

/** Its steps' receipt ids (step receipts join it); its output_hash and root (evidence, proofs). */
function workflowOffers(doc: DetectedDocument): LinkKey[] {
  let keys = offered.get(doc);
  if (!keys) {
    keys = workflowKeys(doc);
    offered.set(doc, keys);
  }
  return keys;
}

function workflowKeys(doc: DetectedDocument): LinkKey[] {
  const root = doc.root;
  if (root?.type !== 'object') return [];
  const keys: LinkKey[] = [];
  const steps = member(root, 'steps');
  if (steps?.type === 'array') {
    // Only an object step has a receipt_id (and scalar steps may be kept compact: no nodes).
    for (let i = 0, n = arrayLength(steps); i < n; i++) {
      const step = scalarItem(steps, i) === COMPOUND ? arrayItem(steps, i) : undefined;
      const id = step?.type === 'object' ? stringMember(step, 'receipt_id') : undefined;
      if (id !== undefined) keys.push(`step:${id}`);
    }
  }
  const outputHash = parseDigest(stringMember(root, 'output_hash') ?? '', 'bare');
  if (outputHash !== undefined) keys.push(`digest:${outputHash}`);
  for (const name of ['merkle_root', 'output_hash']) {
    const value = parseDigest(stringMember(root, name) ?? '', 'bare');
    if (value !== undefined) keys.push(`anchorable:${value}`);
  }
  return keys;
}

export const WORKFLOW_KIND: KindDescriptor = {
  kind: 'workflow',
  label: KIND_LABELS.workflow,
  accepts: 'a workflow receipt (type "verifiable-workflow-receipt" or steps + merkle_root)',
  recogniseJson: [
    {
      rank: 20,
      members: ['type'],
      test: (value) => {
        if (value.type !== 'object') return undefined;
        const type = member(value, 'type');
        return type?.type === 'string' && type.value === 'verifiable-workflow-receipt'
          ? 'type is "verifiable-workflow-receipt"'
          : undefined;
      },
    },
    objectWithMembers(30, ['steps', 'merkle_root'], 'object with steps and merkle_root'),
  ],
  role: 'record',
  offers: workflowOffers,
  ...verifierOnDemand(
    'the workflow verifier',
    async () => (await import('../workflow/verify-workflow')).verifyWorkflowDocument,
  ),
  vectors: 'workflow',
  details: 'workflow',
};
