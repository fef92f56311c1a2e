/**
 * An object must be of one kind (spec §1). An object that carries the members of two kinds —
 * a workflow with an envelope.receipt, a receipt with a timeline — has two readings, and
 * verifying it as the first would leave the commitments of the second unchecked: a broken Merkle
 * root or digest could then print VERIFIED. Such an object is refused, naming the members that
 * were not verified. This holds for every object verified as a kind, wherever it sits: the
 * document itself and the parts its kind's rules verify as objects of their own (a wrapper's
 * receipt, a timeline's entries and commitment; kinds/kind.ts `parts`). Documents nested in
 * others (batch members, supplied documents, a vector set's vectors) are verified as documents
 * (verify.ts), so they get this check as documents. A wrapper's outer object may carry the
 * members of the kind it wraps: its verifier checks that they agree with the inner ones.
 */
import type { CheckList } from './checks';
import { otherKindsOf } from './detect';
import { type DetectedDocument } from './model/document';
import { DOCUMENT_RULES } from './document-rules';
import { member, type JsonObject, type JsonValue } from './json/ast';
import type { ObjectReading } from './kinds/kind';
import { KINDS } from './kinds/registry';
import { kindWithArticle } from './model/kinds';
import { FindingTally, type TallyUnit } from './rules/tally';

/** Findings listed before one "N more" summary (a timeline may have a million entries). */
export const AMBIGUOUS_KIND_CAP = 100;
const UNIT: TallyUnit = { one: 'object', many: 'objects' };

export function addAmbiguousKindChecks(doc: DetectedDocument, list: CheckList): void {
  const root = doc.root;
  if (!root) return;
  const tally = new FindingTally(list, UNIT, AMBIGUOUS_KIND_CAP);
  checkOneKind(
    root,
    {
      label: kindWithArticle(doc.kind),
      reason: doc.reason,
      kind: doc.kind,
      ...(doc.recognisedBy !== undefined ? { recognisedBy: doc.recognisedBy } : {}),
    },
    tally,
  );
  KINDS[doc.kind].parts?.(root, (node, reading) => checkOneKind(node, reading, tally));
  tally.summarise(root);
}

function checkOneKind(node: JsonValue, reading: ObjectReading, tally: FindingTally): void {
  if (node.type !== 'object') return;
  for (const other of otherKindsOf(node, reading)) {
    const names = other.members.join(', ');
    const notVerified =
      other.members.length === 0
        ? 'those members were'
        : other.members.length === 1
          ? `its member ${names} was`
          : `its members ${names} were`;
    const first = other.members[0];
    const place = (first !== undefined ? member(node as JsonObject, first) : undefined) ?? node;
    const otherKind = kindWithArticle(other.kind);
    tally.record('fail', DOCUMENT_RULES.ambiguousKind, place, {
      params: { kind: reading.label, other: otherKind },
      expected: 'the members of one kind',
      found: `members of ${otherKind}${names ? ` (${names})` : ''} beside ${reading.label}`,
      detail: `It was verified as ${reading.label} (${reading.reason}). It is also ${otherKind} (${other.reason}), and ${notVerified} not verified as such: a document has one kind, so verify each part as a document of its own.`,
    });
  }
}
