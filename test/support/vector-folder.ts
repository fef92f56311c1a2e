import { fileURLToPath } from 'node:url';

/** Where a kind's golden vectors are committed: src/core/<kind>/vectors, as a path. */
export function vectorFolder(
  kind: 'receipt' | 'workflow' | 'chain' | 'anchor' | 'vector-set',
): string {
  return fileURLToPath(new URL(`../../src/core/${kind}/vectors`, import.meta.url));
}
