import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../detect';
import { recognisedOnlyReport } from '../recognised-only';
import type { Report } from '../report';

/** Workflow receipts (spec §3). Rules arrive with the workflow issue. */
export function verifyWorkflowDocument(
  doc: DetectedDocument,
  _ctx: VerifyContext,
  list: CheckList,
): Report {
  return recognisedOnlyReport(doc, list);
}
