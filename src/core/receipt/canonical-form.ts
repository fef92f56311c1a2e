import { sortedCompactJsonOfNode } from '../encoding/sorted-json';
import type { JsonObject } from '../json/ast';

/** Whether payload text is exactly key-sorted compact JSON with literal UTF-8 (the producer's form). */
export function isReferenceCanonicalForm(text: string, parsed: JsonObject): boolean {
  return sortedCompactJsonOfNode(parsed, 'utf8') === text;
}
