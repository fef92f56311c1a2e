import type { CheckList } from './checks';
import type { DetectedDocument } from './detect';
import { DOCUMENT_RULES } from './document-rules';
import { joinPointer, pointerOf } from './json/ast';

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
  for (const duplicate of doc.duplicates) {
    list.fail(
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
}
