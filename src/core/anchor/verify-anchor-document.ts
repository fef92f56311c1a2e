import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../detect';
import { recognisedOnlyReport } from '../recognised-only';
import type { Report } from '../report';

/** A Nostr event, .ots proof or block header verified on its own (spec §5). */
export function verifyAnchorDocument(
  doc: DetectedDocument,
  _ctx: VerifyContext,
  list: CheckList,
): Report {
  return recognisedOnlyReport(doc, list);
}
