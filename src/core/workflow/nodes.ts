import type { JsonValue } from '../json/ast';

/** Whether `node` is `ancestor` or sits inside it. */
export function isInsideNode(node: JsonValue, ancestor: JsonValue): boolean {
  for (let n: JsonValue | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}
