import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../detect';
import { recognisedOnlyReport } from '../recognised-only';
import type { Report } from '../report';

/** Job timelines and their commitments (spec §4). Rules arrive with the chain issue. */
export function verifyTimelineDocument(
  doc: DetectedDocument,
  _ctx: VerifyContext,
  list: CheckList,
): Report {
  return recognisedOnlyReport(doc, list);
}
