import type { CheckList } from './checks';
import type { DetectedDocument } from './detect';
import { joinPointer, pointerOf } from './json/ast';

/**
 * Duplicate member names make a document's meaning parser-dependent (spec §2.2): a schema
 * failure naming the path. Applied to the main document and to every supplied one a rule uses.
 */
export function addDuplicateMemberChecks(
  doc: DetectedDocument,
  list: CheckList,
  subject?: string,
): void {
  for (const duplicate of doc.duplicates) {
    list.fail(
      'schema_validity',
      'json.duplicate_member',
      `duplicate member name: ${duplicate.name}`,
      {
        pointer: joinPointer(pointerOf(duplicate.object), duplicate.name),
        start: duplicate.nameStart,
        end: duplicate.nameStart + duplicate.name.length + 2,
      },
      {
        detail: 'JSON.parse silently keeps the last value; other parsers keep the first.',
        ...(subject !== undefined ? { subject } : {}),
      },
    );
  }
}
