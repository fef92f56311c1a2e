/**
 * The merkle_root rule (spec §3.2, §3.3), dimension byte_integrity: resolve the construction
 * from merkle_version, recompute, compare. Exact constructions pass or fail; a searched one
 * (seq-output-v1) passes only on an exact reproduction and is otherwise unavailable; an
 * unknown or undeterminable construction is unavailable and the root is never confirmed.
 */
import type { CheckList } from '../checks';
import { parseDigestBytes } from '../encoding/digest';
import { bytesToHex } from '../encoding/hex';
import type { Hashing } from '../hash/sha256';
import { describeType, member, type JsonObject } from '../json/ast';
import type { WorkflowDetails } from './details';
import type { MerkleInput } from './merkle/input';
import { legacySeqReceiptHashRoot } from './merkle/receipt-id-v0';
import { MERKLE_CONSTRUCTIONS, resolveConstruction } from './merkle/registry';
import type { MerkleTree } from './merkle/tree';
import { MERKLE_RULES } from './rules';

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
  /** `reason` completes "merkle_root ..." (the rule's unavailable template). */
  const unavailable = (reason: string, detail?: string, at = place): void => {
    merkle.status = 'unavailable';
    const check = list.unavailable(MERKLE_RULES.root, at, {
      params: { reason },
      ...(detail ? { detail } : {}),
    });
    merkle.unavailableReason = check.message;
  };

  if (versionNode && versionNode.type !== 'string') {
    unavailable(
      'was not checked: merkle_version is not a string, so the root construction cannot be determined',
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
      `was not checked: unknown merkle_version ${JSON.stringify(resolved.declared)}`,
      `This verifier knows ${MERKLE_CONSTRUCTIONS.map((c) => c.id).join(', ')}. A root whose construction cannot be determined is never reported as confirmed.`,
      versionNode ?? place,
    );
    return;
  }
  const construction = resolved.construction;
  merkle.construction = construction.id;
  if (declared === undefined) {
    list.info(MERKLE_RULES.construction, workflow, {
      params: {
        how: `is absent, so the root is checked as receipt-id-v0 (${construction.summary})`,
      },
    });
  } else {
    const alias = declared !== construction.id ? ` (an alias of ${construction.id})` : '';
    list.info(MERKLE_RULES.construction, versionNode, {
      params: { how: `${JSON.stringify(declared)}${alias}: ${construction.summary}` },
    });
  }
  if (!input) {
    unavailable('could not be recomputed: steps is not a list');
    return;
  }

  const stored = rootNode?.type === 'string' ? parseDigestBytes(rootNode.value, 'bare') : undefined;
  const outcome = construction.evaluate(input, stored, hashing);
  if ('tried' in outcome && outcome.tried) merkle.tried = outcome.tried;

  switch (outcome.status) {
    case 'unavailable': {
      if (construction.exact) {
        unavailable(`could not be recomputed: ${outcome.reason}`);
      } else {
        unavailable(
          `under ${construction.id}: ${NOT_REPRODUCIBLE}`,
          `${outcome.reason}. Candidate leaf encodings tried: ${outcome.tried?.join(', ') || 'none'}. The exact ${construction.id} leaf bytes are not published; an unreproduced root is not a failure.`,
        );
      }
      return;
    }
    case 'reproduced': {
      keepTree(merkle, outcome.tree, 'match');
      merkle.candidate = outcome.candidate;
      merkle.candidateDescription = outcome.description;
      list.pass(MERKLE_RULES.root, place, {
        params: {
          how: `is reproduced under ${construction.id} by candidate ${outcome.candidate}: ${outcome.description}`,
        },
        expected: merkle.computedRoot,
        found: rootNode ? describeType(rootNode) : 'member missing',
        detail: `The ${construction.id} leaf bytes are not published; this candidate reproduces the stored root exactly.`,
      });
      return;
    }
    case 'computed': {
      const computed = bytesToHex(outcome.tree.root);
      const matches = rootNode?.type === 'string' && rootNode.value === computed;
      keepTree(merkle, outcome.tree, matches ? 'match' : 'mismatch');
      if (matches) {
        list.pass(MERKLE_RULES.root, place, {
          params: {
            how: `matches the recomputed Section 8.1 root (${construction.id}, ${input.count} leaves)`,
          },
          expected: computed,
          found: computed,
        });
        return;
      }
      if (rootNode?.type !== 'string') {
        // Nothing comparable was carried: the format rule has already failed; this is no mismatch.
        list.unavailable(MERKLE_RULES.root, place, {
          params: { reason: 'could not be compared: the workflow carries no merkle_root string' },
          expected: computed,
          found: rootNode ? describeType(rootNode) : 'member missing',
        });
        return;
      }
      list.fail(MERKLE_RULES.root, place, {
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
