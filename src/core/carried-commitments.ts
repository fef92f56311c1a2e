/**
 * A canonical_bytes/output_hash pair commits to bytes wherever it sits (spec §2.1): in a
 * wrapper's outer object, a timeline entry, a workflow step, any object of any document. The
 * receipt rules check the receipt they verify; every other object carrying both members is
 * checked here, so a pair that does not match can never end in a verified report because the
 * document's kind did not look at it.
 */
import { CARRIED_COMMITMENT_CAP } from './bounds';
import type { CheckList } from './checks';
import type { DetectedDocument } from './model/document';
import { DOCUMENT_RULES } from './document-rules';
import { decodeBase64Strict } from './encoding/base64';
import { parseDigest } from './encoding/digest';
import { bytesToHex } from './encoding/hex';
import type { Hashing } from './hash/sha256';
import { member, pointerOf, type JsonObject, type JsonValue } from './json/ast';
import { holdsOnlyScalars } from './json/parse';
import { FindingTally, type TallyUnit } from './rules/tally';

const UNIT: TallyUnit = { one: 'object', many: 'objects' };

export function addCarriedCommitmentChecks(
  doc: DetectedDocument,
  hashing: Hashing,
  list: CheckList,
  /** The object the kind's receipt rules verify themselves. */
  verifiedReceipt: JsonValue | undefined,
): void {
  if (!doc.root) return;
  const tally = new FindingTally(list, UNIT, CARRIED_COMMITMENT_CAP);
  let passes = 0;
  const stack: JsonValue[] = [doc.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'array') {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!);
      continue;
    }
    if (node.type !== 'object') continue;
    if (node !== verifiedReceipt && node.has('canonical_bytes') && node.has('output_hash')) {
      const problem = pairProblem(node, hashing);
      const pointer = pointerOf(node);
      const where = pointer ? `object at ${pointer}` : 'the document';
      if (problem === undefined) {
        if (++passes <= CARRIED_COMMITMENT_CAP)
          list.pass(DOCUMENT_RULES.carriedCommitment, member(node, 'output_hash'), {
            params: { where },
          });
      } else {
        tally.record('fail', DOCUMENT_RULES.carriedCommitment, problem.place, {
          params: { where, problem: problem.message },
          detail:
            'This object carries canonical_bytes and output_hash, a commitment to bytes, outside the receipt this document is verified as.',
        });
      }
    }
    if (holdsOnlyScalars(node)) continue;
    const values = node.memberValues;
    for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]!);
  }
  tally.summarise(doc.root);
}

/** What is wrong with an object's pair, in the reference wording; undefined when it matches. */
function pairProblem(
  object: JsonObject,
  hashing: Hashing,
): { message: string; place: JsonValue | undefined } | undefined {
  const canonical = member(object, 'canonical_bytes');
  const outputHash = member(object, 'output_hash');
  const decoded = canonical?.type === 'string' ? decodeBase64Strict(canonical.value) : undefined;
  if (!decoded?.ok) return { message: 'canonical_bytes is not valid base64', place: canonical };
  // A receipt writes sha256:<hex>, a timeline entry's digest input the bare hex (spec §4.2).
  const committed =
    outputHash?.type === 'string' ? parseDigest(outputHash.value, 'bare-or-prefixed') : undefined;
  if (committed === undefined)
    return { message: 'output_hash is not sha256: + lowercase hex digest', place: outputHash };
  if (bytesToHex(hashing.sha256(decoded.bytes)) !== committed)
    return { message: 'output_hash does not match sha256(canonical_bytes)', place: outputHash };
  return undefined;
}
