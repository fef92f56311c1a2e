/**
 * The merkle_root rule (spec §3.2, §3.3), dimension byte_integrity: resolve the construction
 * from merkle_version, recompute, compare. Exact constructions pass or fail; a searched one
 * (seq-output-v1) passes only on an exact reproduction and is otherwise unavailable; an
 * unknown or undeterminable construction is unavailable and the root is never confirmed.
 */
import type { CheckList } from '../checks';
import { bytesToHex, hexToBytes, LOWER_HEX_64 } from '../encoding/hex';
import type { Hashing } from '../hash/sha256';
import { describeType, member, type JsonObject } from '../json/ast';
import type { WorkflowDetails } from './details';
import type { MerkleInput } from './merkle/input';
import { legacySeqReceiptHashRoot } from './merkle/receipt-id-v0';
import { MERKLE_CONSTRUCTIONS, resolveConstruction } from './merkle/registry';
import type { MerkleTree } from './merkle/tree';

export const MERKLE_RULES = {
  construction: 'workflow.merkle.construction',
  root: 'workflow.merkle.root',
} as const;

export const ROOT_MISMATCH = 'merkle_root does not match the recomputed Section 8.1 root';
export const NOT_REPRODUCIBLE = 'this construction cannot be reproduced by this verifier';

export function checkMerkleRoot(
  workflow: JsonObject,
  /** Undefined when `steps` is not a list: nothing to build a tree from. */
  input: MerkleInput | undefined,
  hashing: Hashing,
  list: CheckList,
  details: WorkflowDetails,
): void {
  const merkle = details.merkle;
  const rootNode = member(workflow, 'merkle_root');
  const versionNode = member(workflow, 'merkle_version');
  const place = rootNode ?? workflow;
  if (rootNode?.type === 'string') merkle.storedRoot = rootNode.value;
  const unavailable = (message: string, detail?: string, at = place): void => {
    merkle.status = 'unavailable';
    merkle.unavailableReason = message;
    list.unavailable('byte_integrity', MERKLE_RULES.root, message, at, detail ? { detail } : {});
  };

  if (versionNode && versionNode.type !== 'string') {
    unavailable(
      'merkle_root was not checked: merkle_version is not a string, so the root construction cannot be determined',
      undefined,
      versionNode,
    );
    return;
  }
  const declared = versionNode?.type === 'string' ? versionNode.value : undefined;
  if (declared !== undefined) merkle.declaredVersion = declared;
  const resolved = resolveConstruction(declared);
  if (!resolved.known) {
    unavailable(
      `merkle_root was not checked: unknown merkle_version ${JSON.stringify(resolved.declared)}`,
      `This verifier knows ${MERKLE_CONSTRUCTIONS.map((c) => c.id).join(', ')}. A root whose construction cannot be determined is never reported as confirmed.`,
      versionNode ?? place,
    );
    return;
  }
  const construction = resolved.construction;
  merkle.construction = construction.id;
  if (declared === undefined) {
    list.info(
      'byte_integrity',
      MERKLE_RULES.construction,
      `merkle_version is absent, so the root is checked as receipt-id-v0 (${construction.summary})`,
      workflow,
    );
  } else {
    const alias = declared !== construction.id ? ` (an alias of ${construction.id})` : '';
    list.info(
      'byte_integrity',
      MERKLE_RULES.construction,
      `merkle_version ${JSON.stringify(declared)}${alias}: ${construction.summary}`,
      versionNode,
    );
  }
  if (!input) {
    unavailable('merkle_root could not be recomputed: steps is not a list');
    return;
  }

  const stored =
    rootNode?.type === 'string' && LOWER_HEX_64.test(rootNode.value)
      ? hexToBytes(rootNode.value)
      : undefined;
  const outcome = construction.evaluate(input, stored, hashing);
  if ('tried' in outcome && outcome.tried) merkle.tried = outcome.tried;

  switch (outcome.status) {
    case 'unavailable': {
      if (construction.exact) {
        unavailable(`merkle_root could not be recomputed: ${outcome.reason}`);
      } else {
        unavailable(
          `merkle_root under ${construction.id}: ${NOT_REPRODUCIBLE}`,
          `${outcome.reason}. Candidate leaf encodings tried: ${outcome.tried?.join(', ') || 'none'}. The exact ${construction.id} leaf bytes are not published; an unreproduced root is not a failure.`,
        );
      }
      return;
    }
    case 'reproduced': {
      keepTree(merkle, outcome.tree, 'match');
      merkle.candidate = outcome.candidate;
      merkle.candidateDescription = outcome.description;
      list.pass(
        'byte_integrity',
        MERKLE_RULES.root,
        `merkle_root is reproduced under ${construction.id} by candidate ${outcome.candidate}: ${outcome.description}`,
        place,
        {
          expected: merkle.computedRoot,
          found: rootNode ? describeType(rootNode) : 'member missing',
          detail: `The ${construction.id} leaf bytes are not published; this candidate reproduces the stored root exactly.`,
        },
      );
      return;
    }
    case 'computed': {
      const computed = bytesToHex(outcome.tree.root);
      const matches = rootNode?.type === 'string' && rootNode.value === computed;
      keepTree(merkle, outcome.tree, matches ? 'match' : 'mismatch');
      if (matches) {
        list.pass(
          'byte_integrity',
          MERKLE_RULES.root,
          `merkle_root matches the recomputed Section 8.1 root (${construction.id}, ${input.count} leaves)`,
          place,
          { expected: computed, found: computed },
        );
        return;
      }
      if (rootNode?.type !== 'string') {
        // Nothing comparable was carried: the format rule has already failed; this is no mismatch.
        list.unavailable(
          'byte_integrity',
          MERKLE_RULES.root,
          'merkle_root could not be compared: the workflow carries no merkle_root string',
          place,
          { expected: computed, found: rootNode ? describeType(rootNode) : 'member missing' },
        );
        return;
      }
      list.fail('byte_integrity', MERKLE_RULES.root, ROOT_MISMATCH, place, {
        expected: computed,
        found: rootNode
          ? rootNode.type === 'string'
            ? rootNode.value
            : describeType(rootNode)
          : 'member missing',
        detail: mismatchDetail(input, stored, hashing),
      });
      return;
    }
  }
}

function keepTree(
  merkle: WorkflowDetails['merkle'],
  tree: MerkleTree,
  status: WorkflowDetails['merkle']['status'],
): void {
  merkle.status = status;
  merkle.levels = tree.levels;
  merkle.leafCount = tree.leafCount;
  merkle.computedRoot = bytesToHex(tree.root);
}

/** Explains a mismatch where we can: the legacy web-page construction is a known cause. */
function mismatchDetail(
  input: MerkleInput,
  stored: Uint8Array | undefined,
  hashing: Hashing,
): string {
  const base =
    'The receipt_ids as listed do not hash to the stored root: a step was added, removed, reordered or changed, or the root was.';
  if (!stored) return base;
  const legacy = legacySeqReceiptHashRoot(input, hashing);
  if (legacy && bytesToHex(legacy) === bytesToHex(stored)) {
    return 'The stored root is the old web-page construction (leaves SHA-256("<seq>:<receipt_hash>")), which is not the Section 8.1 construction and is never accepted.';
  }
  return base;
}
