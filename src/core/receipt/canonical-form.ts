import { compareCodePoints, sortedCompactJsonOfNode } from '../encoding/sorted-json';
import type { JsonObject } from '../json/ast';

/** Whether payload text is exactly key-sorted compact JSON with literal UTF-8 (the producer's form). */
export function isReferenceCanonicalForm(text: string, parsed: JsonObject): boolean {
  // `parsed` is this text parsed: if the text is the sorted form, its members come in strictly
  // ascending order. When they do not, say so without writing the sorted form out.
  const values = parsed.memberValues;
  for (let i = 1; i < values.length; i++)
    if (compareCodePoints(values[i - 1]!.key as string, values[i]!.key as string) >= 0)
      return false;
  return sortedCompactJsonOfNode(parsed, 'utf8') === text;
}
