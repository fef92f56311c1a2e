import { DUPLICATE_MEMBER_CAP } from './bounds';
import type { CheckList } from './checks';
import type { DetectedDocument } from './model/document';
import { DOCUMENT_RULES } from './document-rules';
import { joinPointer, pointerOf } from './json/ast';
import { FindingTally, type TallyUnit } from './rules/tally';

const DUPLICATE_UNIT: TallyUnit = { one: 'duplicate member name', many: 'duplicate member names' };

/**
 * Duplicate member names make a document's meaning parser-dependent (spec §2.2): a schema
 * failure naming the path. Applied to every document the pipeline verifies, and to every
 * supplied one a rule uses.
 */
export function addDuplicateMemberChecks(
  doc: DetectedDocument,
  list: CheckList,
  subject?: string,
): void {
  if (doc.duplicates.length === 0) return;
  const tally = new FindingTally(list, DUPLICATE_UNIT, DUPLICATE_MEMBER_CAP);
  for (const duplicate of doc.duplicates) {
    // Past the cap a finding is only counted: no pointer or message is built for it.
    if (tally.count(DOCUMENT_RULES.duplicateMember) >= DUPLICATE_MEMBER_CAP) {
      tally.record('fail', DOCUMENT_RULES.duplicateMember, undefined);
      continue;
    }
    tally.record(
      'fail',
      DOCUMENT_RULES.duplicateMember,
      {
        pointer: joinPointer(pointerOf(duplicate.object), duplicate.name),
        start: duplicate.nameStart,
        end: duplicate.nameStart + duplicate.name.length + 2,
      },
      {
        params: { name: duplicate.name },
        detail: 'JSON.parse silently keeps the last value; other parsers keep the first.',
        ...(subject !== undefined ? { subject } : {}),
      },
    );
  }
  tally.summariseRule(DOCUMENT_RULES.duplicateMember, { pointer: '' });
}
