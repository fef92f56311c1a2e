/**
 * A document must be of one kind (spec §1). An object that carries the members of two kinds —
 * a workflow with an envelope.receipt, a receipt with a timeline — has two readings, and
 * verifying it as the first would leave the commitments of the second unchecked: a broken Merkle
 * root or digest could then print VERIFIED. Such a document is refused, naming the members
 * that were not verified. A wrapper's outer object may carry the members of the kind it wraps:
 * its verifier checks that they agree with the inner ones.
 */
import type { CheckList } from './checks';
import { otherKindsOf } from './detect';
import { type DetectedDocument } from './model/document';
import { DOCUMENT_RULES } from './document-rules';
import { member } from './json/ast';
import { kindWithArticle } from './model/kinds';

export function addAmbiguousKindChecks(doc: DetectedDocument, list: CheckList): void {
  const root = doc.root;
  if (root?.type !== 'object') return;
  for (const other of otherKindsOf(root, doc.kind)) {
    const first = other.members[0];
    const names = other.members.join(', ');
    const notVerified =
      other.members.length === 0
        ? 'those members were'
        : other.members.length === 1
          ? `its member ${names} was`
          : `its members ${names} were`;
    const place = (first !== undefined ? member(root, first) : undefined) ?? root;
    list.fail(DOCUMENT_RULES.ambiguousKind, place, {
      params: { kind: kindWithArticle(doc.kind), other: kindWithArticle(other.kind) },
      expected: 'the members of one kind',
      found: `members of ${kindWithArticle(other.kind)}${names ? ` (${names})` : ''} beside ${kindWithArticle(doc.kind)}`,
      detail: `It was verified as ${kindWithArticle(doc.kind)} (${doc.reason}). It is also ${kindWithArticle(other.kind)} (${other.reason}), and ${notVerified} not verified as such: a document has one kind, so verify each part as a document of its own.`,
    });
  }
}
