import type { CheckList } from './checks';
import type { DetectedDocument } from './detect';
import { buildReport, KIND_LABELS, STANDING_LIMITS, type Report } from './report';

/** A kind we recognise but whose rules are not in this version: unavailable, never a failure. */
export function recognisedOnlyReport(doc: DetectedDocument, list: CheckList): Report {
  list.unavailable(
    'schema_validity',
    `${doc.kind}.recognised`,
    `recognised as a ${KIND_LABELS[doc.kind]} (${doc.reason}), but this version does not verify that kind yet`,
    doc.root,
  );
  return buildReport({
    kind: doc.kind,
    source: doc.name,
    checks: list.checks,
    limits: [STANDING_LIMITS.hashMatch],
    chainApplies: false,
  });
}
