/**
 * An anchor type's document verified on its own (spec §5): a Nostr event, an OpenTimestamps
 * proof, a Bitcoin block header. Dimensions: the document's own form is schema_validity; what its
 * own bytes prove is byte_integrity (event id, a supplied file matching the proof's start digest,
 * a header's proof of work); the event signature is issuer_authenticity, about the event's key
 * only; what the document attests (Bitcoin confirmation, binding to a supplied record) is
 * anchor_verification. Each type says what it checks, what it does not prove, and which
 * dimensions its own claim makes count (report.ts alsoOwn).
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { KindVerifier } from '../kinds/kind';
import type { DetectedDocument } from '../model/document';
import type { Dimension } from '../model/report';
import { buildReport } from '../report';
import { STANDING_LIMITS } from '../limits';
import { emptyAnchorDetails, type AnchorDetails } from './details';

export function anchorDocumentVerifier(
  check: (
    doc: DetectedDocument,
    ctx: VerifyContext,
    list: CheckList,
    details: AnchorDetails,
  ) => void,
  limits: readonly string[],
  /** What the document itself claims: an event its signature, a proof its attestation. */
  alsoOwn: readonly Dimension[],
): KindVerifier {
  return (doc, ctx, list) => {
    const details = emptyAnchorDetails();
    check(doc, ctx, list, details);
    return buildReport({
      kind: doc.kind,
      source: doc.name,
      checks: list,
      limits: [...limits, STANDING_LIMITS.hashMatch],
      chainApplies: false,
      alsoOwn: [...alsoOwn],
      details,
    });
  };
}
